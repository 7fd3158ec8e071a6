/** One readiness check, cut off after its timeout: a hung dependency counts as down. */

/** A dependency check: true when it answers well. */
export type ReadinessCheck = () => Promise<boolean>;

export async function runCheck(check: ReadinessCheck, timeoutMs: number): Promise<'ok' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return (await Promise.race([check().catch(() => false), timeout])) ? 'ok' : 'down';
  } finally {
    clearTimeout(timer);
  }
}
