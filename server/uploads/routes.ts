/**
 * POST /upload (spec 01 §7, 02 §7): one image as multipart field "file", at most 5 MB, checked by its bytes;
 * stored in the upload storage (local disk or S3) and answered with { path }. GET /uploads/{name} serves it.
 * Each account may upload at most UPLOAD_QUOTA_BYTES per UPLOAD_QUOTA_WINDOW_SECONDS (429 beyond).
 *
 * Uploading is for admins (category and unit icons) and providers (logo and cover in onboarding, 02 §2).
 * Serving is public: images are shown by <img> tags, which send no token, and the names are random UUIDs.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { UPLOAD_FIELD, UPLOAD_MAX_BYTES, type UploadResponse } from '../../src/api/contract/upload';
import type { Allow } from '../http/auth';
import { API_ERROR_CODES, fail } from '../http/errors';
import type { Log } from '../http/log';
import type { HonoEnv } from '../http/types';
import { params } from '../http/validate';
import type { CounterStore } from '../limits/store';
import { readImage, sniffImageType, storeImage } from './repository';
import type { UploadStorage } from './storage';

/** Room for the multipart framing around a file of the maximum size. */
const MULTIPART_OVERHEAD = 64 * 1024;
const TOO_LARGE_MESSAGE = `The image is larger than 5 MB (${UPLOAD_MAX_BYTES} bytes)`;

export interface UploadQuota {
  store: CounterStore;
  bytes: number;
  windowSeconds: number;
}

const size = (bytes: number) =>
  bytes < 1_000_000 ? `${bytes} bytes` : `${(bytes / 1_000_000).toFixed(1)} MB`;

export function uploadRoutes({
  allow,
  storage,
  quota,
  log,
}: {
  allow: Allow;
  storage: UploadStorage;
  quota: UploadQuota;
  log: Log;
}) {
  return new Hono<HonoEnv>()
    .post(
      '/upload',
      allow('admin', 'provider'),
      bodyLimit({
        maxSize: UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD,
        onError: (c) => {
          // The unread rest of the body is still on the socket: close it so the next request starts clean.
          c.header('Connection', 'close');
          return fail(c, 413, API_ERROR_CODES.uploadTooLarge, TOO_LARGE_MESSAGE, UPLOAD_FIELD);
        },
      }),
      async (c) => {
        const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase();
        if (mediaType !== 'multipart/form-data') {
          return fail(
            c,
            415,
            API_ERROR_CODES.unsupportedMediaType,
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
            API_ERROR_CODES.invalidMultipart,
            'The request body is not valid multipart/form-data',
          );
        }
        const file = form.get(UPLOAD_FIELD);
        if (!(file instanceof File)) {
          return fail(c, 400, API_ERROR_CODES.invalidBody, 'An image file is required', UPLOAD_FIELD);
        }
        if (file.size === 0)
          return fail(c, 400, API_ERROR_CODES.invalidBody, 'The file is empty', UPLOAD_FIELD);
        if (file.size > UPLOAD_MAX_BYTES)
          return fail(c, 413, API_ERROR_CODES.uploadTooLarge, TOO_LARGE_MESSAGE, UPLOAD_FIELD);
        const bytes = new Uint8Array(await file.arrayBuffer());
        const type = sniffImageType(bytes);
        if (!type) {
          return fail(
            c,
            400,
            API_ERROR_CODES.uploadNotAnImage,
            'Only PNG, JPEG, GIF, WebP or AVIF images are accepted, and this file is not one',
            UPLOAD_FIELD,
          );
        }
        let counted;
        try {
          counted = await quota.store.consume(
            `quota:upload:${c.get('caller').uid}`,
            bytes.length,
            quota.bytes,
            quota.windowSeconds * 1000,
          );
        } catch (error) {
          log.error(
            { err: error },
            `Upload quota store unavailable (${quota.store.kind}); upload let through`,
          );
        }
        if (counted && !counted.allowed) {
          c.header('Retry-After', String(counted.retryAfterSeconds));
          return fail(
            c,
            429,
            API_ERROR_CODES.uploadQuotaExceeded,
            `${UPLOAD_FIELD}: this account may upload at most ${size(quota.bytes)} every ` +
              `${quota.windowSeconds} seconds and has uploaded ${size(counted.used)}; this image ` +
              `(${size(bytes.length)}) would pass that. Try again in ${counted.retryAfterSeconds} seconds.`,
          );
        }
        const { name } = await storeImage(storage, bytes, type);
        return c.json<UploadResponse>({ path: `/uploads/${name}` }, 201);
      },
    )
    .get('/uploads/:name', params({ name: v.string() }), async (c) => {
      // Any name that is not a stored image's (uuid.ext) is simply not found.
      const image = await readImage(storage, c.req.valid('param').name);
      if (!image) return fail(c, 404, API_ERROR_CODES.uploadNotFound, 'No such image');
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
