import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../../src/api/client';
import { API_ERROR_CODES } from '../../../../src/api/contract/error-codes';
import { UPLOAD_FIELD } from '../../../../src/api/contract/upload';
import { UPLOAD_MESSAGES } from '../../../../src/domain/shared/messages';
import { createImageUploadActors } from '../../../../src/machines/catalogue/image-upload.actors';
import { fakeActors, refusal } from '../../../support/fake-api';
import { runActor } from '../../../support/run-actor';

const png = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });

describe('image upload actors', () => {
  it('posts the file as multipart form data under its name, and answers the stored path', async () => {
    const { fake, actors } = fakeActors(createImageUploadActors);
    fake.on('POST /upload', { path: '/uploads/logo-1.png' });

    await expect(runActor(actors.upload, { file: png })).resolves.toEqual({ path: '/uploads/logo-1.png' });
    await runActor(actors.upload, { file: new Blob(['x'], { type: 'image/png' }) });

    expect(fake.routes()).toEqual(['POST /upload', 'POST /upload']);
    const [first, second] = fake.calls.map((call) => call.body as FormData);
    expect((first?.get(UPLOAD_FIELD) as File).name).toBe('logo.png');
    expect((second?.get(UPLOAD_FIELD) as File).name).toBe('image');
    expect(fake.calls.every((call) => !call.idempotent)).toBe(true);
  });

  it('turns each refusal into a plain sentence for the field, keeping the server error as the cause', async () => {
    const refusals = [
      [API_ERROR_CODES.uploadNotAnImage, UPLOAD_MESSAGES.notAnImage],
      [API_ERROR_CODES.uploadTooLarge, UPLOAD_MESSAGES.tooLarge],
      [API_ERROR_CODES.invalidBody, UPLOAD_MESSAGES.emptyFile],
      [API_ERROR_CODES.uploadQuotaExceeded, UPLOAD_MESSAGES.otherFailure],
    ] as const;
    const { fake, actors } = fakeActors(createImageUploadActors);
    fake.on('POST /upload', ...refusals.map(([code]) => refusal(400, code, `server text for ${code}`)));

    for (const [code, message] of refusals) {
      const error = (await runActor(actors.upload, { file: png }).catch((e: unknown) => e)) as Error;
      expect(error.message).toBe(message);
      expect(error.cause).toBeInstanceOf(ApiRequestError);
      expect(error.cause).toMatchObject({ code, message: `server text for ${code}` });
    }
    expect(fake.calls).toHaveLength(4);
  });
});
