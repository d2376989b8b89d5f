/**
 * The first-load byte budget (deterministic, unlike timings): the JavaScript a browser loads for /login —
 * the entry chunk, which holds the sign-in page, any chunk split from the /login route, and everything they
 * import statically — must be at most 171.4 KB gzip, and none of it may come from the heavy packages that only
 * some screens need. It also prints the bytes as `npm run serve` sends them to a browser that accepts brotli
 * (the build's `.br` copies), and every route's own JavaScript beyond the first load, with what of it comes
 * from the heavy packages.
 *
 * The bytes as sent have a budget of their own, FIRST_LOAD_BROTLI_BUDGET_BYTES: `npm run serve` sends brotli to
 * every browser that accepts it, so those are the bytes a first visit waits for; a build without its `.br`
 * copies is refused rather than counted uncompressed.
 *
 * 171.4 KB (171,244 bytes measured) since the module preload polyfill left the first load and the chunks'
 * names took seven characters of hash (it was 171.9 KB before that, and 172, 178, 183 and 220 KB further back;
 * docs/performance.md, "First load"). The
 * brotli budget stays 147 KB: the same sources measured 146.8 to 146.9 KB brotli from one build to another
 * (the chunks' hashed names, which the entry lists, compress differently). The entry still
 * holds every route's options (guard and search check, about 0.25 KB each for over thirty routes) and the
 * list of chunks each route preloads, the router, React, the session's statecharts, Chakra's styling engine
 * and the whole of every module it imports (valibot, whose functions the screens' contracts use as well, is
 * one module, which the API client and the configuration check use at start); what each screen draws loads
 * with its screen, which the heavy-package check enforces. 170 KB is the goal (issue 34); docs/performance.md
 * says what each remaining candidate was measured to save.
 *
 * Usage: tsx scripts/budget.ts [build dir, default dist-test]
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { ChunkReport } from './lib/chunk-report';
import { MIN_BYTES } from './lib/precompress';

export const FIRST_LOAD_BUDGET_BYTES = 171_400;
/** The same JavaScript as `npm run serve` sends it with brotli (the build's `.br` copies). */
export const FIRST_LOAD_BROTLI_BUDGET_BYTES = 147_000;
export const HEAVY_PACKAGES =
  /node_modules\/(maplibre-gl|@mapbox\/mapbox-gl-draw|react-map-gl|@stripe|date-holidays|temporal-polyfill)\//;

/** The chunks `roots` load: themselves and everything they import statically. */
function staticClosure(report: ChunkReport, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    queue.push(...(report[name]?.imports ?? []));
  }
  return seen;
}

/** The route file a chunk was split from (`src/routes/….tsx`), if any. */
function routeFileOf(chunk: ChunkReport[string]): string | null {
  const match = /src\/routes\/[^?]+\.tsx/.exec(chunk.facadeModuleId ?? '');
  return match ? match[0] : null;
}

export function firstLoadChunks(report: ChunkReport, routeFile: string): string[] {
  const roots = Object.entries(report)
    .filter(([, chunk]) => chunk.isEntry || routeFileOf(chunk) === routeFile)
    .map(([name]) => name);
  return [...staticClosure(report, roots)].sort();
}

/**
 * Chunks that import themselves through others. An entry chunk in such a circle may run a module before
 * one it uses has run (vite.config.ts explains how one could arise).
 */
export function importCycles(report: ChunkReport): string[] {
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[] = [];
  const visit = (name: string, path: string[]) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'open') {
      cycles.push([...path.slice(path.indexOf(name)), name].join(' → '));
      return;
    }
    state.set(name, 'open');
    for (const next of report[name]?.imports ?? []) visit(next, [...path, name]);
    state.set(name, 'done');
  };
  for (const name of Object.keys(report)) visit(name, []);
  return cycles;
}

/**
 * Every route's own JavaScript: what a browser that has the first load fetches to show it — the chunks split
 * from the route file and from the layouts around it (`src/routes/_console.tsx` for `_console/users.tsx`),
 * with what they import statically — and how much of it comes from the heavy packages.
 */
export function routeChunks(report: ChunkReport, firstLoad: readonly string[]) {
  const loaded = new Set(firstLoad);
  const byRoute = new Map<string, string[]>();
  for (const [name, chunk] of Object.entries(report)) {
    const file = routeFileOf(chunk);
    if (file) byRoute.set(file, [...(byRoute.get(file) ?? []), name]);
  }
  return [...byRoute.keys()].sort().map((file) => {
    const layouts = [...byRoute.keys()].filter((other) => file.startsWith(`${other.replace(/\.tsx$/, '')}/`));
    const roots = [file, ...layouts].flatMap((route) => byRoute.get(route) ?? []);
    const chunks = [...staticClosure(report, roots)].filter((name) => !loaded.has(name)).sort();
    const heavy = chunks.reduce(
      (sum, name) =>
        sum +
        Object.entries(report[name]?.modules ?? {})
          .filter(([id]) => HEAVY_PACKAGES.test(id))
          .reduce((total, [, length]) => total + length, 0),
      0,
    );
    return { file, chunks, heavy };
  });
}

