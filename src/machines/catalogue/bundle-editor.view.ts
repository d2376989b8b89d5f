/**
 * What the services screen shows of a category's bundles, from the bundle-editor snapshot: each bundle
 * with its state, the saved count and the drafts apart, what may be pressed, and whether leaving would lose
 * something. Components read this and never re-implement a guard.
 */
import type { SnapshotFrom } from 'xstate';
import { bundleIsEdited, type bundleEditorMachine, type EditableBundle } from './bundle-editor.machine';
import { busyRowKey, staleView, type StaleView } from './service-items.view';

export interface BundleRow extends EditableBundle {
  /** A saved bundle whose name or items differ from what is saved (drafts are always unsaved). */
  edited: boolean;
  /** A request for this bundle is in flight. */
  busy: boolean;
}

export interface BundleEditorView {
  bundles: BundleRow[];
  /** Saved bundles; unsaved drafts are counted apart, in `drafts`. */
  count: number;
  drafts: number;
  busy: boolean;
  /** Leaving now would lose drafts or edits. */
  unsaved: boolean;
  confirmDelete: { key: string; name: string } | null;
  stale: StaleView | null;
}

export function bundleEditorView(snapshot: SnapshotFrom<typeof bundleEditorMachine>): BundleEditorView {
  const { bundles, saved, pending, deleteKey, staleKey } = snapshot.context;
  // While a stale save waits for Reload or Keep editing, nothing else is sent.
  const busy = snapshot.hasTag('busy') || snapshot.hasTag('stale');
  const busyKey = busyRowKey(snapshot, pending?.key ?? deleteKey, staleKey);
  const rows = bundles.map((bundle): BundleRow => ({
    ...bundle,
    edited: bundleIsEdited(bundle, bundle.id === null ? undefined : saved[bundle.id]),
    busy: busyKey === bundle.key,
  }));
  const deleting = deleteKey === null ? undefined : bundles.find((bundle) => bundle.key === deleteKey);
  return {
    bundles: rows,
    count: rows.filter((row) => !row.isNew).length,
    drafts: rows.filter((row) => row.isNew).length,
    busy,
    unsaved: rows.some((row) => row.edited),
    confirmDelete:
      snapshot.matches('confirmingDelete') && deleting
        ? { key: deleting.key, name: deleting.name || 'this bundle' }
        : null,
    stale: staleView(snapshot, staleKey),
  };
}
