import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import {
  assertFullCoverage,
  coverMachine,
  createMachineTestModel,
  formatCoverage,
  formatCoverageSummary,
  getModelPaths,
  readCoverageSummary,
  recordCoverage,
  type CoverOptions,
} from '../support/model';
import { collectTransitions } from '../../scripts/lib/statechart-doc';

/**
 * A small form flow with everything the helper has to handle: a guard with both branches, a compound state,
 * a promise actor that completes or fails, a named delay, a final state.
 */
const formMachine = setup({
  types: {
    context: {} as { name: string; savedId: string | null },
    events: {} as { type: 'form.submit'; name: string } | { type: 'form.reset' },
  },
  actors: {
    save: fromPromise<{ id: string }, { name: string }>(() =>
      Promise.reject(new Error('provided by the test')),
    ),
  },
  guards: {
    hasName: (_, params: { name: string }) => params.name.trim().length > 0,
  },
  delays: { retryDelay: 2_000 },
}).createMachine({
  id: 'form',
  context: { name: '', savedId: null },
  initial: 'editing',
  states: {
    editing: {
      initial: 'pristine',
      states: {
        pristine: {},
        invalid: { description: 'The last submit had no name.' },
      },
      on: {
        'form.submit': [
          {
            guard: { type: 'hasName', params: ({ event }) => ({ name: event.name }) },
            target: 'saving',
            actions: assign({ name: ({ event }) => event.name }),
          },
          { target: '.invalid' },
        ],
      },
    },
    saving: {
      invoke: {
        src: 'save',
        input: ({ context }) => ({ name: context.name }),
        onDone: { target: 'saved', actions: assign({ savedId: ({ event }) => event.output.id }) },
        onError: { target: 'failed' },
      },
    },
    failed: {
      after: { retryDelay: { target: 'saving' } },
      on: { 'form.reset': { target: 'editing', actions: assign({ name: '' }) } },
    },
    saved: { type: 'final' },
  },
});

type FormOptions = CoverOptions<typeof formMachine>;

const complete: FormOptions = {
  events: {
    'form.submit': [
      { type: 'form.submit', name: 'Boiler check' },
      { type: 'form.submit', name: '  ' },
    ],
    'form.reset': [{ type: 'form.reset' }],
  },
  outputs: { save: [{ id: 'job-1' }] },
  summaryDir: false,
};

