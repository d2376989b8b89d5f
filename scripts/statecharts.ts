/**
 * `npm run statecharts` (write) and `npm run statecharts:check` (check): one Markdown doc per machine in
 * docs/statecharts/, generated from every machine exported by src/machines/*.machine.ts.
 *
 * - write: writes the docs that are missing or differ, removes docs of machines that no longer exist
 *   (docs/statecharts/README.md is hand-written and stays).
 * - check: regenerates in memory, exits 1 listing each missing, stale or orphaned doc; exits 0 with a one-line
 *   summary when everything matches.
 *
 * The work is done by scripts/lib/statechart-doc.ts, which the unit tests exercise on a fixture machine.
 */
import { join, resolve } from 'node:path';
import {
  describeDiff,
  diffDocs,
  discoverMachines,
  DOCS_DIR,
  MACHINES_DIR,
  planDocs,
  writeDocs,
} from './lib/statechart-doc';

const ROOT = resolve(import.meta.dirname, '..');
const HINT = 'run npm run statecharts to regenerate them';

async function main(mode: string | undefined): Promise<number> {
  if (mode !== 'write' && mode !== 'check') {
    console.error('usage: tsx scripts/statecharts.ts write|check');
    return 2;
  }
  const machines = await discoverMachines(ROOT, MACHINES_DIR);
  const planned = planDocs(machines);
  const docsDir = join(ROOT, DOCS_DIR);
  const files = new Set(machines.map((m) => m.file)).size;

  if (mode === 'write') {
    const result = await writeDocs(docsDir, planned);
    for (const file of result.written) console.log(`wrote    ${DOCS_DIR}/${file}`);
    for (const file of result.removed) console.log(`removed  ${DOCS_DIR}/${file}`);
    console.log(
      `statecharts: ${planned.length} docs for ${planned.length} machines in ${files} files ` +
        `(${result.written.length} written, ${result.removed.length} removed, ${result.unchanged.length} unchanged)`,
    );
    return 0;
  }

  const diff = await diffDocs(docsDir, planned);
  const problems = describeDiff(diff, DOCS_DIR);
  if (problems.length > 0) {
    console.error(`statecharts: ${problems.length} of the docs in ${DOCS_DIR} do not match the machines`);
    for (const line of problems) console.error(`  ${line}`);
    console.error(HINT);
    return 1;
  }
  console.log(
    `statecharts: ${planned.length} docs up to date (${planned.length} machines in ${files} files)`,
  );
  return 0;
}

main(process.argv[2]).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`statecharts: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