/**
 * What `npm run serve` sends a browser that accepts brotli for a built file: its pre-compressed `.br` copy
 * (scripts/lib/precompress.ts), or the file itself when the build has none.
 */
function sentBytes(dir: string, name: string): number {
  const copy = join(dir, `${name}.br`);
  if (existsSync(copy)) return statSync(copy).size;
  const size = statSync(join(dir, name)).size;
  if (size >= MIN_BYTES) {
    throw new Error(`${name} has no brotli copy (${name}.br): build with vite build, which writes them.`);
  }
  return size;
}

export function checkBudget(dir: string) {
  const report = JSON.parse(readFileSync(join(dir, '.vite', 'chunks.json'), 'utf8')) as ChunkReport;
  const chunks = firstLoadChunks(report, 'src/routes/login.tsx');
  // The sign-in page builds into the entry chunk (vite.config.ts: its route is not split); wherever it is,
  // its route module must be among the chunks counted.
  const holdsLogin = (name: string) =>
    Object.keys(report[name]?.modules ?? {}).some((id) => id.includes('src/routes/login.tsx'));
  if (!chunks.some(holdsLogin)) {
    throw new Error('src/routes/login.tsx was not found in the first load: the budget would not count it.');
  }
  const rows = chunks.map((name) => ({
    name,
    gzip: gzipSync(readFileSync(join(dir, name))).length,
    sent: sentBytes(dir, name),
  }));
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  const sent = rows.reduce((sum, row) => sum + row.sent, 0);
  const heavy = chunks.flatMap((name) =>
    Object.keys(report[name]?.modules ?? {})
      .filter((id) => HEAVY_PACKAGES.test(id))
      .map((id) => `${name}: ${id}`),
  );
  const routes = routeChunks(report, chunks).map((route) => ({
    ...route,
    gzip: route.chunks.reduce((sum, name) => sum + gzipSync(readFileSync(join(dir, name))).length, 0),
    sent: route.chunks.reduce((sum, name) => sum + sentBytes(dir, name), 0),
  }));
  const cycles = importCycles(report);
  return {
    rows,
    total,
    sent,
    heavy,
    routes,
    cycles,
    ok:
      total <= FIRST_LOAD_BUDGET_BYTES &&
      sent <= FIRST_LOAD_BROTLI_BUDGET_BYTES &&
      heavy.length === 0 &&
      cycles.length === 0,
  };
}

if (process.argv[1]?.endsWith('budget.ts')) {
  const dir = resolve(process.argv[2] ?? 'dist-test');
  const result = checkBudget(dir);
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1).padStart(7)} kB`;
  console.log(`     gzip  as sent (brotli)`);
  for (const row of result.rows) console.log(`  ${kb(row.gzip)} ${kb(row.sent)}  ${row.name}`);
  console.log(`\nEach route's own JavaScript, beyond the first load (heavy: of it, from the heavy packages,
before minifying; a screen may load more when it needs it):`);
  console.log(`     gzip  as sent (brotli)     heavy`);
  console.log(`  (the first load above)                src/routes/login.tsx`);
  for (const route of result.routes) {
    const heavy = route.heavy > 0 ? kb(route.heavy) : '         -';
    console.log(
      `  ${kb(route.gzip)} ${kb(route.sent)} ${heavy}  ${route.file} (${route.chunks.length} files)`,
    );
  }
  const verdict =
    `JavaScript for /login: ${(result.total / 1000).toFixed(1)} kB gzip of ${FIRST_LOAD_BUDGET_BYTES / 1000} kB, ` +
    `${(result.sent / 1000).toFixed(1)} kB brotli (as npm run serve sends it) of ${FIRST_LOAD_BROTLI_BUDGET_BYTES / 1000} kB`;
  const over = [
    result.total > FIRST_LOAD_BUDGET_BYTES ? 'gzip' : null,
    result.sent > FIRST_LOAD_BROTLI_BUDGET_BYTES ? 'brotli' : null,
  ].filter(Boolean);
  if (result.heavy.length > 0) {
    console.error(`Heavy packages in the first load:\n  ${result.heavy.join('\n  ')}`);
  }
  if (result.cycles.length > 0) {
    console.error(`Chunks that import themselves:\n  ${result.cycles.join('\n  ')}`);
  }
  if (!result.ok) {
    console.error(
      `${over.length > 0 ? `Budget exceeded (${over.join(' and ')})` : 'First load refused'}. ${verdict}`,
    );
    process.exit(1);
  }
  console.log(`Budget ok. ${verdict}`);
}
