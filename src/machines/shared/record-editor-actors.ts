/**
 * A one-record editor's side effects (`recordEditorParts`), written once over its API module: save (create,
 * or update with the version read), reload (the record as the list has it now) and delete. The editor's
 * actor factory names them in its own words (`saveCredit: actors.save`).
 */
import { fromPromise } from 'xstate';
import type { VersionedSaveInput } from './record-editor-parts';

/** The calls the actors make: the resource's list and its writes (`recordWrites`). */
export interface RecordEditorApi<TRecord extends { id: number }, TCreate, TUpdate> {
  list(): Promise<TRecord[]>;
  create(input: TCreate): Promise<TRecord>;
  update(id: number, input: TUpdate): Promise<TRecord>;
  remove(id: number): Promise<unknown>;
}

export function recordEditorActors<TRecord extends { id: number }, TValues, TCreate>(
  api: RecordEditorApi<TRecord, TCreate, TCreate & { version: number }>,
  options: {
    /** A checked draft's values as the API takes them. */
    body: (values: TValues) => TCreate;
    /** The error of a reload that finds the record gone. */
    gone: string;
  },
) {
  return {
    save: fromPromise(({ input }: { input: VersionedSaveInput<TValues> }) =>
      input.id === null
        ? api.create(options.body(input.values))
        : api.update(input.id, { ...options.body(input.values), version: input.version }),
    ),
    reload: fromPromise(async ({ input }: { input: { id: number } }) => {
      const fresh = (await api.list()).find((record) => record.id === input.id);
      if (!fresh) throw new Error(options.gone);
      return fresh;
    }),
    remove: fromPromise(async ({ input }: { input: { id: number } }) => {
      await api.remove(input.id);
    }),
  };
}
