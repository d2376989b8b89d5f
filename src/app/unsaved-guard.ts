/**
 * The one unsaved-changes guard (issue 10, "Unsaved work"): driven by an editor machine's own dirty state, it
 * asks before that work is lost by any navigation (a menu link, Back, choosing another record in a list,
 * closing a drawer that lives in the URL) and before a reload or closing the tab (beforeunload). Signing out
 * is never stopped: the session has already ended. Render `<UnsavedChangesDialog {...guard.dialog} />`.
 * A loss that is not a navigation (switching the provider a screen edits) goes through `guard.leave(go)`:
 * it asks the same question while there is something unsaved, and runs `go` at once otherwise.
 *
 * A page with several editors (the provider profile: details, services, selections) wraps them in one
 * scope (`useUnsavedScope`, rendered by `UnsavedScope` in src/screens/shared/unsaved-scope.tsx): each editor's
 * guard then reports to it, and the page asks once for all of them, before a navigation or a `leave`.
 */
import { useBlocker, type ParsedLocation } from '@tanstack/react-router';
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState } from 'react';

type Location = Pick<ParsedLocation, 'pathname' | 'search'>;

export interface UnsavedGuardOptions {
  /** Whether a navigation keeps this editor open (default: only one to the same path and search). */
  stays?(current: Location, next: Location): boolean;
  /** The question in the editor's own words, asked by an enclosing scope when this editor alone is unsaved. */
  message?: string | undefined;
}

interface UnsavedEntry {
  dirty: boolean;
  message?: string | undefined;
}

interface UnsavedScopeValue {
  report(id: string, entry: UnsavedEntry | null): void;
  leave(go: () => void): void;
}

const UnsavedScopeContext = createContext<UnsavedScopeValue | null>(null);
export const UnsavedScopeProvider = UnsavedScopeContext.Provider;

const CLOSED_DIALOG = { open: false, onDiscard: () => undefined, onStay: () => undefined };

const sameLocation = (current: Location, next: Location) =>
  current.pathname === next.pathname && JSON.stringify(current.search) === JSON.stringify(next.search);

export function useUnsavedGuard(dirty: boolean, options: UnsavedGuardOptions = {}) {
  const scope = useContext(UnsavedScopeContext);
  const id = useId();
  const { message } = options;
  useEffect(() => {
    scope?.report(id, { dirty, message });
  }, [scope, id, dirty, message]);
  useEffect(() => () => scope?.report(id, null), [scope, id]);
  const own = useGuard(scope ? false : dirty, options);
  return scope ? { leave: scope.leave, dialog: CLOSED_DIALOG } : own;
}

/** One question for every editor inside: what `UnsavedScope` renders (its `dialog` and `value`). */
export function useUnsavedScope(options: UnsavedGuardOptions = {}) {
  const [entries, setEntries] = useState<ReadonlyMap<string, UnsavedEntry>>(new Map());
  const report = useCallback((id: string, entry: UnsavedEntry | null) => {
    setEntries((previous) => {
      const same = previous.get(id);
      if (entry && same && same.dirty === entry.dirty && same.message === entry.message) return previous;
      if (!entry && !same) return previous;
      const next = new Map(previous);
      if (entry) next.set(id, entry);
      else next.delete(id);
      return next;
    });
  }, []);
  const unsaved = [...entries.values()].filter((entry) => entry.dirty);
  const guard = useGuard(unsaved.length > 0, options);
  const value = useMemo(() => ({ report, leave: guard.leave }), [report, guard.leave]);
  const message = unsaved.length === 1 ? unsaved[0]?.message : undefined;
  return { value, dialog: { ...guard.dialog, message } };
}

function useGuard(dirty: boolean, options: UnsavedGuardOptions) {
  const dirtyRef = useRef(dirty);
  const staysRef = useRef(options.stays ?? sameLocation);
  useEffect(() => {
    dirtyRef.current = dirty;
    staysRef.current = options.stays ?? sameLocation;
  });
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) =>
      dirtyRef.current && next.pathname !== '/login' && !staysRef.current(current, next),
    enableBeforeUnload: () => dirtyRef.current,
    withResolver: true,
  });
  const [pending, setPending] = useState<{ go: () => void } | null>(null);
  const leave = useCallback((go: () => void) => {
    if (dirtyRef.current) setPending({ go });
    else go();
  }, []);
  return {
    leave,
    dialog: {
      open: blocker.status === 'blocked' || pending !== null,
      onDiscard: () => {
        if (pending) {
          setPending(null);
          pending.go();
        } else blocker.proceed?.();
      },
      onStay: () => {
        setPending(null);
        blocker.reset?.();
      },
    },
  };
}
