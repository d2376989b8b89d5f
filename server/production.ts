/**
 * The production server's HTTP side: the API under /api, the built console (dist/) for everything else with
 * a fallback to index.html for client routes, and strict security headers on every answer.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { App } from './app';
import { compressAnswers, precompressedCopy } from './encodings';

export const API_PREFIX = '/api';

export interface ProductionOptions {
  /** Absolute path of the built console (index.html and assets/). */
  consoleDir: string;
  firebaseProjectId: string;
  /** Test mode only: the Auth emulator's origin, which the console then talks to. */
  emulatorOrigin?: string;
}

/**
 * No inline script and no eval; styles inline because Chakra (Emotion) inserts style elements at run time.
 * The console talks to its own origin (the API under /api) and to Firebase Auth's endpoints; the auth domain
 * may be framed for sign-in helpers; nothing may frame the console.
 */
export function contentSecurityPolicy({ firebaseProjectId, emulatorOrigin }: ProductionOptions): string {
  const identity = [
    'https://identitytoolkit.googleapis.com',
    'https://securetoken.googleapis.com',
    'https://www.googleapis.com',
    ...(emulatorOrigin ? [emulatorOrigin] : []),
  ];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${identity.join(' ')}`,
    `frame-src https://${firebaseProjectId}.firebaseapp.com`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Sets each header unless the route set its own (GET /uploads/{name} has a stricter policy). */
function securityHeaders(options: ProductionOptions): MiddlewareHandler {
  const policy = contentSecurityPolicy(options);
  return async (c, next) => {
    await next();
    const set = (name: string, value: string) => {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    };
    set('Content-Security-Policy', policy);
    set('X-Frame-Options', 'DENY');
    set('X-Content-Type-Options', 'nosniff');
    set('Referrer-Policy', 'strict-origin-when-cross-origin');
    set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    const https =
      new URL(c.req.url).protocol === 'https:' ||
      c.req.header('X-Forwarded-Proto')?.split(',')[0]?.trim().toLowerCase() === 'https';
    // Only over TLS: browsers ignore it over plain HTTP, and it must not pin a host that has no TLS.
    if (https) set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

/** A file inside `root` for a URL path, or undefined (outside it, unreadable, or not a file). */
async function fileFor(root: string, urlPath: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const path = resolve(root, `.${decoded}`);
  if (!path.startsWith(root + sep)) return undefined;
  try {
    return (await stat(path)).isFile() ? path : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A built file as the request accepts it: its pre-compressed copy in the best encoding the request accepts
 * (scripts/lib/precompress.ts writes them at build time), else its own bytes. `Vary` tells caches the
 * answer depends on Accept-Encoding.
 */
async function sendFile(c: Context, path: string, cacheControl: string): Promise<Response> {
  const copy = await precompressedCopy(path, c.req.header('Accept-Encoding'));
  const headers: Record<string, string> = {
    'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream',
    'Cache-Control': cacheControl,
    Vary: 'Accept-Encoding',
  };
  if (copy) headers['Content-Encoding'] = copy.encoding;
  return c.body(new Uint8Array(copy?.bytes ?? (await readFile(path))), 200, headers);
}

/** API answers of at least this many bytes are compressed (brotli or gzip, as the request accepts). */
export const API_COMPRESS_MIN_BYTES = 1024;

export function productionApp(api: App, options: ProductionOptions): Hono {
  const root = resolve(options.consoleDir);
  const index = join(root, 'index.html');
  const app = new Hono();
  app.use('*', securityHeaders(options));
  app.use(`${API_PREFIX}/*`, compressAnswers(API_COMPRESS_MIN_BYTES));
  app.all(`${API_PREFIX}/*`, (c) => {
    const url = new URL(c.req.url);
    url.pathname = url.pathname.slice(API_PREFIX.length);
    // The API's own fetch, with the node bindings (client address for the rate limits) passed along.
    return api.fetch(new Request(url, c.req.raw), c.env);
  });
  app.on(['GET', 'HEAD'], '*', async (c) => {
    const file = c.req.path === '/' ? undefined : await fileFor(root, c.req.path);
    if (file) {
      const hashed = file.startsWith(join(root, 'assets') + sep);
      return sendFile(c, file, hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    }
    // A missing file with an extension is a 404; any other path is a client route: the console's index.
    if (extname(c.req.path) !== '') return c.text('Not found', 404);
    return sendFile(c, index, 'no-cache');
  });
  app.all('*', (c) => c.text('Not found', 404));
  return app;
}
