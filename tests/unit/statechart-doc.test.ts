import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assign, fromPromise, not, setup } from 'xstate';
import {
  collectTransitions,
  describeDiff,
  diffDocs,
  discoverMachines,
  planDocs,
  renderMachineDoc,
  renderMermaid,
  writeDocs,
  type DiscoveredMachine,
} from '../../scripts/lib/statechart-doc';

function createVisitMachine() {
  return setup({
    types: {
      context: {} as { notes: string; late: boolean },
      events: {} as
        | { type: 'visit.start' }
        | { type: 'visit.cancel' }
        | { type: 'note.change'; value: string }
        | { type: 'checklist.complete' }
        | { type: 'photos.complete' },
    },
    actors: {
      submitVisit: fromPromise<{ id: string }>(() => Promise.reject(new Error('provided by the route'))),
      uploadPhotos: fromPromise<void>(() => Promise.resolve()),
    },
    guards: {
      isLate: ({ context }) => context.late,
      hasNotes: ({ context }) => context.notes.length > 0,
    },
    actions: {
      logCancel: () => {},
      trackStart: () => {},
    },
    delays: { autosave: 30_000, lateAfter: ({ context }) => (context.late ? 0 : 60_000) },
  }).createMachine({
    id: 'visit',
    description: 'A technician works through one visit: checklist and photos, then submit.',
    context: { notes: '', late: false },
    initial: 'scheduled',
    on: { 'visit.cancel': { target: '.cancelled', actions: 'logCancel' } },
    states: {
      scheduled: {
        on: {
          'visit.start': [
            { guard: 'isLate', target: 'working', actions: 'trackStart' },
            { guard: not('isLate'), target: 'working' },
          ],
        },
      },
      working: {
        type: 'parallel',
        description: 'Checklist and photos progress independently.',
        entry: 'trackStart',
        after: {
          autosave: { target: 'working', reenter: true },
          500: { target: 'review', guard: 'hasNotes' },
        },
        onDone: 'submitting',
        states: {
          checklist: {
            initial: 'open',
            states: {
              open: { on: { 'checklist.complete': 'done' } },
              done: { type: 'final' },
            },
          },
          photos: {
            initial: 'uploading',
            states: {
              uploading: {
                tags: ['busy'],
                invoke: { id: 'upload', src: 'uploadPhotos', onDone: 'done', onError: 'done' },
                on: { 'photos.complete': 'done' },
              },
              done: { type: 'final' },
            },
          },
        },
        on: { 'note.change': { actions: assign({ notes: ({ event }) => event.value }) } },
      },
      review: { always: [{ guard: 'hasNotes', target: 'submitting' }, { target: 'working' }] },
      submitting: {
        tags: ['busy'],
        invoke: { src: 'submitVisit', onDone: 'submitted', onError: 'working' },
      },
      submitted: { type: 'final' },
      cancelled: { type: 'final', description: 'Cancelled by the office; nothing more happens.' },
    },
  });
}

const source = { file: 'src/machines/visit.machine.ts', exportName: 'visitMachine' };

describe('renderMermaid', () => {
  const lines = renderMermaid(createVisitMachine())
    .split('\n')
    .map((line) => line.trim());

  it('draws nested, parallel, initial and final states', () => {
    expect(lines[0]).toBe('stateDiagram-v2');
    expect(lines).toContain('state "visit" as visit {');
    expect(lines).toContain('[*] --> visit_scheduled');
    expect(lines).toContain('state "working (parallel)" as visit_working {');
    expect(lines).toContain('state "checklist" as visit_working_checklist {');
    expect(lines).toContain('[*] --> visit_working_checklist_open');
    expect(lines).toContain('--');
    expect(lines).toContain('visit_working_photos_done --> [*]');
    expect(lines).toContain('visit_submitted --> [*]');
  });

  it('labels transitions with event and guard, delays with their value, and actor outcomes', () => {
    expect(lines).toContain('visit_scheduled --> visit_working : visit.start [isLate]');
    expect(lines).toContain('visit_scheduled --> visit_working : visit.start [!isLate]');
    expect(lines).toContain('visit_working --> visit_working : after autosave (30000 ms)');
    expect(lines).toContain('visit_working --> visit_review : after 500 ms [hasNotes]');
    expect(lines).toContain('visit_review --> visit_submitting : always [hasNotes]');
    expect(lines).toContain('visit_working --> visit_submitting : onDone');
    // Mermaid ends a label at ":", so the colon goes in as an entity and renders as "done: submitVisit".
    expect(lines).toContain('visit_submitting --> visit_submitted : done#58; submitVisit');
    expect(lines).toContain('visit_submitting --> visit_working : error#58; submitVisit');
    expect(lines).toContain(
      'visit_working_photos_uploading --> visit_working_photos_done : done#58; uploadPhotos',
    );
  });

  it('draws a transition in the innermost block that holds both ends', () => {
    const mermaid = renderMermaid(createVisitMachine());
    const rootBlockEnd = mermaid.lastIndexOf('\n  }');
    // Handled on the root: drawn outside the root block, from the root box.
    expect(mermaid.indexOf('  visit --> visit_cancelled : visit.cancel')).toBeGreaterThan(rootBlockEnd);
    // Internal transition (no target): a loop on its state.
    expect(lines).toContain('visit_working --> visit_working : note.change');
  });
});

