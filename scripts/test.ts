/**
 * `npm test`: everything that proves the project, in order — format, lint, types, statechart docs and the
 * architecture guide's paths (these five side by side), unit and model-based tests with their coverage summary, API tests (PGlite, and
 * PostgreSQL when reachable), the build with its byte budget, the browser tests, and a scan of the browser stack's
 * log and database for secrets. Every step runs even after one fails, so one run shows
 * every problem; the exit code is non-zero when any failed. Each step's time is printed, and the last line
 * counts the tests.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { E2E, E2E_BUILD_ARGS, E2E_BUILD_ENV, E2E_PREBUILT_VARIABLE } from '../tests/e2e/stack';
import { TEST_PORTS } from '../tests/ports';
import { bin, ROOT, tsx } from './lib/processes';

interface Step {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

const TMP = join(ROOT, '.tmp');
mkdirSync(TMP, { recursive: true });
const vitestReports = ['unit', 'api'].map((project) =>
  join(TMP, `vitest-${project}-${TEST_PORTS.offset}.json`),
);
const [unitReport = '', apiReport = ''] = vitestReports;
const playwrightReport = join(TMP, `playwright${TEST_PORTS.offset ? `-${TEST_PORTS.offset}` : ''}.json`);
const coverageReport = join(TMP, 'model-coverage');
for (const file of [...vitestReports, playwrightReport, coverageReport])
  rmSync(file, { recursive: true, force: true });

const vitest = (project: string, report: string): Step => ({
  name: project === 'api' ? 'API tests' : 'unit and model tests',
  command: bin('vitest'),
  args: ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
});

// Format, lint and type checks keep their caches in .tmp: a second run only re-checks what changed.
const format: Step = {
  name: 'format',
  command: bin('prettier'),
  args: ['--check', '.', '--log-level', 'warn', '--cache', '--cache-location', join(TMP, 'prettier-cache')],
};
const lint: Step = {
  name: 'lint',
  command: bin('eslint'),
  args: ['--max-warnings', '0', '--cache', '--cache-location', join(TMP, 'eslint-cache'), '.'],
};
const typecheck: Step = {
  name: 'typecheck',
  command: bin('tsc'),
  args: [
    '-p',
    'tsconfig.json',
    '--noEmit',
    '--incremental',
    '--tsBuildInfoFile',
    join(TMP, 'tsc.tsbuildinfo'),
  ],
};
const statechartDocs: Step = {
  name: 'statechart docs',
  command: tsx(),
  args: ['scripts/statecharts.ts', 'check'],
};
const docPaths: Step = {
  name: 'architecture guide paths',
  command: tsx(),
  args: ['scripts/check-doc-paths.ts'],
};

/**
 * In order; the steps of one array run side by side. The static checks are one process each (a core each);
 * the API and browser steps each keep both cores busy, so nothing runs beside them (the checks run alongside
 * the browser tests slowed them by more than the checks' own time).
 */
const steps: (Step | Step[])[] = [
  [typecheck, lint, format, statechartDocs, docPaths],
  vitest('unit', unitReport),
  { name: 'model coverage', command: tsx(), args: ['scripts/model-coverage.ts'] },
  vitest('api', apiReport),
  // One build serves both the byte budget and the browser tests (built for the browser tests' stack).
  {
    name: 'build',
    command: bin('vite'),
    args: [...E2E_BUILD_ARGS, '--logLevel', 'warn'],
    env: E2E_BUILD_ENV,
  },
  { name: 'bundle budget', command: tsx(), args: ['scripts/budget.ts', E2E.buildDir] },
  {
    name: 'browser tests',
    command: bin('playwright'),
    args: ['test'],
    env: { [E2E_PREBUILT_VARIABLE]: '1' },
  },
  // The browser stack's whole API log and database, after every browser test wrote to them: no secret.
  { name: 'secrets in the log and database', command: tsx(), args: ['scripts/secrets-scan.ts'] },
];

const results: { name: string; ok: boolean; seconds: number }[] = [];
/** The failed tests listed before the last line (each one line). */
const MAX_FAILURES_SHOWN = 30;
const runStarted = Date.now();

