/**
 * Toasts without putting the toast machinery in the first load: the toaster module is fetched on the first
 * notice, and <ToasterHost/> mounts it from then on.
 */
import type * as ToasterModule from './toaster';
import { createElement, lazy, Suspense, useSyncExternalStore, type ReactElement } from 'react';

export type NoticeType = 'success' | 'error' | 'info' | 'loading';

/** A button in the toast (e.g. Undo): pressing it runs `onClick` and takes the toast away. */
export interface NoticeAction {
  label: string;
  onClick(): void;
}

let toasterModule: Promise<typeof ToasterModule> | undefined;
let requested = false;
const listeners = new Set<() => void>();

function loadToaster() {
  if (!toasterModule) {
    toasterModule = import('./toaster');
    requested = true;
    for (const listener of listeners) listener();
  }
  return toasterModule;
}

/** Shows a toast, with an action button when one is given (e.g. Undo); returns its id once shown. */
export async function notify(
  type: NoticeType,
  title: string,
  duration?: number,
  action?: NoticeAction,
): Promise<string> {
  const { toaster, durationOf } = await loadToaster();
  return toaster.create({
    type,
    title,
    duration: durationOf(type, duration, action !== undefined),
    ...(action ? { action } : {}),
  });
}

/** Replaces a toast (e.g. 'Uploading Image...' → 'Successfully Uploaded Image'). */
export async function updateNotice(id: string, type: NoticeType, title: string, duration?: number) {
  const { toaster, durationOf } = await loadToaster();
  toaster.update(id, { type, title, duration: durationOf(type, duration) });
}

const LazyToaster = lazy(() => loadToaster().then((m) => ({ default: m.Toaster })));

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function ToasterHost(): ReactElement | null {
  const show = useSyncExternalStore(subscribe, () => requested);
  return show ? createElement(Suspense, { fallback: null }, createElement(LazyToaster)) : null;
}

/**
 * Takes a toast away (e.g. 'Uploading Image...' when the upload failed, which shows no message). It is
 * removed from the store, not only told to leave: a toast dismissed before the toaster has mounted (the
 * first notice of a visit, while its module still loads) would otherwise come back when it mounts, and a
 * loading toast has no timeout to end it.
 */
export async function dismissNotice(id: string) {
  const { toaster } = await loadToaster();
  toaster.remove(id);
}
