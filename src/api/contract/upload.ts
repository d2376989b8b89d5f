/**
 * Image uploads (spec 01 §3, §7; 02 §7: POST /upload, multipart). The answer's path is where the API serves
 * the image (e.g. /uploads/3f2a….png); it is stored as is in iconURL or unitsDescriptorIconURL.
 */
import * as v from 'valibot';

export const UploadResponseSchema = v.object({ path: v.string() });
export type UploadResponse = v.InferOutput<typeof UploadResponseSchema>;

/** The multipart field that carries the file. */
export const UPLOAD_FIELD = 'file';

/** 5 MB. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** What the API accepts, by the file's own bytes (its signature), not by the name or declared type. */
export const UPLOAD_IMAGE_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
} as const;
export type UploadImageType = keyof typeof UPLOAD_IMAGE_TYPES;
