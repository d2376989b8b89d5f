import { Stack } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../api/client';
import type { Bundle } from '../../api/contract/bundle';
import type { ServiceCategory } from '../../api/contract/service-category';
import { useFlow } from '../../app/flow';
import { useUnsavedGuard } from '../../app/unsaved-guard';
import { bundleQueries } from '../../api/catalogue/bundles.queries';
import { serviceCategoryQueries } from '../../api/catalogue/service-categories.queries';
import type { SubCategoryGroup } from '../../domain/catalogue/catalogue';
import { CATALOGUE_MESSAGES } from '../../domain/shared/messages';
import { createBundleEditorActors } from '../../machines/catalogue/bundle-editor.actors';
import { bundleEditorMachine } from '../../machines/catalogue/bundle-editor.machine';
import { createServiceItemsActors } from '../../machines/catalogue/service-items.actors';
import { serviceItemsMachine } from '../../machines/catalogue/service-items.machine';
import { bundleEditorView } from '../../machines/catalogue/bundle-editor.view';
import { serviceItemsView } from '../../machines/catalogue/service-items.view';
import { BundleList } from '../../ui/catalogue/BundleList';
import { ConfirmDialog } from '../../ui/kit/ConfirmDialog';
import { staleNoticeProps, type StaleNoticeProps } from '../../ui/kit/StaleNotice';
import { UnsavedChangesDialog } from '../../ui/kit/UnsavedChangesDialog';
import { ServiceItemList } from '../../ui/catalogue/ServiceItemList';
import type { AuditRecordType } from '../../domain/audit/audit';
import { ChangedBy } from '../audit/ChangedBy';
import { ImageUpload } from './services-upload';

/** The stale notice of the one row (service item or bundle) whose save was refused as stale. */
function staleRow<K>(
  stale: { key: K; stale: boolean; reloading: boolean; staleMessage: string } | null,
  send: (event: { type: 'stale.reload' } | { type: 'stale.dismiss' }) => void,
): { key: K; notice: StaleNoticeProps } | null {
  const notice = stale && staleNoticeProps(stale, send);
  return stale && notice ? { key: stale.key, notice } : null;
}

export interface ServiceCategoryEditorProps {
  api: ApiClient;
  apiUrl: string;
  category: ServiceCategory;
  /** Every category, for the items a bundle may hold. */
  categories: ServiceCategory[];
  /** This category's bundles. */
  bundles: Bundle[];
  tab: SubCategoryGroup;
  /** Whether / without a category in the URL shows this one (the first). */
  isDefault: boolean;
  onTabChange(tab: SubCategoryGroup): void;
}

/**
 * One category's items and bundles, each run by its machine. Mounted per category (keyed by id), so its
 * drafts and edits belong to that category; leaving it with unsaved work asks first.
 */
