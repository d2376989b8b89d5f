import type { ApiClient } from '../client';
import { UPLOAD_FIELD, UploadResponseSchema } from '../contract/upload';

/** Image uploads (01 §7, 02 §7: POST /upload, multipart). */
export function uploadsApi(client: ApiClient) {
  return {
    upload: (file: Blob, fileName = file instanceof File ? file.name : 'image') => {
      const form = new FormData();
      form.append(UPLOAD_FIELD, file, fileName);
      return client.post(UploadResponseSchema, '/upload', { body: form });
    },
  };
}

/**
 * Where an uploaded image can be shown: the API serves the paths it hands out (/uploads/…), so a path is
 * joined to the API's address (keeping any path prefix it has); full URLs are left as they are.
 */
export function uploadedImageUrl(apiBaseUrl: string, path: string): string {
  if (path === '' || /^([a-z][a-z\d+.-]*:|\/\/)/i.test(path)) return path;
  const base = apiBaseUrl.replace(/\/+$/, '');
  return path.startsWith('/') ? `${base}${path}` : `${base}/${path}`;
}
