/**
 * ISO time of a line. Lines under load fall in the same second: the date and time up to the
 * second are formatted once per second and the milliseconds appended (`toISOString` per line
 * was about a sixth of the access log's cost). Years 0–9999 only (toISOString's plain form).
 */
let lastTimeMs = Number.NaN;
let lastTime = '';
let secondStart = Number.NaN;
let secondPrefix = '';
export function isoTime(ms: number): string {
  if (ms === lastTimeMs) return lastTime;
  const second = ms - (((ms % 1000) + 1000) % 1000);
  if (second !== secondStart || !(ms >= 0 && ms < 253402300800000)) {
    const full = new Date(ms).toISOString();
    lastTimeMs = ms;
    lastTime = full;
    if (full.length !== 24) return full;
    secondStart = second;
    secondPrefix = full.slice(0, 20);
    return full;
  }
  const millis = ms - second;
  lastTimeMs = ms;
  lastTime = `${secondPrefix}${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`;
  return lastTime;
}
