/**
 * The mapping rows chart's input, context, events and the pure work on its rows: which row a save or delete
 * is about, the body a save sends, what a saved answer does to the rows, and the next row a batch saves. The
 * chart is mapping-rows.machine.ts.
 */
import type {
  ExternalServiceItem,
  ProviderServiceItem,
  ProviderServiceItemInput,
  ProviderServiceItemUpdate,
} from '../../api/contract/provider-svc-item';
import {
  externalName,
  mappingTargetBody,
  rowCanSave,
  rowIsComplete,
  type MappingRow,
  type MappingSection,
  type MappingTarget,
} from '../../domain/mappings/mappings';
import type { ConfirmDeleteEvent } from '../shared/confirm-delete';

export interface MappingRowsInput {
  locationId: number;
  externalItems: ExternalServiceItem[];
  rows: MappingRow[];
}

/** A run of saves: none (one row's Save), every changed row (`rows.save`), or every one and then leave. */
export type MappingBatch = 'none' | 'save' | 'leave';

export interface MappingRowsContext extends MappingRowsInput {
  /** The next new row's key number. */
  nextKey: number;
  /** The row being saved, deleted or asked about. */
  pending: string | null;
  batch: MappingBatch;
  /** Rows created and updated since the last success notice (a batch says each once). */
  saved: { created: number; updated: number };
}

export type SaveMappingInput =
  { id: null; body: ProviderServiceItemInput } | { id: number; body: ProviderServiceItemUpdate };

export type MappingRowsEvent =
  /** A new row; a selection starts it with its target and the external item of the same name. */
  | { type: 'row.add'; section: MappingSection; externalId?: string; target?: MappingTarget | null }
  | { type: 'row.change'; key: string; externalId?: string; target?: MappingTarget | null }
  | { type: 'row.save'; key: string }
  | { type: 'row.delete'; key: string }
  | { type: 'rows.added'; rows: MappingRow[] }
  /** Save every row that has something to save, one after another. */
  | { type: 'rows.save' }
  /** The same, then leave (the wizard's Back and Get Started); refused while a row is incomplete. */
  | { type: 'rows.leave' }
  | ConfirmDeleteEvent;

export const startingContext = (input: MappingRowsInput): MappingRowsContext => ({
  ...input,
  nextKey: 1,
  pending: null,
  batch: 'none',
  saved: { created: 0, updated: 0 },
});

export const rowOf = (context: MappingRowsContext, key: string | null) =>
  context.rows.find((row) => row.key === key);

export const withoutPending = (context: MappingRowsContext) =>
  context.rows.filter((row) => row.key !== context.pending);

export const nameOfPending = (context: MappingRowsContext) =>
  externalName(context.externalItems, rowOf(context, context.pending)?.externalId ?? '');

export const firstSavable = (rows: readonly MappingRow[]) => rows.find(rowCanSave)?.key ?? null;

export const hasIncompleteRow = (rows: readonly MappingRow[]) => rows.some((row) => !rowIsComplete(row));

export function newRow(context: MappingRowsContext, event: Extract<MappingRowsEvent, { type: 'row.add' }>) {
  const row: MappingRow = {
    key: `new-${context.nextKey}`,
    id: null,
    version: null,
    section: event.section,
    externalId: event.externalId ?? '',
    target: event.target ?? null,
    dirty: false,
  };
  return { rows: [...context.rows, row], nextKey: context.nextKey + 1 };
}

export function changeRow(
  context: MappingRowsContext,
  event: Extract<MappingRowsEvent, { type: 'row.change' }>,
) {
  return context.rows.map((row) =>
    row.key === event.key
      ? {
          ...row,
          dirty: true,
          ...(event.externalId !== undefined && { externalId: event.externalId }),
          ...(event.target !== undefined && { target: event.target }),
        }
      : row,
  );
}

/** The pending row's save: POST for a new row, PUT with the version it was read at for a saved one. */
export function saveInput(context: MappingRowsContext): SaveMappingInput {
  const row = rowOf(context, context.pending);
  const body = {
    externalId: row?.externalId ?? '',
    ...(row?.target ? mappingTargetBody(row.target) : { serviceItemId: null, bundleId: null }),
  };
  // A saved row always has the version it was read at (null only before its first save).
  return row?.id == null || row.version == null
    ? { id: null, body: { ...body, locationId: context.locationId } }
    : { id: row.id, body: { ...body, version: row.version } };
}

/** The pending row as saved: its id and version, nothing left to save; counted for the success notice. */
export function settleSaved(context: MappingRowsContext, mapping: ProviderServiceItem) {
  const created = rowOf(context, context.pending)?.id === null;
  return {
    rows: context.rows.map((row) =>
      row.key === context.pending ? { ...row, id: mapping.id, version: mapping.version, dirty: false } : row,
    ),
    pending: null,
    saved: {
      created: context.saved.created + (created ? 1 : 0),
      updated: context.saved.updated + (created ? 0 : 1),
    },
  };
}

/** After a stale save's reload: the pending row takes the fresh version (or, gone, saves as new). */
export function takeFreshVersion(context: MappingRowsContext, fresh: readonly ProviderServiceItem[]) {
  return context.rows.map((row) => {
    if (row.key !== context.pending) return row;
    const found = fresh.find((mapping) => mapping.id === row.id);
    return found ? { ...row, version: found.version } : { ...row, id: null, version: null };
  });
}
