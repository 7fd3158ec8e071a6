import type { YogaLogger } from 'graphql-yoga';
import type { Logger } from './logger.ts';

/** Adapts a `Logger` to yoga's `logging` option (yoga logs masked errors through it). */
export function toYogaLogger(logger: Logger): YogaLogger {
  const adapt =
    (level: 'debug' | 'info' | 'warn' | 'error') =>
    (...args: unknown[]) => {
      const [first, ...rest] = args;
      if (first instanceof Error) logger[level]({ err: first, args: rest }, 'yoga');
      else if (typeof first === 'string') logger[level](rest.length ? { args: rest } : {}, first);
      else logger[level]({ args }, 'yoga');
    };
  return { debug: adapt('debug'), info: adapt('info'), warn: adapt('warn'), error: adapt('error') };
}
