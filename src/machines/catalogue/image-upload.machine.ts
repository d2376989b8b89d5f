/**
 * One image field (category icon, units descriptor icon): choose a file, upload it, hand back its path
 * (01 §3, §7, §8; 02 §8).
 *
 *   idle ──file.choose [over 5 MB]── the field says so (stays idle, nothing is sent)
 *     └──file.choose──► uploading ──done──► idle (emits upload.succeeded with the path)
 *                            └──error──► idle (emits upload.failed; the field says so)
 *
 * The route turns upload.started / upload.succeeded into 'Uploading Image...' → 'Successfully Uploaded
 * Image', logs failures (spec 02: upload errors are logged, with no toast) and puts the path into the form.
 */
import { enqueueActions, setup } from 'xstate';
import { errorMessage } from '../shared/errors';
import { placeholder } from '../shared/placeholder';
import type { UploadResponse } from '../../api/contract/upload';
import { CATALOGUE_MESSAGES } from '../../domain/shared/messages';

/** 5 MB, as the API enforces (src/api/contract/upload.ts). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export interface ImageUploadContext {
  /** Why the last choice was not uploaded; null when it was, or nothing was chosen yet. */
  error: string | null;
  /** The name of the file being uploaded, while it is. */
  uploading: string | null;
  /** The last file uploaded here: its name and the path the API gave it (the field shows the name beside it). */
  uploaded: { name: string; path: string } | null;
}

/** A chosen file's name ('image' for a blob without one). */
export const fileNameOf = (file: Blob) =>
  typeof (file as { name?: unknown }).name === 'string' && (file as File).name !== ''
    ? (file as File).name
    : 'image';

export type ImageUploadEvent = { type: 'file.choose'; file: Blob };

export type ImageUploadEmitted =
  | { type: 'upload.started' }
  | { type: 'upload.succeeded'; path: string }
  | { type: 'upload.failed'; message: string; error: unknown };

export const imageUploadMachine = setup({
  types: {
    context: {} as ImageUploadContext,
    events: {} as ImageUploadEvent,
    emitted: {} as ImageUploadEmitted,
  },
  actors: {
    upload: placeholder<UploadResponse, { file: Blob }>('upload'),
  },
  guards: {
    fileTooLarge: (_, params: { size: number }) => params.size > IMAGE_MAX_BYTES,
  },
  actions: {
    refuseTooLarge: enqueueActions(({ enqueue }) => {
      const message = CATALOGUE_MESSAGES.uploadFailed('the image is larger than 5 MB');
      enqueue.assign({ error: message });
      enqueue.emit({ type: 'upload.failed', message, error: new Error(message) });
    }),
    started: enqueueActions(({ event, enqueue }) => {
      enqueue.assign({ error: null, uploading: fileNameOf((event as ImageUploadEvent).file) });
      enqueue.emit({ type: 'upload.started' });
    }),
    succeeded: enqueueActions(({ context, event, enqueue }) => {
      const { path } = (event as unknown as { output: UploadResponse }).output;
      enqueue.assign({ uploading: null, uploaded: { name: context.uploading ?? 'image', path } });
      enqueue.emit({ type: 'upload.succeeded', path });
    }),
    failed: enqueueActions(({ event, enqueue }) => {
      const error = (event as { error?: unknown }).error;
      const message = CATALOGUE_MESSAGES.uploadFailed(errorMessage(error));
      enqueue.assign({ error: message, uploading: null });
      enqueue.emit({ type: 'upload.failed', message, error });
    }),
  },
}).createMachine({
  id: 'imageUpload',
  description: 'One image field: choose a file, upload it, hand back its path.',
  context: { error: null, uploading: null, uploaded: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'file.choose': [
          {
            guard: { type: 'fileTooLarge', params: ({ event }) => ({ size: event.file.size }) },
            actions: 'refuseTooLarge',
          },
          { target: 'uploading', actions: 'started' },
        ],
      },
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        src: 'upload',
        input: ({ event }) => ({ file: (event as ImageUploadEvent).file }),
        onDone: { target: 'idle', actions: 'succeeded' },
        onError: { target: 'idle', actions: 'failed' },
      },
    },
  },
});
