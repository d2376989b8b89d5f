/** What inside a section takes the focus when a link leads to it: its first control. */
const FOCUSABLE =
  'input:not([type="hidden"]):not([tabindex="-1"]), button:not([disabled]), select, textarea, a[href], [tabindex]:not([tabindex="-1"])';

/**
 * Brings the element with this id into view and focuses it, or its first control when it is a section (a
 * checklist item's link to the cover upload focuses "Choose cover image"). False when there is no such element.
 */
export function focusSection(id: string): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  element.scrollIntoView({ block: 'start' });
  const target = element.matches(FOCUSABLE) ? element : element.querySelector<HTMLElement>(FOCUSABLE);
  (target ?? element).focus({ preventScroll: true });
  return true;
}
