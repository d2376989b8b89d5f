import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import { API_ERROR_CODES } from '../../api/contract/error-codes';
import { uploadsApi } from '../../api/uploads/uploads';
import { UPLOAD_MESSAGES } from '../../domain/shared/messages';
import { errorCode } from '../shared/errors';

/** A refused upload in plain words for the field; the server's own text is kept as the cause (logged). */
function plainUploadFailure(error: unknown): Error {
  const code = errorCode(error);
  const message =
    code === API_ERROR_CODES.uploadNotAnImage
      ? UPLOAD_MESSAGES.notAnImage
      : code === API_ERROR_CODES.uploadTooLarge
        ? UPLOAD_MESSAGES.tooLarge
        : code === API_ERROR_CODES.invalidBody
          ? UPLOAD_MESSAGES.emptyFile
          : UPLOAD_MESSAGES.otherFailure;
  return new Error(message, { cause: error });
}

/** Uploading one image (POST /upload). */
export function createImageUploadActors(api: ApiClient) {
  return {
    upload: fromPromise(({ input }: { input: { file: Blob } }) =>
      uploadsApi(api)
        .upload(input.file)
        .catch((error: unknown) => {
          throw plainUploadFailure(error);
        }),
    ),
  };
}
