/** Uploads in an S3 bucket (AWS, or any S3-compatible service via `endpoint`): see storage.ts. */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { StoredObject, UploadStorage } from './storage';

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Key prefix inside the bucket, e.g. "uploads/". */
  prefix: string;
}

/** An S3 bucket (AWS, or any S3-compatible service via `endpoint`); credentials default to the AWS chain. */
export function s3UploadStorage(options: S3Options): UploadStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Checksums only where S3 requires them: S3-compatible services do not all take the newer trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const { bucket, prefix } = options;
  return {
    kind: 's3',
    async put(name, bytes, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: prefix + name, Body: bytes, ContentType: contentType }),
      );
    },
    async get(name) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: prefix + name }));
        return object.Body ? await object.Body.transformToByteArray() : undefined;
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if ((error as Error).name === 'NoSuchKey' || status === 404) return undefined;
        throw error;
      }
    },
    async list() {
      const objects: StoredObject[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const item of page.Contents ?? []) {
          if (!item.Key) continue;
          const name = item.Key.slice(prefix.length);
          if (name === '' || name.includes('/')) continue;
          objects.push({ name, modified: item.LastModified ?? new Date(), size: item.Size ?? 0 });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return objects;
    },
    async remove(name) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: prefix + name }));
    },
    close() {
      client.destroy();
    },
  };
}
