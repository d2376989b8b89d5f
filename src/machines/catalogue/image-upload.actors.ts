import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import { uploadsApi } from '../../api/uploads/uploads';

/** Uploading one image (POST /upload). */
export function createImageUploadActors(api: ApiClient) {
  return {
    upload: fromPromise(({ input }: { input: { file: Blob } }) => uploadsApi(api).upload(input.file)),
  };
}
