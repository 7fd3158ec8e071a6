/** The wall clock, updated every `intervalMs` (the funding countdown). */
import { useEffect, useState } from 'preact/hooks';

export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
