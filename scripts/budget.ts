/**
 * The first-load byte budget (deterministic, unlike timings): the JavaScript a browser loads for /login —
 * the entry chunk, the /login route's split chunks, and everything they import statically — must be at
 * most 220 KB gzip, and none of it may come from the heavy packages that only some screens need.
 *
 * 220 KB since the provider side landed (it was 210 KB with half as many screens): the entry holds every
 * route's options (guard and search check, about 0.25 KB each for over thirty routes) and the router
 * itself; what each screen draws still loads with its screen, which the heavy-package check enforces.
 *
 * Usage: tsx scripts/budget.ts [build dir, default dist-test]
 */
import { readFileSync } from 'node:fs';
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

export function checkBudget(dir: string) {
  const report = JSON.parse(readFileSync(join(dir, '.vite', 'chunks.json'), 'utf8')) as ChunkReport;
  const chunks = firstLoadChunks(report, 'src/routes/login.tsx');
  if (!chunks.some((name) => (report[name]?.facadeModuleId ?? '').includes('src/routes/login.tsx'))) {
    throw new Error('The /login route chunk was not found in the build: is src/routes/login.tsx code-split?');
  }
  const rows = chunks.map((name) => ({ name, gzip: gzipSync(readFileSync(join(dir, name))).length }));
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  const heavy = chunks.flatMap((name) =>
    Object.keys(report[name]?.modules ?? {})
      .filter((id) => HEAVY_PACKAGES.test(id))
      .map((id) => `${name}: ${id}`),
  );
  return { rows, total, heavy, ok: total <= FIRST_LOAD_BUDGET_BYTES && heavy.length === 0 };
}

if (process.argv[1]?.endsWith('budget.ts')) {
  const dir = resolve(process.argv[2] ?? 'dist-test');
  const result = checkBudget(dir);
  for (const row of result.rows) console.log(`  ${(row.gzip / 1000).toFixed(1).padStart(7)} kB  ${row.name}`);
  const verdict = `JavaScript for /login: ${(result.total / 1000).toFixed(1)} kB gzip of ${FIRST_LOAD_BUDGET_BYTES / 1000} kB`;
  if (result.heavy.length > 0) {
    console.error(`Heavy packages in the first load:\n  ${result.heavy.join('\n  ')}`);
  }
  if (!result.ok) {
    console.error(`Budget exceeded. ${verdict}`);
    process.exit(1);
  }
  console.log(`Budget ok. ${verdict}`);
}
