import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressDir, MIN_BYTES } from '../../../scripts/lib/precompress';
import { acceptedEncodings, precompressedCopy } from '../../../server/encodings';

describe('acceptedEncodings', () => {
  it.each([
    [undefined, []],
    ['', []],
    ['identity', []],
    ['gzip, deflate, br, zstd', ['br', 'gzip']],
    ['gzip, deflate', ['gzip']],
    ['br;q=0.5, gzip', ['gzip', 'br']],
    ['br;q=0, gzip;q=0.8', ['gzip']],
    ['*', ['br', 'gzip']],
    ['*;q=0.1, gzip;q=0', ['br']],
    ['x-gzip', ['gzip']],
    ['BR , GZIP;q=0.9', ['br', 'gzip']],
    ['br;q=abc', []],
  ])('%j accepts %j', (header, expected) => {
    expect(acceptedEncodings(header)).toEqual(expected);
  });
});

describe('precompressDir and precompressedCopy', () => {
  const dir = mkdtempSync(join(tmpdir(), 'upkeep-precompress-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const text = 'export const greeting = "hello";\n'.repeat(200);

  it('writes a brotli and a gzip copy of each text file from MIN_BYTES up, and none of the rest', async () => {
    writeFileSync(join(dir, 'big.js'), text);
    writeFileSync(join(dir, 'small.js'), 'x'.repeat(MIN_BYTES - 1));
    writeFileSync(join(dir, 'image.png'), Buffer.alloc(4096, 7));
    expect(await precompressDir(dir)).toBe(1);

    const br = await precompressedCopy(join(dir, 'big.js'), 'gzip, deflate, br');
    expect(br?.encoding).toBe('br');
    expect(brotliDecompressSync(br!.bytes).toString()).toBe(text);
    expect(br!.bytes.length).toBeLessThan(text.length / 10);

    const gz = await precompressedCopy(join(dir, 'big.js'), 'gzip');
    expect(gz?.encoding).toBe('gzip');
    expect(gunzipSync(gz!.bytes).toString()).toBe(text);

    expect(await precompressedCopy(join(dir, 'big.js'), undefined)).toBeUndefined();
    expect(await precompressedCopy(join(dir, 'small.js'), 'br, gzip')).toBeUndefined();
    expect(await precompressedCopy(join(dir, 'image.png'), 'br, gzip')).toBeUndefined();
  });
});
