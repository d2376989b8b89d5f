/**
 * The first-load byte budget (deterministic, unlike timings): the JavaScript a browser loads for /login —
 * the entry chunk, the /login route's split chunks, and everything they import statically — must be at
 * most 220 KB gzip, and none of it may come from the heavy packages that only some screens need. It also
 * prints the bytes as `npm run serve` sends them to a browser that accepts brotli (the build's `.br` copies).
 *
 * 220 KB since the provider side landed (it was 210 KB with half as many screens): the entry holds every
 * route's options (guard and search check, about 0.25 KB each for over thirty routes) and the router
 * itself; what each screen draws still loads with its screen, which the heavy-package check enforces.
 *
 * Usage: tsx scripts/budget.ts [build dir, default dist-test]
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { ChunkReport } from './lib/chunk-report';

export const FIRST_LOAD_BUDGET_BYTES = 220_000;
export const HEAVY_PACKAGES =
  /node_modules\/(maplibre-gl|@mapbox\/mapbox-gl-draw|react-map-gl|@stripe|date-holidays|temporal-polyfill)\//;

export function firstLoadChunks(report: ChunkReport, routeFile: string): string[] {
  const roots = Object.entries(report)
    .filter(([, chunk]) => chunk.isEntry || (chunk.facadeModuleId ?? '').includes(routeFile))
    .map(([name]) => name);
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    queue.push(...(report[name]?.imports ?? []));
  }
  return [...seen].sort();
}

/**
 * What `npm run serve` sends a browser that accepts brotli for a built file: its pre-compressed `.br` copy
 * (scripts/lib/precompress.ts), or the file itself when the build has none.
 */
function sentBytes(dir: string, name: string): number {
  const copy = join(dir, `${name}.br`);
  return (existsSync(copy) ? statSync(copy) : statSync(join(dir, name))).size;
}

export function checkBudget(dir: string) {
  const report = JSON.parse(readFileSync(join(dir, '.vite', 'chunks.json'), 'utf8')) as ChunkReport;
  const chunks = firstLoadChunks(report, 'src/routes/login.tsx');
  if (!chunks.some((name) => (report[name]?.facadeModuleId ?? '').includes('src/routes/login.tsx'))) {
    throw new Error('The /login route chunk was not found in the build: is src/routes/login.tsx code-split?');
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
  return { rows, total, sent, heavy, ok: total <= FIRST_LOAD_BUDGET_BYTES && heavy.length === 0 };
}

if (process.argv[1]?.endsWith('budget.ts')) {
  const dir = resolve(process.argv[2] ?? 'dist-test');
  const result = checkBudget(dir);
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1).padStart(7)} kB`;
  console.log(`     gzip  as sent (brotli)`);
  for (const row of result.rows) console.log(`  ${kb(row.gzip)} ${kb(row.sent)}  ${row.name}`);
  const verdict = `JavaScript for /login: ${(result.total / 1000).toFixed(1)} kB gzip of ${FIRST_LOAD_BUDGET_BYTES / 1000} kB (${(result.sent / 1000).toFixed(1)} kB as npm run serve sends it with brotli)`;
  if (result.heavy.length > 0) {
    console.error(`Heavy packages in the first load:\n  ${result.heavy.join('\n  ')}`);
  }
  if (!result.ok) {
    console.error(`Budget exceeded. ${verdict}`);
    process.exit(1);
  }
  console.log(`Budget ok. ${verdict}`);
}
