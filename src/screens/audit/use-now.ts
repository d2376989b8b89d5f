import { useEffect, useState } from 'react';
import { nowMs } from '../../app/clock';

/** "Now", moved on every half minute, so "3 min ago" stays true while the page is open. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(nowMs);
  useEffect(() => {
    const timer = setInterval(() => setNow(nowMs()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
