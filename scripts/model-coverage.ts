/**
 * The model-coverage gate: every machine in src/machines must have reported a model walk in this test run
 * (tests/support/model.ts writes one file per machine in .tmp/model-coverage/), and every report must cover 100% of its states
 * and transitions. Prints one line per machine; exits 1 otherwise.
 */
import { ROOT } from './lib/processes';
import { discoverMachines } from './lib/statechart-doc';
import { readCoverageSummary } from '../tests/support/model';

const machines = await discoverMachines(ROOT);
const summary = readCoverageSummary();
const problems: string[] = [];
console.log('Model coverage (states, transitions):');
for (const { id, file } of machines) {
  const report = summary[id];
  if (!report) {
    problems.push(`${id} (${file}) has no model test: call coverMachine + recordCoverage in its test`);
    console.log(`  ✗ ${id}: no model walk reported`);
    continue;
  }
  const { states, transitions } = report;
  const full = states.covered === states.total && transitions.covered === transitions.total;
  if (!full) problems.push(`${id} is below 100%`);
  console.log(
    `  ${full ? '✓' : '✗'} ${id}: states ${states.covered}/${states.total}, transitions ${transitions.covered}/${transitions.total}`,
  );
}
if (machines.length === 0) problems.push('no machines found in src/machines');
if (problems.length > 0) {
  console.error(`\nModel coverage check failed:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`All ${machines.length} machines fully covered.`);
