/**
 * Who follows which market topic, by topic name: a push is serialized once and sent to each
 * follower (each send is bounded by the connection's backpressure limit). The first follower
 * of a topic and the last one leaving are told, to start and stop the topic's work.
 */
import type { StreamConnection } from './connection.ts';
import type { MarketTopicRef } from './market-topics.ts';

interface Followed {
  ref: MarketTopicRef;
  followers: Set<StreamConnection>;
}

export interface TopicLifecycle {
  first(name: string, ref: MarketTopicRef): void;
  last(name: string, ref: MarketTopicRef): void;
}

export class MarketSubscribers {
  private readonly topics = new Map<string, Followed>();

  constructor(private readonly lifecycle: TopicLifecycle) {}

  add(connection: StreamConnection, name: string, ref: MarketTopicRef): void {
    let entry = this.topics.get(name);
    if (!entry) {
      entry = { ref, followers: new Set() };
      this.topics.set(name, entry);
    }
    const isFirst = entry.followers.size === 0;
    entry.followers.add(connection);
    if (isFirst) this.lifecycle.first(name, ref);
  }

  remove(connection: StreamConnection, name: string): void {
    const entry = this.topics.get(name);
    if (!entry?.followers.delete(connection) || entry.followers.size > 0) return;
    this.topics.delete(name);
    this.lifecycle.last(name, entry.ref);
  }

  /** Every market topic of a connection that went away. */
  removeAll(connection: StreamConnection): void {
    for (const name of connection.topics.keys()) this.remove(connection, name);
  }

  has(name: string): boolean {
    return this.topics.has(name);
  }

  get size(): number {
    return this.topics.size;
  }

  /** Sends `{topic, ts, data}` to every follower of `name`; false when it has none. */
  push(name: string, ts: number, data: unknown): boolean {
    const entry = this.topics.get(name);
    if (!entry) return false;
    const text = JSON.stringify({ topic: name, ts, data });
    for (const connection of entry.followers) connection.sendText(text);
    return true;
  }
}
