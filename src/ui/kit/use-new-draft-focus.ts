import { useEffect, useRef } from 'react';

/**
 * Brings a newly added draft into view with its first field focused (a draft may be added below the fold).
 * `rows` are the list's rows in order; put each row's element in the returned map under its key.
 */
export function useNewDraftFocus(rows: readonly { key: string; isNew: boolean }[], field = 'input') {
  const elements = useRef(new Map<string, HTMLElement>());
  const draftKeys = useRef<Set<string> | null>(null);
  useEffect(() => {
    const drafts = rows.filter((row) => row.isNew).map((row) => row.key);
    const known = draftKeys.current;
    draftKeys.current = new Set(drafts);
    if (known === null) return;
    const added = drafts.filter((key) => !known.has(key)).at(-1);
    if (!added) return;
    const element = elements.current.get(added);
    element?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    element?.querySelector<HTMLInputElement>(field)?.focus({ preventScroll: true });
  }, [rows, field]);
  /** The ref callback of a row's element. */
  return (key: string) => (element: HTMLElement | null) => {
    if (element) elements.current.set(key, element);
    else elements.current.delete(key);
  };
}
