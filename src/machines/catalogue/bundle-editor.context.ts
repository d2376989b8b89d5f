/** The bundle-editor chart's context helpers: saved bundles as editable rows, drafts, and settling a save. */
import type { Bundle } from '../../api/contract/bundle';
import { NEW_BUNDLE_NAME } from '../../domain/shared/constants';
import type { BundleEditorContext, EditableBundle } from './bundle-editor.machine';

export const savedBundleKey = (id: number) => `bundle-${id}`;

export function editable(bundle: Bundle): EditableBundle {
  return {
    key: savedBundleKey(bundle.id),
    id: bundle.id,
    isNew: false,
    name: bundle.name,
    itemIds: bundle.serviceItems.map((item) => item.id),
    errors: {},
  };
}

/** A new bundle as it starts (01 §9: named New Bundle, no items); it exists only here until Save. */
export function newDraft(count: number): EditableBundle {
  return { key: `draft-${count}`, id: null, isNew: true, name: NEW_BUNDLE_NAME, itemIds: [], errors: {} };
}

export const find = (context: BundleEditorContext, key: string) =>
  context.bundles.find((bundle) => bundle.key === key);

export const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length &&
  [...a].sort((x, y) => x - y).every((id, i) => id === [...b].sort((x, y) => x - y)[i]);

/** Whether a bundle's name or items differ from what is saved (a draft always does). */
export function bundleIsEdited(bundle: EditableBundle, saved: Bundle | undefined): boolean {
  if (bundle.isNew || !saved) return true;
  return (
    bundle.name !== saved.name ||
    !sameIds(
      bundle.itemIds,
      saved.serviceItems.map((item) => item.id),
    )
  );
}

/** The bundle a create or update is in flight for, as it was sent. */
export function readPending(context: BundleEditorContext) {
  const bundle = context.pending ? find(context, context.pending.key) : undefined;
  if (!bundle || !context.pending) throw new Error('no bundle is being saved');
  return { bundle, name: context.pending.name, itemIds: context.pending.itemIds };
}

/**
 * After a save answered: the saved bundle, unless its name or items changed while the request was out (then
 * what was typed stays, unsaved). A created draft keeps its key, so its form stays where it is.
 */
export function settle(context: BundleEditorContext, key: string, saved: Bundle): EditableBundle[] {
  const pending = context.pending;
  return context.bundles.map((bundle) => {
    if (bundle.key !== key) return bundle;
    const unchanged =
      pending !== null && bundle.name.trim() === pending.name && sameIds(bundle.itemIds, pending.itemIds);
    return unchanged ? { ...editable(saved), key } : { ...bundle, id: saved.id, isNew: false };
  });
}

/** The saved bundles in the order they were created. */
export const savedBundles = (saved: Record<number, Bundle>) =>
  Object.values(saved).sort((a, b) => a.id - b.id);
