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

describe('SubscriberQueue taker (direct lane)', () => {
  const takerOf = (accept: (v: unknown) => boolean = () => true) => {
    const log: unknown[] = [];
    let woken = 0;
    return {
      log,
      woken: () => woken,
      take: (v: unknown) => {
        if (!accept(v)) return false;
        log.push(v);
        return true;
      },
      wake: () => {
        woken++;
      },
    };
  };

  it('hands what is queued over first, then each value as it is pushed', () => {
    const q = new SubscriberQueue<number>(5, () => {});
    q.push(1);
    const t = takerOf();
    q.attach(t);
    q.push(2);
    expect(t.log).toEqual([1, 2]);
    expect(q.size).toBe(0);
  });

  it('leaves a refused value to next(), in order, and wakes the consumer once', async () => {
    const q = new SubscriberQueue<number>(5, () => {});
    const t = takerOf((v) => v !== 2);
    q.attach(t);
    q.push(1);
    q.push(2);
    q.push(3);
    expect(t.log).toEqual([1]);
    expect(t.woken()).toBe(1);
    expect(await q.next()).toEqual({ value: 2, done: false });
    expect(await q.next()).toEqual({ value: 3, done: false });
  });

  it('queues while detached (bounded: a slow consumer still ends) and wakes on reattach', async () => {
    let released = 0;
    const q = new SubscriberQueue<number>(2, () => released++);
    const t = takerOf((v) => !(v instanceof Error));
    q.attach(t);
    q.push(1);
    q.detach();
    for (let i = 2; i < 10; i++) q.push(i);
    expect(released).toBe(1);
    q.attach(t);
    expect(t.log).toEqual([1]);
    expect(t.woken()).toBe(1);
    const end = await q.next();
    expect((end.value as GraphQLError).extensions).toMatchObject({ reason: 'SLOW_CONSUMER' });
    expect(await q.next()).toEqual({ value: undefined, done: true });
  });

  it('wakes the consumer on fail() and end(); return() detaches without waking', async () => {
    const failed = new SubscriberQueue<number>(5, () => {});
    const a = takerOf();
    failed.attach(a);
    failed.fail(new GraphQLError('gone'));
    expect(a.woken()).toBe(1);
    expect((await failed.next()).value).toBeInstanceOf(GraphQLError);

    const ended = new SubscriberQueue<number>(5, () => {});
    const b = takerOf();
    ended.attach(b);
    ended.end();
    expect(b.woken()).toBe(1);
    expect(await ended.next()).toEqual({ value: undefined, done: true });

    const left = new SubscriberQueue<number>(5, () => {});
    const c = takerOf();
    left.attach(c);
    await left.return();
    left.push(1);
    expect(c.woken()).toBe(0);
    expect(c.log).toEqual([]);
  });

  it('unshift() puts a taken value back in front', async () => {
    const q = new SubscriberQueue<number>(5, () => {});
    q.push(2);
    q.unshift(1);
    expect(await q.next()).toEqual({ value: 1, done: false });
    expect(await q.next()).toEqual({ value: 2, done: false });
  });
});

describe('SubscriberQueue.whenRoom (a replay keeps within the bound)', () => {
  it('resolves at once with room, else once a reader took enough or the queue ended', async () => {
    const q = new SubscriberQueue<number>(10, () => {});
    for (let i = 0; i < 6; i++) q.push(i);
    await q.whenRoom(6);
    let roomy = false;
    const waiting = q.whenRoom(3).then(() => {
      roomy = true;
    });
    await q.next();
    await q.next();
    await Promise.resolve();
    expect(roomy).toBe(false);
    await q.next();
    await waiting;
    expect(q.size).toBe(3);
    const ended = q.whenRoom(0);
    await q.return();
    await ended;
    expect(q.isEnded).toBe(true);
  });
});