describe('renderMachineDoc', () => {
  const doc = renderMachineDoc(createVisitMachine(), source);

  it('starts with the title, the source and the machine description', () => {
    expect(doc).toMatch(/^<!-- Generated by `npm run statecharts` from src\/machines\/visit\.machine\.ts\./);
    expect(doc).toContain('\n# visit\n');
    expect(doc).toContain(
      'Source: [`src/machines/visit.machine.ts`](../../src/machines/visit.machine.ts) (export `visitMachine`).',
    );
    expect(doc).toContain('A technician works through one visit: checklist and photos, then submit.');
    expect(doc).toContain('```mermaid\nstateDiagram-v2\n');
  });

  it('lists states with type, tags, description, invoked actors and entry actions', () => {
    expect(doc).toContain('| `(machine)` | compound (initial: `scheduled`) |');
    expect(doc).toContain(
      '| `working` | parallel |  | Checklist and photos progress independently. |  | `trackStart` |  |',
    );
    expect(doc).toContain(
      '| `working.photos.uploading` | atomic | `busy` |  | `uploadPhotos` (id `upload`) |  |  |',
    );
    expect(doc).toContain('| `submitting` | atomic | `busy` |  | `submitVisit` |  |  |');
    expect(doc).toContain('| `cancelled` | final |  | Cancelled by the office; nothing more happens. |');
  });

  it('lists every transition by event', () => {
    expect(doc).toContain('| `visit.start` | `scheduled` | `working` | `isLate` | `trackStart` |');
    expect(doc).toContain('| `visit.cancel` | `(machine)` | `cancelled` |  | `logCancel` |');
    expect(doc).toContain('| `note.change` | `working` | (stays: internal) |  | `assign` |');
    expect(doc).toContain('| after autosave (30000 ms) | `working` | `working` (re-enters) |  |  |');
    expect(doc).toContain('| done: submitVisit | `submitting` | `submitted` |  |  |');
    expect(doc).toContain(
      '| error: uploadPhotos | `working.photos.uploading` | `working.photos.done` |  |  |',
    );
    expect(doc).toContain('| always | `review` | `working` |  |  |');
    expect(doc).toContain('| onDone | `working` | `submitting` |  |  |');
  });

  it('lists guards, delays with their values, and actors', () => {
    expect(doc).toContain('- `isLate`: used by `scheduled` on visit.start\n');
    expect(doc).toContain('- `hasNotes`: used by `working` on after 500 ms; `review` on always');
    expect(doc).toContain('- `autosave`: 30000 ms; used by `working` on after autosave (30000 ms)');
    expect(doc).toContain('- `lateAfter`: computed from context/event; not referenced by any transition');
    expect(doc).toContain('- 500 ms (inline): used by `working` on after 500 ms');
    expect(doc).toContain('- `submitVisit`: invoked by `submitting`');
    expect(doc).toContain('- `uploadPhotos`: invoked by `working.photos.uploading` (id `upload`)');
  });

  it('is deterministic', () => {
    expect(renderMachineDoc(createVisitMachine(), source)).toBe(doc);
    expect(doc).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});

describe('collectTransitions', () => {
  it('finds every candidate of on, after, always, invoke done/error and state onDone', () => {
    const kinds = collectTransitions(createVisitMachine()).map((t) => `${t.kind} ${t.description}`);
    expect(kinds).toEqual([
      'event (machine) → cancelled on visit.cancel',
      'event scheduled → working on visit.start [isLate]',
      'event scheduled → working on visit.start [!isLate]',
      'event working (internal) on note.change',
      'done.state working → submitting on onDone',
      // Integer-like keys come first in a JavaScript object, so `500` precedes `autosave`.
      'after working → review on after 500 ms [hasNotes]',
      'after working → working on after autosave (30000 ms)',
      'event working.checklist.open → working.checklist.done on checklist.complete',
      'event working.photos.uploading → working.photos.done on photos.complete',
      'done.actor working.photos.uploading → working.photos.done on done: uploadPhotos',
      'error.actor working.photos.uploading → working.photos.done on error: uploadPhotos',
      'always review → submitting on always [hasNotes]',
      'always review → working on always',
      'done.actor submitting → submitted on done: submitVisit',
      'error.actor submitting → working on error: submitVisit',
    ]);
  });
});

describe('writing and checking the docs folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'statecharts-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const machines: DiscoveredMachine[] = [{ ...source, id: 'visit', machine: createVisitMachine() }];

  it('writes one doc per machine, keeps the README and removes orphans', async () => {
    writeFileSync(join(dir, 'README.md'), '# hand-written\n');
    writeFileSync(join(dir, 'retired.md'), 'a machine that no longer exists\n');

    const result = await writeDocs(dir, planDocs(machines));

    expect(result).toEqual({ written: ['visit.md'], removed: ['retired.md'], unchanged: [] });
    expect(readdirSync(dir).sort()).toEqual(['README.md', 'visit.md']);
    expect(readFileSync(join(dir, 'visit.md'), 'utf8')).toBe(renderMachineDoc(createVisitMachine(), source));
  });

  it('finds nothing to report when the docs match', async () => {
    const diff = await diffDocs(dir, planDocs(machines));
    expect(describeDiff(diff)).toEqual([]);
    expect(diff.upToDate.map((d) => d.file)).toEqual(['visit.md']);
  });

  it('detects a stale, a missing and an orphaned doc', async () => {
    writeFileSync(
      join(dir, 'visit.md'),
      readFileSync(join(dir, 'visit.md'), 'utf8').replace('isLate', 'isEarly'),
    );
    writeFileSync(join(dir, 'gone.md'), 'old\n');
    const other = setup({}).createMachine({ id: 'other', initial: 'a', states: { a: {} } });
    const planned = planDocs([
      ...machines,
      { file: 'src/machines/other.machine.ts', exportName: 'otherMachine', id: 'other', machine: other },
    ]);

    const diff = await diffDocs(dir, planned);

    expect(describeDiff(diff)).toEqual([
      'missing   docs/statecharts/other.md (machine other in src/machines/other.machine.ts)',
      'stale     docs/statecharts/visit.md (machine visit in src/machines/visit.machine.ts)',
      'orphaned  docs/statecharts/gone.md (no machine has this id)',
    ]);
    unlinkSync(join(dir, 'gone.md'));
  });
});

describe('discoverMachines', () => {
  // Inside the project so the fixture resolves `xstate` from node_modules; .tmp is git-ignored.
  const root = resolve(import.meta.dirname, '..', '..', '.tmp', `statechart-doc-${process.pid}`);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('imports every *.machine.ts and returns each exported machine once', async () => {
    mkdirSync(join(root, 'src', 'machines'), { recursive: true });
    writeFileSync(
      join(root, 'src', 'machines', 'lamp.machine.ts'),
      [
        "import { setup } from 'xstate';",
        "export const lampMachine = setup({}).createMachine({ id: 'lamp', initial: 'off', states: { off: {}, on: {} } });",
        "export const dimmerMachine = setup({}).createMachine({ id: 'dimmer', initial: 'low', states: { low: {} } });",
        'export const notAMachine = { id: "x" };',
        'export default lampMachine;',
      ].join('\n'),
    );
    writeFileSync(join(root, 'src', 'machines', 'lamp.view.ts'), 'export const ignored = 1;\n');

    const found = await discoverMachines(root);

    expect(found.map((m) => [m.id, m.file, m.exportName])).toEqual([
      ['dimmer', 'src/machines/lamp.machine.ts', 'dimmerMachine'],
      ['lamp', 'src/machines/lamp.machine.ts', 'lampMachine'],
    ]);
  });
});
