/**
 * The process's open-file limit (the soft `RLIMIT_NOFILE`), from which the gateway derives
 * its public connection cap: every connection is a file descriptor, and a process that runs
 * out of them cannot accept its probes, reach its upstream or write its logs. Node has no
 * getrlimit; Linux publishes the limits in /proc/self/limits. Elsewhere: undefined.
 */
import { readFileSync } from 'node:fs';

const LINE = /^Max open files\s+(\d+|unlimited)\s+(\d+|unlimited)/m;

/** The soft open-file limit, or undefined when unknown or unlimited. */
export function openFileLimit(source = '/proc/self/limits'): number | undefined {
  let text: string;
  try {
    text = readFileSync(source, 'utf8');
  } catch {
    return undefined;
  }
  const soft = LINE.exec(text)?.[1];
  return soft === undefined || soft === 'unlimited' ? undefined : Number(soft);
}
