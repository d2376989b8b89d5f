import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { UploadResponse } from '../../../../src/api/contract/upload';
import {
  fileNameOf,
  IMAGE_MAX_BYTES,
  imageUploadMachine,
  type ImageUploadEmitted,
} from '../../../../src/machines/catalogue/image-upload.machine';
import { assertFullCoverage, coverMachine, recordCoverage } from '../../../support/model';

function start(outcome: UploadResponse | Error) {
  const sent: Blob[] = [];
  const actor = createActor(
    imageUploadMachine.provide({
      actors: {
        upload: fromPromise(async ({ input }: { input: { file: Blob } }) => {
          sent.push(input.file);
          if (outcome instanceof Error) throw outcome;
          return outcome;
        }),
      },
    }),
  );
  const emitted: ImageUploadEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, sent, emitted };
}

const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });

describe('image upload machine', () => {
  it('uploads the chosen file and hands back the path', async () => {
    const { actor, sent, emitted } = start({ path: '/uploads/a.png' });
    actor.send({ type: 'file.choose', file: png });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('idle'));
    expect(sent).toEqual([png]);
    expect(emitted).toEqual([
      { type: 'upload.started' },
      { type: 'upload.succeeded', path: '/uploads/a.png' },
    ]);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('keeps the name of the file being uploaded, then of the one uploaded with its path', async () => {
    const { actor } = start({ path: '/uploads/b.png' });
    actor.send({ type: 'file.choose', file: new File([png], 'logo.png', { type: 'image/png' }) });
    expect(actor.getSnapshot().context).toMatchObject({ uploading: 'logo.png', uploaded: null });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context).toMatchObject({
      uploading: null,
      uploaded: { name: 'logo.png', path: '/uploads/b.png' },
    });
  });

  it('names a blob without a name "image"', () => {
    expect(fileNameOf(png)).toBe('image');
    expect(fileNameOf(new File([png], 'cover.jpg'))).toBe('cover.jpg');
    expect(fileNameOf(new File([png], ''))).toBe('image');
  });

  it('a failure keeps the file uploaded before', async () => {
    let fail = false;
    const actor = createActor(
      imageUploadMachine.provide({
        actors: {
          upload: fromPromise(async () => {
            if (fail) throw new Error('nope');
            return { path: '/uploads/first.png' };
          }),
        },
      }),
    ).start();
    actor.send({ type: 'file.choose', file: new File([png], 'first.png') });
    await waitFor(actor, (s) => s.context.uploaded !== null);
    fail = true;
    actor.send({ type: 'file.choose', file: new File([png], 'second.png') });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({
      uploading: null,
      uploaded: { name: 'first.png', path: '/uploads/first.png' },
    });
  });

  it('a failure says why in the field and hands the error on to be logged', async () => {
    const error = new Error('file: only PNG, JPEG, GIF, WebP or AVIF images are accepted');
    const { actor, emitted } = start(error);
    actor.send({ type: 'file.choose', file: png });
    await waitFor(actor, (s) => s.matches('idle') && s.context.error !== null);
    const message = 'The image was not uploaded: file: only PNG, JPEG, GIF, WebP or AVIF images are accepted';
    expect(actor.getSnapshot().context.error).toBe(message);
    expect(emitted.at(-1)).toEqual({ type: 'upload.failed', message, error });
  });

  it('a file over 5 MB is refused without sending it', () => {
    const { actor, sent, emitted } = start({ path: '/uploads/a.png' });
    actor.send({ type: 'file.choose', file: new Blob([new Uint8Array(IMAGE_MAX_BYTES + 1)]) });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(sent).toEqual([]);
    expect(actor.getSnapshot().context.error).toBe(
      'The image was not uploaded: the image is larger than 5 MB',
    );
    expect(emitted.map((event) => event.type)).toEqual(['upload.failed']);
  });

  it('walks every state and transition', async () => {
    const report = await coverMachine(imageUploadMachine, {
      events: {
        // Blobs serialise as {}: name them so the walk sees two different samples.
        'file.choose': [
          { type: 'file.choose', file: Object.assign(png, { toJSON: () => 'small' }) },
          {
            type: 'file.choose',
            file: Object.assign(new Blob([new Uint8Array(IMAGE_MAX_BYTES + 1)]), { toJSON: () => 'large' }),
          },
        ],
      },
      outputs: { upload: [{ path: '/uploads/a.png' }] },
      serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, error: snapshot.context.error }),
    });
    recordCoverage(report);
    assertFullCoverage(report);
    expect(report.failures).toEqual([]);
  });
});
