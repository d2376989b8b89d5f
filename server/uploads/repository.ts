/**
 * Uploaded images in the upload storage (storage.ts: local disk or S3); no HTTP here. What a file is comes from its first bytes,
 * never from its name or the type the browser declared, and its stored name is generated, so nothing a
 * caller sends ends up in a path.
 */
import { randomUUID } from 'node:crypto';
import { UPLOAD_IMAGE_TYPES, type UploadImageType } from '../../src/api/contract/upload';
import type { UploadStorage } from './storage';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The image type by signature: PNG, JPEG, GIF, WebP or AVIF; undefined for anything else (SVG included). */
export function sniffImageType(bytes: Uint8Array): UploadImageType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  // ISO-BMFF: box size, 'ftyp', then the major brand.
  if (
    startsWith(bytes, ascii('ftyp'), 4) &&
    (startsWith(bytes, ascii('avif'), 8) || startsWith(bytes, ascii('avis'), 8))
  ) {
    return 'image/avif';
  }
  return undefined;
}

const EXTENSIONS = Object.entries(UPLOAD_IMAGE_TYPES) as [UploadImageType, string][];

/** Stored names: a UUID and the extension of the sniffed type. Anything else is not one of ours. */
export const STORED_NAME = new RegExp(
  `^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.(${EXTENSIONS.map(([, ext]) => ext).join('|')})$`,
);

/** Stores the image under a new name; → the name. */
export async function storeImage(
  storage: UploadStorage,
  bytes: Uint8Array,
  type: UploadImageType,
): Promise<{ name: string }> {
  const name = `${randomUUID()}.${UPLOAD_IMAGE_TYPES[type]}`;
  await storage.put(name, bytes, type);
  return { name };
}

/** A stored image and its type, or undefined when the name is not one of ours or the image is gone. */
export async function readImage(
  storage: UploadStorage,
  name: string,
): Promise<{ bytes: Uint8Array; type: UploadImageType } | undefined> {
  if (!STORED_NAME.test(name)) return undefined;
  const bytes = await storage.get(name);
  if (!bytes) return undefined;
  const type = sniffImageType(bytes);
  return type ? { bytes, type } : undefined;
}
