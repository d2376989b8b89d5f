import type * as v from 'valibot';
import type { ApiClient } from './client';
import { DeletedSchema } from './contract/primitives';

/**
 * A record's writes on its path, the console's side of the server's `withRecordRoutes`: POST `path` creates
 * (`idempotent`: one record per submission), PUT `path/{id}` saves with the version read, DELETE `path/{id}`
 * answers `{ id, deleted: true }`. Each answer is parsed with the record's schema (`DeletedSchema` for a
 * delete).
 */
export function recordWrites<TRecord, TCreate extends object, TUpdate extends object>(
  client: ApiClient,
  path: string,
  schema: v.GenericSchema<unknown, TRecord>,
) {
  return {
    create: (input: TCreate) => client.post(schema, path, { body: input, idempotent: true }),
    update: (id: number, input: TUpdate) => client.put(schema, `${path}/${id}`, { body: input }),
    remove: (id: number) => client.delete(DeletedSchema, `${path}/${id}`),
  };
}
