/**
 * One interval timer per periodic topic, running only while the topic has subscribers: the
 * stream costs nothing for topics nobody follows. Timers are unref'd (they never keep the
 * process alive) and all stop on close.
 */
export class TopicTimers {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  /** Starts `tick` every `everyMs` for `name` unless it already runs. */
  start(name: string, everyMs: number, tick: () => void): void {
    if (this.timers.has(name)) return;
    const timer = setInterval(tick, everyMs);
    timer.unref();
    this.timers.set(name, timer);
  }

  stop(name: string): void {
    const timer = this.timers.get(name);
    if (timer === undefined) return;
    clearInterval(timer);
    this.timers.delete(name);
  }

  /** Names of the running timers (tests check that idle topics stop theirs). */
  running(): string[] {
    return [...this.timers.keys()];
  }

  close(): void {
    for (const timer of this.timers.values()) clearInterval(timer);
    this.timers.clear();
  }
}
