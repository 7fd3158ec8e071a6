import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { SubscriberQueue } from '../../../src/resolvers/live-queue.ts';

describe('SubscriberQueue', () => {
  it('delivers in order to a waiting or a late reader', async () => {
    const q = new SubscriberQueue<number>(5, () => {});
    const waiting = q.next();
    q.push(1);
    q.push(2);
    expect(await waiting).toEqual({ value: 1, done: false });
    expect(await q.next()).toEqual({ value: 2, done: false });
  });

  it('ends a reader more than `max` behind with one error, drops its buffer, releases once', async () => {
    let released = 0;
    const q = new SubscriberQueue<number>(2, () => released++);
    for (let i = 0; i < 10; i++) q.push(i);
    expect(q.size).toBe(1);
    const end = await q.next();
    expect(end.value).toBeInstanceOf(Error);
    expect((end.value as { extensions: unknown }).extensions).toEqual({
      code: 'RATE_LIMITED',
      reason: 'SLOW_CONSUMER',
    });
    expect(await q.next()).toEqual({ value: undefined, done: true });
    await q.return();
    expect(released).toBe(1);
  });

  it('fail() delivers what is buffered, then the error, then the end; releases once', async () => {
    let released = 0;
    let slow = 0;
    const q = new SubscriberQueue<number>(
      5,
      () => released++,
      () => slow++,
    );
    expect(q.push(1)).toBe(true);
    q.fail(new GraphQLError('gone'));
    expect(q.push(2)).toBe(false);
    expect(await q.next()).toEqual({ value: 1, done: false });
    expect((await q.next()).value).toHaveProperty('message', 'gone');
    expect(await q.next()).toEqual({ value: undefined, done: true });
    expect([released, slow]).toEqual([1, 0]);
    // A pending reader gets the error at once.
    const r = new SubscriberQueue<number>(5, () => {});
    const pending = r.next();
    r.fail(new GraphQLError('now'));
    expect((await pending).value).toHaveProperty('message', 'now');
    expect(await r.next()).toEqual({ value: undefined, done: true });
  });

  it('counts a slow-consumer end through its hook', () => {
    let slow = 0;
    const q = new SubscriberQueue<number>(
      1,
      () => {},
      () => slow++,
    );
    expect(q.push(1)).toBe(true);
    expect(q.push(2)).toBe(false);
    expect(slow).toBe(1);
  });

  it('return() ends a pending read and releases', async () => {
    let released = 0;
    const q = new SubscriberQueue<number>(2, () => released++);
    const pending = q.next();
    await q.return();
    expect(await pending).toEqual({ value: undefined, done: true });
    q.push(1);
    expect(await q.next()).toEqual({ value: undefined, done: true });
    expect(released).toBe(1);
  });
});

describe('SubscriberQueue.end', () => {
  it('delivers what is buffered, then completes', async () => {
    let released = 0;
    const q = new SubscriberQueue<number>(5, () => released++);
    q.push(1);
    q.end();
    q.push(2);
    expect(await q.next()).toEqual({ value: 1, done: false });
    expect(await q.next()).toEqual({ value: undefined, done: true });
    expect(released).toBe(1);
  });
});
