/**
 * Pre-compressed copies of the build, for `npm run serve` (server/production.ts picks one by the request's
 * Accept-Encoding): beside every text asset of at least MIN_BYTES, `<file>.br` (brotli, best quality) and
 * `<file>.gz` (gzip, level 9), written after the bundle, compressed side by side on zlib's thread pool.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** Below this a compressed answer saves less than its headers cost. */
export const MIN_BYTES = 1024;
const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg', '.txt', '.map', '.webmanifest']);

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export const compressBrotli = (bytes: Buffer) =>
  brotli(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
export const compressGzip = (bytes: Buffer) => gzipped(bytes, { level: 9 });

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return filesUnder(path);
      return Promise.resolve(entry.isFile() ? [path] : []);
    }),
  );
  return nested.flat();
}

/** Writes the `.br` and `.gz` copies of the text files under `dir`; answers how many files it compressed. */
export async function precompressDir(dir: string): Promise<number> {
  const files = (await filesUnder(dir)).filter((path) => TEXT.has(extname(path)));
  let compressed = 0;
  await Promise.all(
    files.map(async (path) => {
      if ((await stat(path)).size < MIN_BYTES) return;
      const bytes = await readFile(path);
      const [br, gz] = await Promise.all([compressBrotli(bytes), compressGzip(bytes)]);
      await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
      compressed += 1;
    }),
  );
  return compressed;
}

/** The Vite plugin: after a build is written, its pre-compressed copies. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'upkeep-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
