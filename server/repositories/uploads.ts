/**
 * Uploaded images on disk under DATA_DIR/uploads; no HTTP here. What a file is comes from its first bytes,
 * never from its name or the type the browser declared, and its stored name is generated, so nothing a
 * caller sends ends up in a path.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { UPLOAD_IMAGE_TYPES, type UploadImageType } from '../../src/api/contract/upload';

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

export function uploadsDir(dataDir: string): string {
  return join(dataDir, 'uploads');
}

/** Writes the image under a new name (to a temporary file first, so a half-written file is never served). */
export async function storeImage(
  dataDir: string,
  bytes: Uint8Array,
  type: UploadImageType,
): Promise<{ name: string }> {
  const dir = uploadsDir(dataDir);
  await mkdir(dir, { recursive: true });
  const name = `${randomUUID()}.${UPLOAD_IMAGE_TYPES[type]}`;
  const temporary = join(dir, `.${name}.tmp`);
  const handle = await open(temporary, 'wx');
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temporary, join(dir, name));
  return { name };
}

/** A stored image and its type, or undefined when the name is not one of ours or the file is gone. */
export async function readImage(
  dataDir: string,
  name: string,
): Promise<{ bytes: Buffer; type: UploadImageType } | undefined> {
  if (!STORED_NAME.test(name)) return undefined;
  const path = join(uploadsDir(dataDir), name);
  try {
    if (!(await stat(path)).isFile()) return undefined;
    const bytes = await readFile(path);
    const type = sniffImageType(bytes);
    return type ? { bytes, type } : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
