/**
 * `npm run qa`: the machine walks (vitest on tests/unit/machines) and the browser walks (Playwright on
 * tests/e2e/walks, a screenshot per step and a trace per path), then one static report that opens offline:
 * qa-report/index.html. Per machine: its chart drawn from the definition with covered, uncovered and
 * excluded states and transitions marked (machine level and, for walked flows, browser level), the coverage
 * figures, and every path as steps with its result (browser paths with their screenshots and trace).
 * Exits 1 when a walk failed or coverage is incomplete; the report is written either way.
 *
 * Usage: npm run qa [-- --skip-browser | --report-only (from the last run's records)]; QA_REPORT_DIR
 * overrides the folder.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { renderChartSvg } from '../src/app/devtools/chart';
import { readCoverageSummary, COVERAGE_SUMMARY_DIR, type CoverageSummary } from '../tests/support/model';
import {
  readWalkRecords,
  WALKS_DIR,
  type WalkCoverageRecord,
  type WalkPathRecord,
} from '../tests/e2e/walks/records';
import { bin, ROOT, tsx } from './lib/processes';
import {
  collectTransitions,
  discoverMachines,
  getAllStateNodes,
  type DiscoveredMachine,
} from './lib/statechart-doc';

const OUT = join(ROOT, process.env.QA_REPORT_DIR ?? 'qa-report');
const reportOnly = process.argv.includes('--report-only');
const skipBrowser = reportOnly || process.argv.includes('--skip-browser');

function step(name: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n━━ ${name} ━━`);
  const run = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  return run.status === 0;
}

const results: Array<{ name: string; ok: boolean }> = [];
if (!reportOnly) rmSync(COVERAGE_SUMMARY_DIR, { recursive: true, force: true });
if (!reportOnly)
  results.push({
    name: 'machine walks',
    ok: step('machine walks', bin('vitest'), ['run', 'tests/unit/machines']),
  });
if (!reportOnly)
  results.push({
    name: 'machine coverage gate',
    ok: step('machine coverage gate', tsx(), ['scripts/model-coverage.ts']),
  });
if (!skipBrowser)
  results.push({
    name: 'browser walks',
    ok: step('browser walks', bin('playwright'), ['test', 'tests/e2e/walks', '--trace', 'on'], {
      WALK_SHOTS: '1',
    }),
  });

// ---------------------------------------------------------------------------------------------------------
// The report
// ---------------------------------------------------------------------------------------------------------

const machines = await discoverMachines(ROOT);
const summary: CoverageSummary = readCoverageSummary();
const walks = readWalkRecords();
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Playwright's messages carry terminal colours. */
function stripAnsi(text: string): string {
  return text.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');
}

function pct(covered: number, total: number): string {
  return total === 0 ? '—' : `${covered}/${total} (${Math.round((covered / total) * 100)}%)`;
}

function copyInto(source: string, target: string): string | undefined {
  if (!existsSync(source)) return undefined;
  const to = join(OUT, target);
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(source, to);
  return target;
}

function machineChart({ machine }: DiscoveredMachine, entry: CoverageSummary[string] | undefined): string {
  const missingStates = new Set(entry?.states.missing ?? []);
  const missingTransitions = new Set(entry?.transitions.missing ?? []);
  const byKey = new Map(collectTransitions(machine).map((t) => [t.key, t.description]));
  return renderChartSvg(machine, {
    stateClass: (id) => (!entry ? '' : missingStates.has(id) ? 'uncovered' : 'covered'),
    transitionClass: (key) =>
      !entry ? '' : missingTransitions.has(byKey.get(key) ?? '') ? 'uncovered' : 'covered',
  });
}

function browserChart({ machine }: DiscoveredMachine, coverage: WalkCoverageRecord): string {
  const covered = new Set([...coverage.states.covered, ...coverage.transitions.covered]);
  const excluded = new Set([
    ...Object.keys(coverage.states.excluded),
    ...Object.keys(coverage.transitions.excluded),
  ]);
  const mark = (id: string) => (covered.has(id) ? 'covered' : excluded.has(id) ? 'excluded' : 'uncovered');
  return renderChartSvg(machine, { stateClass: mark, transitionClass: mark });
}

