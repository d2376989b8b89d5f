/** A local S3-compatible server (s3rver) on a free loopback port, with one bucket, for storage tests. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** The variables that point the API at this server (UPLOAD_STORAGE=s3 ...). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startLocalS3(bucket = 'upkeep-test-uploads'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'upkeep-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      UPLOAD_STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PREFIX: 'uploads/',
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
