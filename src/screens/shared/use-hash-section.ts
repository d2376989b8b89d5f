import { useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { focusSection } from '../../ui/kit/focus-section';

/**
 * A link with a section (/provider/profile#cover) opens the page at that section once it is on screen:
 * `ready` turns true when the page's content has loaded. Each address's section is brought into view once.
 */
export function useHashSection(ready: boolean) {
  const hash = useLocation({ select: (location) => location.hash });
  useEffect(() => {
    if (!ready || !hash) return;
    // After the frame that drew the section (and after the router restored the scroll position).
    const frame = requestAnimationFrame(() => focusSection(hash));
    return () => cancelAnimationFrame(frame);
  }, [ready, hash]);
}
