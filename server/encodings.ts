/**
 * Content negotiation for the production server's answers: which of brotli, gzip or the bytes as they are a
 * request accepts (its Accept-Encoding, q-values and `*` included), and the pre-compressed copy of a built
 * file to send (scripts/lib/precompress.ts writes `<file>.br` and `<file>.gz` beside it at build time), and
 * the middleware that compresses the API's answers.
 */
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

export type Encoding = 'br' | 'gzip';

/** The file suffix of each encoding's pre-compressed copy. */
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/**
 * The encodings `header` accepts, best first (brotli before gzip when both are equally wanted); none when the
 * header is absent or refuses both (q=0).
 */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  if (!header) return [];
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: Encoding) =>
    weights.get(encoding) ??
    (encoding === 'gzip' ? weights.get('x-gzip') : undefined) ??
    weights.get('*') ??
    0;
  return (['br', 'gzip'] as const)
    .filter((encoding) => weightOf(encoding) > 0)
    .sort((a, b) => weightOf(b) - weightOf(a));
}

/** The best pre-compressed copy of `path` the request accepts, or undefined (then send the file as it is). */
export async function precompressedCopy(
  path: string,
  acceptEncoding: string | undefined,
): Promise<{ bytes: Buffer; encoding: Encoding } | undefined> {
  for (const encoding of acceptedEncodings(acceptEncoding)) {
    try {
      return { bytes: await readFile(`${path}${SUFFIX[encoding]}`), encoding };
    } catch {
      // No copy in this encoding (a small file, or a build without the copies): try the next.
    }
  }
  return undefined;
}

/** The answers worth compressing: text, JSON, JavaScript, SVG, CSV. */
const COMPRESSIBLE = /^\s*(?:text\/|application\/(?:json|javascript|xml|[\w.+-]+\+json)|image\/svg\+xml)/i;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Adds Accept-Encoding to the answer's Vary. */
function varyOnEncoding(headers: Headers) {
  const vary = headers.get('Vary');
  if (!vary) headers.set('Vary', 'Accept-Encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary))
    headers.set('Vary', `${vary}, Accept-Encoding`);
}

/**
 * Middleware: an answer of at least `minBytes` in a compressible type goes out in the best encoding the
 * request accepts — brotli at a quality fast enough for answers made on the fly, else gzip — with Vary.
 * An answer already encoded, marked no-transform, or smaller goes out as it is.
 */
export function compressAnswers(minBytes: number): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const answer = c.res;
    if (!answer.body || c.req.method === 'HEAD' || answer.headers.has('Content-Encoding')) return;
    if (!COMPRESSIBLE.test(answer.headers.get('Content-Type') ?? '')) return;
    if (/(^|,)\s*no-transform\s*(,|$)/i.test(answer.headers.get('Cache-Control') ?? '')) return;
    const headers = new Headers(answer.headers);
    varyOnEncoding(headers);
    const bytes = Buffer.from(await answer.arrayBuffer());
    const [encoding] = acceptedEncodings(c.req.header('Accept-Encoding'));
    let body: Buffer = bytes;
    if (encoding && bytes.length >= minBytes) {
      body =
        encoding === 'br'
          ? await brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
          : await gzipped(bytes, { level: 6 });
      headers.set('Content-Encoding', encoding);
      headers.delete('Content-Length');
    }
    c.res = new Response(new Uint8Array(body), {
      status: answer.status,
      statusText: answer.statusText,
      headers,
    });
  };
}