function browserPath(path: WalkPathRecord): string {
  const trace = copyInto(join(path.outputDir, 'trace.zip'), `traces/${path.machineId}-${path.index}.zip`);
  const steps = path.steps
    .map((s, i) => {
      const shot = s.screenshot
        ? copyInto(join(WALKS_DIR, s.screenshot), `shots/${s.screenshot}`)
        : undefined;
      return (
        `<li class="${s.ok ? 'ok' : 'bad'}"><span class="n">${i}</span> <b>${esc(s.label)}</b> → <code>${esc(s.state)}</code>` +
        (shot
          ? `<br><a href="${esc(shot)}"><img loading="lazy" src="${esc(shot)}" alt="screen after ${esc(s.label)}"></a>`
          : '') +
        '</li>'
      );
    })
    .join('');
  return (
    `<details class="path ${path.ok ? 'ok' : 'bad'}"><summary>${path.ok ? '✓' : '✗'} path ${path.index} ` +
    `(${path.seconds.toFixed(1)} s): ${esc(path.description)}</summary>` +
    `<p>Replay alone: <code>${esc(path.replay)}</code>${trace ? ` · <a href="${esc(trace)}">Playwright trace</a> (open with <code>npx playwright show-trace</code>)` : ''}</p>` +
    (path.error ? `<pre class="error">${esc(stripAnsi(path.error))}</pre>` : '') +
    `<ol class="steps">${steps}</ol></details>`
  );
}

const rows: string[] = [];
const sections: string[] = [];
const totals = {
  states: [0, 0],
  transitions: [0, 0],
  paths: [0, 0],
  bStates: [0, 0],
  bTransitions: [0, 0],
  bPaths: [0, 0],
};
for (const discovered of machines) {
  const { id, file } = discovered;
  const entry = summary[id];
  const browser = walks.coverage.find((c) => c.machineId === id);
  const paths = walks.paths.filter((p) => p.machineId === id);
  const machineFull =
    !!entry &&
    entry.states.covered === entry.states.total &&
    entry.transitions.covered === entry.transitions.total;
  const walkedOk =
    entry?.walked?.filter((w) => w.ok).length ?? (entry ? entry.paths - entry.failures.length : 0);
  if (entry) {
    totals.states[0]! += entry.states.covered;
    totals.states[1]! += entry.states.total;
    totals.transitions[0]! += entry.transitions.covered;
    totals.transitions[1]! += entry.transitions.total;
    totals.paths[0]! += walkedOk;
    totals.paths[1]! += entry.walked?.length ?? entry.paths;
  }
  let browserCells = '<td colspan="3" class="muted">no browser walk</td>';
  if (browser) {
    const excludedStates = Object.keys(browser.states.excluded).length;
    const excludedTransitions = Object.keys(browser.transitions.excluded).length;
    totals.bStates[0]! += browser.states.covered.length;
    totals.bStates[1]! += browser.states.total;
    totals.bTransitions[0]! += browser.transitions.covered.length;
    totals.bTransitions[1]! += browser.transitions.total;
    totals.bPaths[0]! += browser.paths.passed;
    totals.bPaths[1]! += browser.paths.total;
    browserCells =
      `<td>${pct(browser.states.covered.length, browser.states.total)}${excludedStates ? ` + ${excludedStates} excluded` : ''}</td>` +
      `<td>${pct(browser.transitions.covered.length, browser.transitions.total)}${excludedTransitions ? ` + ${excludedTransitions} excluded` : ''}</td>` +
      `<td>${browser.paths.passed}/${browser.paths.total} passed (of ${browser.paths.generated} generated)</td>`;
  }
  rows.push(
    `<tr class="${machineFull ? '' : 'bad'}"><td><a href="#${esc(id)}">${esc(id)}</a></td>` +
      (entry
        ? `<td>${pct(entry.states.covered, entry.states.total)}</td><td>${pct(entry.transitions.covered, entry.transitions.total)}</td><td>${walkedOk}/${entry.walked?.length ?? entry.paths}</td>`
        : '<td colspan="3" class="bad">no model walk reported</td>') +
      `${browserCells}</tr>`,
  );

  const machinePaths = (entry?.walked ?? [])
    .map((w) => `<li class="${w.ok ? 'ok' : 'bad'}">${w.ok ? '✓' : '✗'} ${esc(w.description)}</li>`)
    .join('');
  const missing = [
    ...(entry?.states.missing ?? []).map((s) => `state ${s}`),
    ...(entry?.transitions.missing ?? []).map((t) => `transition ${t}`),
  ];
  const browserMissing = browser
    ? [
        ...browser.states.missing.map((s) => `state ${s}`),
        ...browser.transitions.missing.map((k) => `transition ${browser.transitions.descriptions[k] ?? k}`),
      ]
    : [];
  const excluded = browser
    ? Object.entries(browser.transitions.excluded).map(
        ([k, why]) => `<li>${esc(browser.transitions.descriptions[k] ?? k)}: ${esc(why)}</li>`,
      )
    : [];
  const allStates = getAllStateNodes(discovered.machine).filter((n) => n.parent).length;
  sections.push(
    `<section id="${esc(id)}"><h2>${esc(id)}</h2><p class="muted">${esc(file)} · ${allStates} states</p>` +
      `<h3>Machine level</h3>` +
      (missing.length
        ? `<ul class="bad">${missing.map((m) => `<li>missing ${esc(m)}</li>`).join('')}</ul>`
        : '') +
      `<div class="chart">${machineChart(discovered, entry)}</div>` +
      `<details><summary>${entry?.walked?.length ?? 0} model paths</summary><ol class="mpaths">${machinePaths}</ol></details>` +
      (browser
        ? `<h3>Browser level</h3><p>Walk: <code>${esc(browser.file)}</code></p>` +
          (browserMissing.length
            ? `<ul class="bad">${browserMissing.map((m) => `<li>not covered in the browser: ${esc(m)}</li>`).join('')}</ul>`
            : '') +
          (excluded.length
            ? `<p>Excluded (cannot be brought about in a real browser):</p><ul class="muted">${excluded.join('')}</ul>`
            : '') +
          `<div class="chart">${browserChart(discovered, browser)}</div>${paths.map(browserPath).join('')}`
        : '') +
      `</section>`,
  );
}

