/**
 * POST /upload (spec 01 §7, 02 §7): one image as multipart field "file", at most 5 MB, checked by its bytes;
 * stored under DATA_DIR/uploads and answered with { path }. GET /uploads/{name} serves it back.
 *
 * Uploading is for admins (category and unit icons) and providers (logo and cover in onboarding, 02 §2).
 * Serving is public: images are shown by <img> tags, which send no token, and the names are random UUIDs.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { UPLOAD_FIELD, UPLOAD_MAX_BYTES, type UploadResponse } from '../../src/api/contract/upload';
import type { Allow } from '../http/auth';
import { ERROR_CODES, fail } from '../http/errors';
import type { HonoEnv } from '../http/types';
import { readImage, sniffImageType, storeImage } from '../repositories/uploads';

/** Room for the multipart framing around a file of the maximum size. */
const MULTIPART_OVERHEAD = 64 * 1024;
const TOO_LARGE = 'upload/too-large';
const TOO_LARGE_MESSAGE = `file: the image is larger than 5 MB (${UPLOAD_MAX_BYTES} bytes)`;
const NOT_AN_IMAGE = 'upload/not-an-image';

export function uploadRoutes({ allow, dataDir }: { allow: Allow; dataDir: string }) {
  return new Hono<HonoEnv>()
    .post(
      '/upload',
      allow('admin', 'provider'),
      bodyLimit({
        maxSize: UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD,
        onError: (c) => fail(c, 413, TOO_LARGE, TOO_LARGE_MESSAGE),
      }),
      async (c) => {
        const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase();
        if (mediaType !== 'multipart/form-data') {
          return fail(
            c,
            415,
            ERROR_CODES.unsupportedMediaType,
            `Send the image as multipart/form-data with the field "${UPLOAD_FIELD}"`,
          );
        }
        let form: FormData;
        try {
          form = await c.req.formData();
        } catch {
          return fail(
            c,
            400,
            'request/invalid-multipart',
            'The request body is not valid multipart/form-data',
          );
        }
        const file = form.get(UPLOAD_FIELD);
        if (!(file instanceof File)) {
          return fail(c, 400, ERROR_CODES.invalidBody, `${UPLOAD_FIELD}: an image file is required`);
        }
        if (file.size === 0)
          return fail(c, 400, ERROR_CODES.invalidBody, `${UPLOAD_FIELD}: the file is empty`);
        if (file.size > UPLOAD_MAX_BYTES) return fail(c, 413, TOO_LARGE, TOO_LARGE_MESSAGE);
        const bytes = new Uint8Array(await file.arrayBuffer());
        const type = sniffImageType(bytes);
        if (!type) {
          return fail(
            c,
            400,
            NOT_AN_IMAGE,
            `${UPLOAD_FIELD}: only PNG, JPEG, GIF, WebP or AVIF images are accepted, and this file is not one`,
          );
        }
        const { name } = await storeImage(dataDir, bytes, type);
        return c.json<UploadResponse>({ path: `/uploads/${name}` }, 201);
      },
    )
    .get('/uploads/:name', async (c) => {
      const image = await readImage(dataDir, c.req.param('name'));
      if (!image) return fail(c, 404, 'upload/not-found', 'No such image');
      return c.body(new Uint8Array(image.bytes), 200, {
        'Content-Type': image.type,
        'Content-Length': String(image.bytes.length),
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Cross-Origin-Resource-Policy': 'cross-origin',
      });
    });
}
