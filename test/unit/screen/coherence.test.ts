/** Book and orders agree: own resting orders shown in the book, levels left by orders fall. */
import { describe, expect, it } from 'vitest';
import { BookAgreement, bookShowsOrders } from '../../../src/screen/coherence.ts';
import { book, order } from './fixtures.ts';

const BOOK = book(
  [
    [99, 3],
    [98, 1],
  ],
  [
    [101, 2],
    [102, 1],
  ],
);

describe('bookShowsOrders', () => {
  it('holds when each own resting order is within its level', () => {
    const orders = [
      order({ price: 99, quantity: 2 }),
      order({ orderId: 2, price: 99, quantity: 1 }),
    ];
    expect(bookShowsOrders(BOOK, orders, 5)).toBe(true);
  });

  it('fails when the book shows less than the own orders at a price (one stream ahead)', () => {
    expect(bookShowsOrders(BOOK, [order({ price: 99, quantity: 4 })], 5)).toBe(false);
    expect(bookShowsOrders(BOOK, [order({ price: 98.5, quantity: 1 })], 5)).toBe(false);
    expect(bookShowsOrders(BOOK, [order({ side: 'SELL', price: 101.5 })], 5)).toBe(false);
    // A marketable bid (above the best ask) is not in any book: its fill is on its way.
    expect(bookShowsOrders(BOOK, [order({ price: 101 })], 5)).toBe(false);
  });

  it('counts only what rests: the executed part, hidden, final and priceless orders are left out', () => {
    expect(bookShowsOrders(BOOK, [order({ price: 99, quantity: 5, executedQuantity: 2 })], 5)).toBe(
      true,
    );
    expect(bookShowsOrders(BOOK, [order({ price: 97.5, visible: false })], 5)).toBe(true);
    expect(bookShowsOrders(BOOK, [order({ price: 97.5, status: 'PENDING_NEW' })], 5)).toBe(true);
    expect(bookShowsOrders(BOOK, [order({ type: 'MARKET', price: null })], 5)).toBe(true);
  });

  it('checks only the levels shown: a price past the last level of a full side is not in the frame', () => {
    expect(bookShowsOrders(BOOK, [order({ price: 97 })], 2)).toBe(true);
    expect(bookShowsOrders(BOOK, [order({ price: 97 })], 3)).toBe(false);
    expect(bookShowsOrders(BOOK, [order({ side: 'SELL', price: 103 })], 2)).toBe(true);
  });
});

describe('BookAgreement', () => {
  it('waits for a level to fall by what a cancelled order held there', () => {
    const a = new BookAgreement(5, 1_000);
    const resting = order({ price: 99, quantity: 2 });
    a.orderLeaving(resting, undefined, [resting], BOOK, 0);
    expect(a.agrees(BOOK, [], 10)).toBe(false);
    const fell = book([[99, 1]], [[101, 2]]);
    expect(a.agrees(fell, [], 20)).toBe(true);
  });

  it('asks nothing when the book dropped the order first (it showed less than the own orders)', () => {
    const a = new BookAgreement(5, 1_000);
    const resting = order({ price: 99, quantity: 4 });
    a.orderLeaving(resting, undefined, [resting], BOOK, 0);
    expect(a.agrees(BOOK, [], 10)).toBe(true);
  });

  it('expects the filled part only, and nothing for an edit that keeps the price and grows', () => {
    const a = new BookAgreement(5, 1_000);
    const resting = order({ price: 99, quantity: 2 });
    a.orderLeaving(
      resting,
      order({ price: 99, quantity: 2, executedQuantity: 0.5 }),
      [resting],
      BOOK,
      0,
    );
    expect(a.agrees(book([[99, 2.75]], []), [resting], 1)).toBe(false);
    expect(a.agrees(book([[99, 2.5]], []), [resting], 2)).toBe(true);
    a.orderLeaving(resting, order({ price: 99, quantity: 3 }), [resting], BOOK, 3);
    expect(a.agrees(BOOK, [], 4)).toBe(true);
  });

  it('gives a level that never falls up after three holds', () => {
    const a = new BookAgreement(5, 100);
    const resting = order({ price: 99, quantity: 1 });
    a.orderLeaving(resting, undefined, [resting], BOOK, 0);
    expect(a.agrees(BOOK, [], 299)).toBe(false);
    expect(a.agrees(BOOK, [], 300)).toBe(true);
  });
});