const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Upkeep Console — QA report</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body { font: 14px/1.45 system-ui, sans-serif; margin: 0 auto; padding: 24px; max-width: 1400px; color: #1a202c; }
table { border-collapse: collapse; width: 100%; } th, td { border-bottom: 1px solid #e2e8f0; padding: 4px 8px; text-align: left; }
tr.bad td:first-child, .bad { color: #c53030; } .ok { color: #276749; } .muted { color: #718096; }
.chart { overflow-x: auto; border: 1px solid #e2e8f0; border-radius: 8px; padding: 8px; margin: 8px 0; background: #fff; }
.legend span { display: inline-block; margin-right: 16px; } .legend i { display: inline-block; width: 22px; height: 10px; margin-right: 4px; vertical-align: middle; }
section { border-top: 2px solid #e2e8f0; margin-top: 28px; } details.path { margin: 6px 0; } details.path summary { cursor: pointer; }
ol.steps { list-style: none; padding-left: 8px; display: grid; grid-template-columns: repeat(auto-fill, minmax(280px, 1fr)); gap: 10px; } ol.steps img { width: 100%; border: 1px solid #cbd5e0; margin-top: 4px; }
.n { display: inline-block; min-width: 1.6em; color: #718096; } pre.error { white-space: pre-wrap; background: #fff5f5; padding: 8px; }
code { background: #edf2f7; padding: 0 3px; border-radius: 3px; }
</style></head><body>
<h1>Upkeep Console — QA report</h1>
<p>${results.map((r) => `<span class="${r.ok ? 'ok' : 'bad'}">${r.ok ? '✓' : '✗'} ${esc(r.name)}</span>`).join(' · ')}</p>
<p class="legend"><span><i style="background:#2f855a"></i>covered</span><span><i style="background:#c53030"></i>not covered</span><span><i style="background:#a0aec0"></i>excluded (reason listed)</span></p>
<h2>Coverage</h2>
<p>Machine level: states ${pct(totals.states[0]!, totals.states[1]!)}, transitions ${pct(totals.transitions[0]!, totals.transitions[1]!)}, paths ${totals.paths[0]}/${totals.paths[1]} passed.
Browser level (walked flows): states ${pct(totals.bStates[0]!, totals.bStates[1]!)}, transitions ${pct(totals.bTransitions[0]!, totals.bTransitions[1]!)}, paths ${totals.bPaths[0]}/${totals.bPaths[1]} passed.</p>
<table><thead><tr><th>Machine</th><th>States</th><th>Transitions</th><th>Model paths</th><th>Browser states</th><th>Browser transitions</th><th>Browser paths</th></tr></thead>
<tbody>${rows.join('')}</tbody></table>
${sections.join('\n')}
</body></html>`;
writeFileSync(join(OUT, 'index.html'), html);
console.log(`\nQA report: ${join(OUT, 'index.html')}`);
const failed = results.filter((r) => !r.ok);
if (failed.length) console.log(`Failed: ${failed.map((r) => r.name).join(', ')}`);
process.exit(failed.length ? 1 : 0);
