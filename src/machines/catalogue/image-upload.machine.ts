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
import { emit, enqueueActions, setup } from 'xstate';
import { errorMessage } from '../shared/errors';
import { placeholder } from '../shared/placeholder';
import type { UploadResponse } from '../../api/contract/upload';
import { CATALOGUE_MESSAGES } from '../../domain/shared/messages';

/** 5 MB, as the API enforces (src/api/contract/upload.ts). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export interface ImageUploadContext {
  /** Why the last choice was not uploaded; null when it was, or nothing was chosen yet. */
  error: string | null;
}

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
    started: enqueueActions(({ enqueue }) => {
      enqueue.assign({ error: null });
      enqueue.emit({ type: 'upload.started' });
    }),
    succeeded: emit(({ event }) => ({
      type: 'upload.succeeded' as const,
      path: (event as unknown as { output: UploadResponse }).output.path,
    })),
    failed: enqueueActions(({ event, enqueue }) => {
      const error = (event as { error?: unknown }).error;
      const message = CATALOGUE_MESSAGES.uploadFailed(errorMessage(error));
      enqueue.assign({ error: message });
      enqueue.emit({ type: 'upload.failed', message, error });
    }),
  },
}).createMachine({
  id: 'imageUpload',
  description: 'One image field: choose a file, upload it, hand back its path.',
  context: { error: null },
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
