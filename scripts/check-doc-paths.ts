/**
 * Checks that docs/architecture.md names only files that exist: every backticked path that starts with a
 * top-level folder of the project (src/, server/, tests/, scripts/, docs/), and every cell of the flow index
 * (its columns leave the layer's folder off: `src/routes/`, `src/screens/`, `src/machines/`, `src/api/`,
 * `server/`), with the tables it names defined in server/db/tables. Prints what is missing; exits 1 if anything is.
 *
 *   npx tsx scripts/check-doc-paths.ts
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
const missing: string[] = [];

const exists = (path: string) => existsSync(join(root, path.replace(/\/$/, '')));

// Backticked paths anywhere in the guide (a glob or a placeholder such as <feature> is not a path).
for (const [, path] of doc.matchAll(/`((?:src|server|tests|scripts|docs)\/[^`\s]+)`/g)) {
  if (path && !/[<>*{]/.test(path) && !exists(path)) missing.push(path);
}

// The flow index: one table whose header starts with "| URL | Route file |".
const tables = readdirSync(join(root, 'server/db/tables'))
  .map((file) => readFileSync(join(root, 'server/db/tables', file), 'utf8'))
  .join('\n');
const prefixes = [
  'src/routes/',
  'src/screens/',
  'src/machines/',
  'src/machines/',
  'src/api/',
  'server/',
  'server/',
  'server/',
];
const lines = doc.split('\n');
const start = lines.findIndex((line) => /^\|\s*URL\s*\|\s*Route file\s*\|/.test(line));
if (start < 0) missing.push('the flow index (a table whose header starts with "| URL | Route file |")');
else {
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    cells.slice(1, 9).forEach((cell, i) => {
      for (const [, path] of cell.matchAll(/`([^`]+)`/g)) {
        const full = `${prefixes[i]}${path}`;
        if (!exists(full)) missing.push(`${full} (flow index: ${cells[0]})`);
      }
    });
    for (const table of (cells[9] ?? '').replace(/\(.*?\)/g, '').split(',')) {
      const name = table.trim();
      if (name && name !== '—' && !tables.includes(`'${name}'`))
        missing.push(`table ${name} (flow index: ${cells[0]})`);
    }
  }
}

if (missing.length > 0) {
  console.error(
    `docs/architecture.md names ${missing.length} path(s) that do not exist:\n  ${missing.join('\n  ')}`,
  );
  process.exit(1);
}
console.log('docs/architecture.md: every path it names exists');