/** Runs one step; `held` keeps its output to print whole when it ends (a step running beside another). */
function run(step: Step, held: boolean): Promise<void> {
  if (!held) console.log(`\n━━ ${step.name} ━━`);
  const started = Date.now();
  // When the build failed, the browser tests' set-up builds (and reports) it itself.
  const buildFailed = results.some((r) => r.name === 'build' && !r.ok);
  const env = step.env?.[E2E_PREBUILT_VARIABLE] && buildFailed ? {} : step.env;
  const child = spawn(step.command, step.args, {
    cwd: ROOT,
    stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...env, FORCE_COLOR: process.env.CI ? '0' : '1' },
  });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      const seconds = (Date.now() - started) / 1000;
      results.push({ name: step.name, ok, seconds });
      if (held) {
        const text = Buffer.concat(output).toString().trimEnd();
        console.log(
          `\n━━ ${step.name} (${ok ? 'passed' : 'FAILED'}, ${seconds.toFixed(1)} s) ━━${text ? `\n${text}` : ''}`,
        );
      }
      resolve();
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${String(error)}\n`));
      done(false);
    });
    child.on('close', (code) => done(code === 0));
  });
}

// Steps side by side run at once, a process each. Without their caches the four checks took 52 s one after
// another and 43 s side by side here; on fresh clones 46 s one after another and 38–44 s side by side.
for (const step of steps) {
  if (Array.isArray(step)) {
    console.log(`\n━━ ${step.map((s) => s.name).join(', ')} (side by side) ━━`);
    await Promise.all(step.map((s) => run(s, true)));
  } else await run(step, false);
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: {
      ancestorTitles: string[];
      title: string;
      status: string;
      failureMessages: string[];
    }[];
  }[];
}
interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: {
    title: string;
    tests: { status: string; results: { error?: { message?: string } }[] }[];
  }[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  config?: { rootDir?: string };
  suites?: PlaywrightSuite[];
  errors?: { message?: string }[];
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}

const readReport = <T>(file: string): T | undefined =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;

function counts(): { passed: number; failed: number; skipped: number } {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const report of vitestReports) {
    const v = readReport<VitestReport>(report);
    if (!v) continue;
    passed += v.numPassedTests;
    failed += v.numFailedTests;
    skipped += v.numPendingTests + v.numTodoTests;
  }
  const p = readReport<PlaywrightReport>(playwrightReport);
  if (p) {
    passed += p.stats.expected;
    failed += p.stats.unexpected + p.stats.flaky;
    skipped += p.stats.skipped;
  }
  return { passed, failed, skipped };
}

/** The first line of an error that says something, without colour codes. */
const firstLine = (message: string | undefined) =>
  (message ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line !== '')
    ?.slice(0, 200) ?? '(no message)';

/**
 * Each failed test as "file > describe > test: first error line", read from the JSON reports: the step's own
 * output may be far above the end of a log that only its tail is kept of. A file that failed without a failed
 * test (a hook, an import) is named with its message.
 */
function failures(): string[] {
  const lines: string[] = [];
  for (const report of vitestReports) {
    for (const file of readReport<VitestReport>(report)?.testResults ?? []) {
      const path = relative(ROOT, file.name);
      const failedTests = file.assertionResults.filter((test) => test.status === 'failed');
      for (const test of failedTests)
        lines.push(
          `${[path, ...test.ancestorTitles, test.title].join(' > ')}: ${firstLine(test.failureMessages[0])}`,
        );
      if (file.status === 'failed' && failedTests.length === 0)
        lines.push(`${path}: ${firstLine(file.message || 'failed outside its tests (a hook or an import)')}`);
    }
  }
  const p = readReport<PlaywrightReport>(playwrightReport);
  const root = p?.config?.rootDir ?? join(ROOT, 'tests', 'e2e');
  // A file's suite is titled by its path; the describe blocks inside it add their titles.
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        if (test.status === 'unexpected' || test.status === 'flaky')
          lines.push(
            `${[...titles, spec.title].join(' > ')}${test.status === 'flaky' ? ' (flaky)' : ''}: ${firstLine(test.results.find((r) => r.error)?.error?.message)}`,
          );
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of p?.suites ?? []) walk(suite, [relative(ROOT, join(root, suite.file ?? suite.title))]);
  for (const error of p?.errors ?? []) lines.push(`browser tests: ${firstLine(error.message)}`);
  return lines;
}

console.log('\n━━ summary ━━');
for (const r of results) console.log(`  ${r.ok ? '✓' : '✗'} ${r.name} (${r.seconds.toFixed(1)} s)`);
console.log(`  total (${((Date.now() - runStarted) / 1000).toFixed(1)} s)`);
const failedSteps = results.filter((r) => !r.ok);
const { passed, failed, skipped } = counts();
if (failedSteps.length > 0) console.log(`\nFailed: ${failedSteps.map((r) => r.name).join(', ')}`);
// Last but one, so the tail of a log names what failed; at most MAX_FAILURES_SHOWN lines.
const failedTests = failures();
if (failedTests.length > 0) {
  console.log(`\nFailed tests:`);
  for (const line of failedTests.slice(0, MAX_FAILURES_SHOWN)) console.log(`  ${line}`);
  if (failedTests.length > MAX_FAILURES_SHOWN)
    console.log(`  … and ${failedTests.length - MAX_FAILURES_SHOWN} more (in the reports in .tmp)`);
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedSteps.length > 0 || failed > 0 || passed === 0 ? 1 : 0);
