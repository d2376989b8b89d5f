import { useEffect, useState, type RefObject } from 'react';
import type { PageSection } from '../../ui/kit/SectionMenu';

/**
 * The sections a page shows, read from what it draws: every `section` inside the container labelled by its
 * heading (`aria-labelledby`), in page order, kept up to date as sections load or leave (a provider's
 * Services differ by strategy, admins see more). The menu then never lists a section that is not there.
 */
export function usePageSections(container: RefObject<HTMLElement | null>): PageSection[] {
  const [sections, setSections] = useState<PageSection[]>([]);
  useEffect(() => {
    const root = container.current;
    if (!root) return undefined;
    const read = () => {
      const found: PageSection[] = [];
      for (const section of root.querySelectorAll('section[aria-labelledby]')) {
        // Only the page's own sections, not one nested in another.
        if (section.parentElement?.closest('section[aria-labelledby]')) continue;
        const id = section.getAttribute('aria-labelledby') ?? '';
        // A section whose heading changes with what it shows (a calendar's month) names itself for the menu.
        const label =
          section.getAttribute('data-menu-label') ?? document.getElementById(id)?.textContent?.trim();
        if (id && label) found.push({ id, label });
      }
      setSections((current) => (JSON.stringify(current) === JSON.stringify(found) ? current : found));
    };
    read();
    // Read at most once a frame, however busy the page's changes (a calendar month, a slot grid).
    let frame = 0;
    const observer = new MutationObserver(() => {
      if (frame === 0)
        frame = requestAnimationFrame(() => {
          frame = 0;
          read();
        });
    });
    observer.observe(root, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [container]);
  return sections;
}