describe('coverMachine', () => {
  it('walks every state and transition when the samples are complete', async () => {
    const report = await coverMachine(formMachine, complete);

    expect(report.machineId).toBe('form');
    expect(report.states).toEqual({ covered: 6, total: 6, missing: [] });
    expect(report.transitions).toEqual({ covered: 6, total: 6, missing: [] });
    expect(report.failures).toEqual([]);
    expect(report.unsampledEvents).toEqual([]);
    expect(formatCoverage(report)).toBe('form: states 6/6, transitions 6/6');
    expect(() => assertFullCoverage(report)).not.toThrow();
  });

  it('reports the exact transition left unwalked when an event has no sample', async () => {
    const report = await coverMachine(formMachine, {
      ...complete,
      events: { 'form.submit': complete.events?.['form.submit'] },
    });

    expect(report.states.covered).toBe(report.states.total);
    expect(report.transitions).toEqual({
      covered: 5,
      total: 6,
      missing: ['failed → editing on form.reset'],
    });
    expect(report.unsampledEvents).toEqual(['form.reset']);
    expect(() => assertFullCoverage(report)).toThrow(
      /transitions 5\/6[\s\S]*missing transition: failed → editing on form\.reset[\s\S]*no sample given for event: form\.reset/,
    );
  });

  it('reports the guard branch and the state it would have reached when one sample is missing', async () => {
    const report = await coverMachine(formMachine, {
      ...complete,
      events: { ...complete.events, 'form.submit': [{ type: 'form.submit', name: 'Boiler check' }] },
    });

    expect(report.states.missing).toEqual(['form.editing.invalid']);
    expect(report.transitions.missing).toEqual(['editing → editing.invalid on form.submit']);
    expect(() => assertFullCoverage(report)).toThrow(/missing state: form\.editing\.invalid/);
  });

  it('generates the actor and delay events from the machine, with given outputs and errors', () => {
    const paths = getModelPaths(formMachine, complete);
    const labels = paths.map((path) => path.steps.map((step) => step.label).join(' → '));

    expect(labels).toContain('form.submit → done: save');
    expect(labels).toContain('form.submit → error: save → after retryDelay');
    const done = paths.flatMap((path) => path.steps).find((step) => step.kind === 'done.actor');
    expect(done?.event).toEqual({
      type: 'xstate.done.actor.0.form.saving',
      output: { id: 'job-1' },
      actorId: '0.form.saving',
    });
    const error = paths.flatMap((path) => path.steps).find((step) => step.kind === 'error.actor');
    expect(error?.event).toMatchObject({
      type: 'xstate.error.actor.0.form.saving',
      error: expect.any(Error),
    });
  });

  it('executes each path on a real actor with a simulated clock and controlled actors', async () => {
    let saves = 0;
    const provided = formMachine.provide({
      actions: {},
      actors: {
        save: fromPromise(() => {
          saves++;
          return Promise.resolve({ id: 'never used' });
        }),
      },
    });
    const report = await coverMachine(provided, complete);

    expect(report.failures).toEqual([]);
    expect(report.transitions.covered).toBe(report.transitions.total);
    expect(saves).toBe(0);
  });

  it('fails a path whose real run leaves the model', async () => {
    // The guard reads state the model cannot see: an action bumps it only when actions really run.
    let submitted = 0;
    const leaky = setup({
      types: { events: {} as { type: 'go' } },
      guards: { firstTime: () => submitted === 0 },
      actions: { count: () => void submitted++ },
    }).createMachine({
      id: 'leaky',
      initial: 'idle',
      states: {
        idle: { on: { go: [{ guard: 'firstTime', target: 'once', actions: 'count' }, { target: 'again' }] } },
        once: { on: { go: [{ guard: 'firstTime', target: 'idle' }, { target: 'again' }] } },
        again: {},
      },
    });

    const report = await coverMachine(leaky, { events: { go: [{ type: 'go' }] }, summaryDir: false });

    expect(report.failures).toEqual([
      '"idle" → go → go: step 2 (go) expected "idle" (active) but the actor is in "again" (active)',
    ]);
    expect(() => assertFullCoverage(report)).toThrow(/failed path: "idle" → go → go/);
  });

  it('counts transient states and always transitions, and never offers a delay a shorter one preempts', async () => {
    const timed = setup({
      types: { context: {} as { urgent: boolean }, events: {} as { type: 'ticket.open'; urgent: boolean } },
      guards: { isUrgent: ({ context }) => context.urgent },
    }).createMachine({
      id: 'timed',
      context: { urgent: false },
      initial: 'closed',
      states: {
        closed: {
          on: {
            'ticket.open': { target: 'triaging', actions: assign({ urgent: ({ event }) => event.urgent }) },
          },
        },
        triaging: { always: [{ guard: 'isUrgent', target: 'paging' }, { target: 'waiting' }] },
        paging: {},
        waiting: { after: { 1000: 'reminded', 5000: 'escalated' } },
        reminded: { type: 'final' },
        escalated: { type: 'final' },
      },
    });

    const report = await coverMachine(timed, {
      events: {
        'ticket.open': [
          { type: 'ticket.open', urgent: true },
          { type: 'ticket.open', urgent: false },
        ],
      },
      summaryDir: false,
    });

    expect(report.failures).toEqual([]);
    expect(report.states.missing).toEqual(['timed.escalated']);
    expect(report.transitions.missing).toEqual(['waiting → escalated on after 5000 ms']);
  });

  it('replays through the transition function only when execute is false', async () => {
    const report = await coverMachine(formMachine, { ...complete, execute: false });

    expect(report.transitions.covered).toBe(report.transitions.total);
    expect(report.failures).toEqual([]);
  });

  it('explains a done event that cannot be handled without an output sample', async () => {
    await expect(coverMachine(formMachine, { ...complete, outputs: {} })).rejects.toThrow(
      /form: done: save in "saving" threw: .*\(give a sample in outputs\['save'\]\)/,
    );
  });
});

describe('the model', () => {
  it('is a TestModel whose paths can drive a UI walk', async () => {
    const model = createMachineTestModel(formMachine, complete);
    const reached: string[] = [];
    for (const path of model.getShortestPaths()) {
      await path.test({
        states: { saved: (snapshot) => void reached.push(JSON.stringify(snapshot.value)) },
      });
    }
    expect(reached).toContain('"saved"');
  });

  it('keys transitions the same way on provided copies, so coverage survives machine.provide()', () => {
    const keys = collectTransitions(formMachine).map((t) => t.key);
    expect(collectTransitions(formMachine.provide({})).map((t) => t.key)).toEqual(keys);
  });
});

describe('the coverage summary', () => {
  const dir = mkdtempSync(join(tmpdir(), 'model-coverage-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('merges reports per machine id', async () => {
    const file = join(dir, 'model-coverage');
    const first = await coverMachine(formMachine, { ...complete, summaryDir: file });
    recordCoverage(
      { ...first, machineId: 'another', states: { covered: 1, total: 2, missing: ['another.b'] } },
      file,
    );
    await coverMachine(formMachine, { ...complete, summaryDir: file });

    const summary = readCoverageSummary(file);
    expect(Object.keys(summary)).toEqual(['another', 'form']);
    expect(formatCoverageSummary(summary)).toEqual([
      'another: states 1/2, transitions 6/6',
      'form: states 6/6, transitions 6/6',
    ]);
  });
});