export function ServiceCategoryEditor(props: ServiceCategoryEditorProps) {
  const { api, category } = props;
  const queryClient = useQueryClient();

  const [itemActors] = useState(() => createServiceItemsActors(api));
  const [itemsSnapshot, sendItems, itemsActor] = useFlow(serviceItemsMachine, {
    actors: itemActors,
    input: { categoryId: category.id, categoryName: category.name, items: category.serviceItems },
  });
  const [bundleActors] = useState(() => createBundleEditorActors(api));
  const [bundleSnapshot, sendBundles, bundleActor] = useFlow(bundleEditorMachine, {
    actors: bundleActors,
    input: { categoryId: category.id, bundles: props.bundles },
  });

  // The shared cache kept in step with what was saved (the sidebar counts, the bundle picker).
  useEffect(() => {
    const subscriptions = [
      itemsActor.on('items.saved', (event) => {
        queryClient.setQueryData<ServiceCategory[]>(serviceCategoryQueries.all, (old) =>
          old?.map((entry) =>
            entry.id === event.categoryId ? { ...entry, serviceItems: event.items } : entry,
          ),
        );
      }),
      bundleActor.on('bundles.saved', (event) => {
        queryClient.setQueryData<Bundle[]>(bundleQueries.all, (old) =>
          [
            ...(old ?? []).filter((bundle) => bundle.serviceCategoryId !== event.categoryId),
            ...event.bundles,
          ].sort((a, b) => a.id - b.id),
        );
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [itemsActor, bundleActor, queryClient]);

  const view = serviceItemsView(itemsSnapshot, props.tab);
  const bundlesView = bundleEditorView(bundleSnapshot);
  const unsaved = view.unsaved || bundlesView.unsaved;

  // Leaving this category (another category, another screen) with unsaved work asks first; switching tabs
  // does not leave.
  const guard = useUnsavedGuard(unsaved, {
    stays: (_current, next) => {
      const onServices = next.pathname === '/services' || next.pathname === '/';
      const nextCategory = (next.search as { category?: number }).category;
      return onServices && (nextCategory === undefined ? props.isDefault : nextCategory === category.id);
    },
  });

  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  // "Changed by … 3 min ago" (the screen is the admin's); a saved version read again after each save.
  const changedBy = (recordType: AuditRecordType, id: number, version: number | null) => (
    <ChangedBy api={api} recordType={recordType} recordId={id} version={version} isAdmin compact />
  );
  const versionOf = (records: readonly { id: number; version: number }[], id: number | null) =>
    records.find((record) => record.id === id)?.version ?? null;

  const itemGroups = [category, ...props.categories.filter((entry) => entry.id !== category.id)].map(
    (entry) => ({
      categoryName: entry.name,
      items: entry.serviceItems.map((item) => ({ id: item.id, name: item.name })),
    }),
  );

  return (
    <Stack gap="6">
      <ServiceItemList
        categoryName={category.name}
        tabs={view.tabs}
        tab={view.tab}
        rows={view.rows}
        count={view.count}
        drafts={view.drafts}
        busy={view.busy}
        canSaveOrder={view.canSaveOrder}
        expanded={expanded}
        onToggle={toggle}
        onTabChange={props.onTabChange}
        onAdd={() => sendItems({ type: 'item.add', tab: view.tab ?? 'Botox' })}
        onChange={(key, field, value) => sendItems({ type: 'item.change', key, field, value })}
        onSave={(key) => sendItems({ type: 'item.save', key })}
        onDiscard={(key) => sendItems({ type: 'item.discard', key })}
        onDelete={(key) => sendItems({ type: 'item.delete', key })}
        onMove={(key, toIndex) => sendItems({ type: 'item.move', key, toIndex })}
        onMoveBy={(key, offset) => sendItems({ type: 'item.moveBy', key, offset })}
        onSaveOrder={() => sendItems({ type: 'order.save' })}
        stale={staleRow(view.stale, sendItems)}
        changedBy={changedBy('service-category', category.id, null)}
        renderChangedBy={(row) =>
          row.id !== null && changedBy('service-item', row.id, versionOf(category.serviceItems, row.id))
        }
        renderUnitsIcon={(row) => (
          <ImageUpload
            api={api}
            apiUrl={props.apiUrl}
            label="Units descriptor icon"
            path={row.form.unitsDescriptorIconURL}
            onUploaded={(path) =>
              sendItems({ type: 'item.change', key: row.key, field: 'unitsDescriptorIconURL', value: path })
            }
          />
        )}
      />
      <BundleList
        categoryName={category.name}
        bundles={bundlesView.bundles}
        count={bundlesView.count}
        drafts={bundlesView.drafts}
        itemGroups={itemGroups}
        busy={bundlesView.busy}
        onAdd={() => sendBundles({ type: 'bundle.add' })}
        onRename={(key, name) => sendBundles({ type: 'bundle.rename', key, name })}
        onToggle={(key, itemId, included) =>
          sendBundles({ type: 'bundle.toggleItem', key, itemId, included })
        }
        onSave={(key) => sendBundles({ type: 'bundle.save', key })}
        onDiscard={(key) => sendBundles({ type: 'bundle.discard', key })}
        onDelete={(key) => sendBundles({ type: 'bundle.delete', key })}
        stale={staleRow(bundlesView.stale, sendBundles)}
        renderChangedBy={(bundle) =>
          bundle.id !== null && changedBy('bundle', bundle.id, versionOf(props.bundles, bundle.id))
        }
      />
      <ConfirmDialog
        open={view.confirmDelete !== null}
        title="Delete service item?"
        message={CATALOGUE_MESSAGES.confirmDeleteItem(view.confirmDelete?.name ?? '')}
        confirmLabel="Delete"
        destructive
        onConfirm={() => sendItems({ type: 'delete.confirm' })}
        onCancel={() => sendItems({ type: 'delete.cancel' })}
      />
      <ConfirmDialog
        open={bundlesView.confirmDelete !== null}
        title="Delete bundle?"
        message={CATALOGUE_MESSAGES.confirmDeleteBundle(bundlesView.confirmDelete?.name ?? '')}
        confirmLabel="Delete"
        destructive
        onConfirm={() => sendBundles({ type: 'delete.confirm' })}
        onCancel={() => sendBundles({ type: 'delete.cancel' })}
      />
      <UnsavedChangesDialog {...guard.dialog} message={CATALOGUE_MESSAGES.confirmLeave} />
    </Stack>
  );
}
