import type { MouseEvent } from 'react';

/**
 * A link's click that opens its page inside the console (`onOpen`, the router's navigation) instead of
 * loading it again; a click with a modifier key or another button keeps the browser's own behaviour (a new
 * tab or window).
 */
export const openInConsole = (href: string, onOpen: (href: string) => void) => (event: MouseEvent) => {
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
  event.preventDefault();
  onOpen(href);
};
