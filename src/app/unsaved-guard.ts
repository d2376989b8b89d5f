/**
 * The one unsaved-changes guard (issue 10, "Unsaved work"): driven by an editor machine's own dirty state, it
 * asks before that work is lost by any navigation (a menu link, Back, choosing another record in a list,
 * closing a drawer that lives in the URL) and before a reload or closing the tab (beforeunload). Signing out
 * is never stopped: the session has already ended. Render `<UnsavedChangesDialog {...guard.dialog} />`.
 */
import { useBlocker, type ParsedLocation } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';

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
  return {
    dialog: {
      open: blocker.status === 'blocked',
      onDiscard: () => blocker.proceed?.(),
      onStay: () => blocker.reset?.(),
    },
  };
}
