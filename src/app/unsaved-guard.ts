/**
 * The one unsaved-changes guard (issue 10, "Unsaved work"): driven by an editor machine's own dirty state, it
 * asks before that work is lost by any navigation (a menu link, Back, choosing another record in a list,
 * closing a drawer that lives in the URL) and before a reload or closing the tab (beforeunload). Signing out
 * is never stopped: the session has already ended. Render `<UnsavedChangesDialog {...guard.dialog} />`.
 * A loss that is not a navigation (switching the provider a screen edits) goes through `guard.leave(go)`:
 * it asks the same question while there is something unsaved, and runs `go` at once otherwise.
 */
import { useBlocker, type ParsedLocation } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';

type Location = Pick<ParsedLocation, 'pathname' | 'search'>;

export interface UnsavedGuardOptions {
  /** Whether a navigation keeps this editor open (default: only one to the same path and search). */
  stays?(current: Location, next: Location): boolean;
}

const sameLocation = (current: Location, next: Location) =>
  current.pathname === next.pathname && JSON.stringify(current.search) === JSON.stringify(next.search);

export function useUnsavedGuard(dirty: boolean, options: UnsavedGuardOptions = {}) {
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
