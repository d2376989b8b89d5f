/**
 * Browser walks generated from the machines (issue 19): the same model walk the unit tests use
 * (`getModelPaths` in tests/support/model.ts) gives the paths; each path runs in the real browser against the
 * local stack. A walk is a table per machine:
 *
 * - `events`: for every event type of the machine, what a person does on the screen to send it;
 * - `outcomes`: for every invoked actor, how to make the real call end the way the step says (`done` /
 *   `error`): run *before* the step that starts the call (fill in an account of that role, arm a test-only
 *   fault switch of the reference API); nothing is mocked;
 * - `delays`: for every named delay, how the time passes (wait, or a control on the screen);
 * - `checks`: for every leaf state, what the screen must show in it (`passThrough(why)` for an in-flight
 *   state the screen leaves before anyone could look).
 *
 * All four are typed over the machine (its event types, actor names, delays and state values), so a new
 * event, actor, delay or state without an entry fails type-checking. An entry may be `unreachable(why)`:
 * paths through it are not walked and the report lists it with the reason (the gate counts it as excluded,
 * never as covered).
 *
 * What is checked after each step: the console's real actor for the machine (its inspection events, which
 * `useFlow` hands to `globalThis.__upkeepInspect` in test builds) must pass through the model's state, then
 * the state's check runs on the screen. Coverage is what the real actors did: the transitions and states
 * their microsteps report, recorded per path under `.tmp/e2e-<offset>/walks/` and summed by the walk's last
 * test, which fails when a state or transition is neither covered nor excluded.
 *
 * `WALK=<machine id>:<path index>` runs one path alone (the failure message prints the command);
 * `WALK_SHOTS=1` (set by `npm run qa`) keeps a screenshot per step for the report.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import type {
  AnyMachineSnapshot,
  AnyStateMachine,
  EventFromLogic,
  EventObject,
  StateMachine,
  StateValueFrom,
} from 'xstate';
import { collectTransitions, getAllStateNodes } from '../../../scripts/lib/statechart-doc';
import { getModelPaths, type ModelOptions, type ModelPath, type ModelStep } from '../../support/model';
import { expect, test } from '../fixtures';
import { readWalkRecords, WALKS_DIR, type WalkCoverageRecord, type WalkPathRecord } from './records';
import { isRequiredWalk } from './required';

// ---------------------------------------------------------------------------------------------------------
// Types: the tables a walk gives, derived from the machine
// ---------------------------------------------------------------------------------------------------------

type Joined<K, V> = K extends string ? (V extends string ? `${K}.${V}` : never) : never;

type Depth = [never, 0, 1, 2, 3, 4, 5];

/** Dotted paths of the leaf states in a state value type: `editing`, `form.saving` (up to six levels). */
export type LeafStatePath<V, D extends number = 6> = [D] extends [never]
  ? never
  : V extends string
    ? V
    : V extends Record<string, unknown>
      ? {
          [K in keyof V & string]: Joined<K, LeafStatePath<Exclude<V[K], undefined>, Depth[D]>>;
        }[keyof V & string]
      : never;

/* eslint-disable @typescript-eslint/no-explicit-any -- type parameters of StateMachine we do not read */
export type ActorNameOf<M> =
  M extends StateMachine<any, any, any, infer TActor, any, any, any, any, any, any, any, any, any, any>
    ? TActor extends { src: infer S extends string }
      ? S
      : never
    : never;
export type DelayNameOf<M> =
  M extends StateMachine<any, any, any, any, any, any, infer TDelay, any, any, any, any, any, any, any>
    ? TDelay & string
    : never;
/* eslint-enable @typescript-eslint/no-explicit-any */

export interface StepContext<TData> {
  page: Page;
  /** What the walk's `start` returned (accounts, records made for this path). */
  data: TData;
  step: ModelStep;
  /** The whole path, to look ahead (e.g. which outcome the next call must have). */
  path: ModelPath;
  index: number;
}

export type Act<TData, TEvent = EventObject> = (
  context: StepContext<TData> & { event: TEvent },
) => Promise<void>;

/** The event of an invoked actor's step: `output` when it completes, `error` when it fails. */
export type OutcomeEvent = EventObject & { output?: unknown; error?: unknown };
export type Check<TData> = (
  context: Omit<StepContext<TData>, 'step'> & {
    /** The model's snapshot in this state (its context says what the screen should show). */
    snapshot: AnyMachineSnapshot;
    step?: ModelStep;
  },
) => Promise<void>;

const UNREACHABLE = Symbol('unreachable');
const PASS_THROUGH = Symbol('passThrough');
export interface Unreachable {
  [UNREACHABLE]: true;
  reason: string;
}
export interface PassThrough {
  [PASS_THROUGH]: true;
  reason: string;
}

/** This step cannot be brought about in the real browser; paths through it are not walked. */
export function unreachable(reason: string): Unreachable {
  return { [UNREACHABLE]: true, reason };
}
/** An in-flight state the screen leaves before anyone could look; its next settled state is checked. */
export function passThrough(reason: string): PassThrough {
  return { [PASS_THROUGH]: true, reason };
}
function isUnreachable(value: unknown): value is Unreachable {
  return typeof value === 'object' && value !== null && UNREACHABLE in value;
}
function isPassThrough(value: unknown): value is PassThrough {
  return typeof value === 'object' && value !== null && PASS_THROUGH in value;
}

export interface Outcome<TData> {
  /** Runs before the step that starts the call, so the real call ends this way. */
  done: Act<TData, OutcomeEvent> | Unreachable;
  error: Act<TData, OutcomeEvent> | Unreachable;
}

export interface Walk<M extends AnyStateMachine, TData> {
  machine: M;
  /** The spec file, for the replay command. */
  file: string;
  /**
   * The model's samples for this walk (often fewer than the unit test's: each path costs a page). Several
   * option sets (variants, e.g. inputs a screen gives in different situations) add up their paths; `start`
   * is told which variant a path comes from.
   */
  model: ModelOptions<M> | ReadonlyArray<ModelOptions<M>>;
  /**
   * Set-up for one path: make its records, open its page; the machine is in its initial state after. When
   * the path begins with the outcome of a call the machine makes on entry (a load), `start` calls
   * `arrange(data)` before it opens the page, so that outcome's set-up (a fault switch) is in place first.
   */
  start: (
    page: Page,
    path: ModelPath,
    arrange: (data: TData) => Promise<void>,
    variant: number,
  ) => Promise<TData>;
  events: {
    [K in EventFromLogic<M>['type']]: Act<TData, Extract<EventFromLogic<M>, { type: K }>> | Unreachable;
  };
  outcomes: { [K in ActorNameOf<M>]: Outcome<TData> };
  delays: { [K in DelayNameOf<M>]: Act<TData> | Unreachable };
  checks: { [K in LeafStatePath<StateValueFrom<M>>]: Check<TData> | PassThrough | Unreachable };
  /**
   * Paths the local stack cannot play in that order (a sandbox that cannot answer one way after another):
   * return why, and the path is left out; the gate still needs every state and transition from the others.
   */
  unplayable?: (path: ModelPath) => string | false;
  /** Keep every generated path instead of a covering subset (default false). */
  allPaths?: boolean;
  /**
   * What tells two model snapshots apart when the covering subset is chosen (default: the state value).
   * Give it when one event takes several transitions between the same states (guarded branches that only
   * change context), so that each branch gets a path of its own.
   */
  coverKey?: (snapshot: AnyMachineSnapshot) => string;
  /**
   * The screen starts the machine's actor only with the first event (a child a parent invokes on a click):
   * its initial state is not waited for after `start`; the first step's check covers it.
   */
  spawnedByFirstEvent?: boolean;
  /**
   * Where the screen sends the browser when the machine ends (a hosted page on another origin). The page's
   * last reports travel to the test after the step that leaves, and a page already gone drops them, so such
   * a navigation is held until the machine's final snapshot has been reported (at most 10 s). The spec's
   * own `page.route` handlers for that address end with `route.fallback()` so the hold sees the request.
   */
  leavesTo?: RegExp;
}

export function defineWalk<M extends AnyStateMachine, TData>(walk: Walk<M, TData>): Walk<M, TData> {
  return walk;
}

// ---------------------------------------------------------------------------------------------------------
// Reading the real actors in the page
// ---------------------------------------------------------------------------------------------------------

/** One inspection event of a machine actor in the page, reduced to plain data. */
interface PageRecord {
  machineId: string;
  sessionId: string;
  kind: 'snapshot' | 'microstep';
  value?: string;
  status?: string;
  states: string[];
  transitions: string[];
}

/**
 * Installed in the page before the console loads: keeps every machine actor's snapshots and microsteps
 * (transition keys computed as scripts/lib/statechart-doc.ts `transitionKey` does) and hands them to Node.
 */
function installRecorder(): void {
  interface Node {
    id: string;
    parent?: unknown;
    always?: unknown[];
    transitions: Map<string, unknown[]>;
  }
  interface Transition {
    eventType: string;
    source: Node;
  }
  const keyOf = (t: Transition): string => {
    const source = t.source;
    if (t.eventType === '' || !source.transitions.has(t.eventType)) {
      const index = source.always?.indexOf(t) ?? -1;
      if (index >= 0) return `${source.id}|always|${index}`;
    }
    return `${source.id}|${t.eventType}|${(source.transitions.get(t.eventType) ?? []).indexOf(t)}`;
  };
  const send = (window as unknown as { __walkRecord: (json: string) => void }).__walkRecord;
  (window as unknown as { __upkeepInspect: (event: Record<string, unknown>) => void }).__upkeepInspect = (
    event,
  ) => {
    if (event.type !== '@xstate.snapshot' && event.type !== '@xstate.microstep') return;
    const actor = event.actorRef as { sessionId: string; logic?: { id?: string; root?: unknown } };
    if (!actor.logic?.root || !actor.logic.id) return;
    const snapshot = event.snapshot as { value: unknown; status: string; _nodes?: Node[] };
    const states = (snapshot._nodes ?? []).filter((node) => node.parent).map((node) => node.id);
    send(
      JSON.stringify({
        machineId: actor.logic.id,
        sessionId: actor.sessionId,
        kind: event.type === '@xstate.snapshot' ? 'snapshot' : 'microstep',
        value: JSON.stringify(snapshot.value),
        status: snapshot.status,
        states,
        transitions:
          event.type === '@xstate.microstep' ? (event._transitions as Transition[]).map(keyOf) : [],
      } satisfies PageRecord),
    );
  };
}

class PageActors {
  readonly records: PageRecord[] = [];
  private cursor = 0;

  constructor(private readonly machineId: string) {}

  static async attach(page: Page, machineId: string): Promise<PageActors> {
    const actors = new PageActors(machineId);
    await page.exposeFunction('__walkRecord', (json: string) => {
      actors.records.push(JSON.parse(json) as PageRecord);
    });
    await page.addInitScript(installRecorder);
    return actors;
  }

  private mine(): PageRecord[] {
    return this.records.filter((record) => record.machineId === this.machineId);
  }

  /** Waits until an actor of the machine has been in `value` (with `status`) since the last step. */
  async reached(snapshot: AnyMachineSnapshot, label: string): Promise<void> {
    const value = JSON.stringify(snapshot.value);
    const found = (): number => {
      const all = this.records;
      for (let i = this.cursor; i < all.length; i++) {
        const r = all[i];
        if (
          r?.machineId === this.machineId &&
          r.kind === 'snapshot' &&
          r.value === value &&
          r.status === snapshot.status
        )
          return i;
      }
      return -1;
    };
    await expect
      .poll(() => found() >= 0, {
        message: `after "${label}" the console's ${this.machineId} actor should reach ${value} (${snapshot.status}); its last states: ${this.lastValues()}`,
        timeout: 15_000,
      })
      .toBe(true);
    this.cursor = found() + 1;
  }

  /**
   * Holds the main frame's navigations to `target` until this machine's final snapshot is reported (a
   * report still on its way when the page goes is lost).
   */
  async holdLeaving(page: Page, target: RegExp): Promise<void> {
    await page.route(target, async (route) => {
      const request = route.request();
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
        const done = () => this.mine().some((r) => r.kind === 'snapshot' && r.status === 'done');
        for (const until = Date.now() + 10_000; !done() && Date.now() < until;)
          await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await route.fallback();
    });
  }

  lastValues(): string {
    return (
      this.mine()
        .filter((r) => r.kind === 'snapshot')
        .slice(-4)
        .map((r) => r.value)
        .join(' → ') || 'none (no actor of this machine ran)'
    );
  }

  covered(): { states: Set<string>; transitions: Set<string> } {
    const states = new Set<string>();
    const transitions = new Set<string>();
    for (const r of this.mine()) {
      for (const id of r.states) states.add(id);
      for (const key of r.transitions) transitions.add(key);
    }
    return { states, transitions };
  }
}

// ---------------------------------------------------------------------------------------------------------
// Paths
// ---------------------------------------------------------------------------------------------------------

interface Plan {
  walked: Array<{ index: number; path: ModelPath; variant: number }>;
  generated: number;
  excludedSteps: Map<string, string>;
}

type Table = Record<string, unknown>;

function entryFor(walk: Walk<AnyStateMachine, unknown>, step: ModelStep): unknown {
  if (step.kind === 'event') return (walk.events as Table)[step.event.type];
  if (step.kind === 'after') return (walk.delays as Table)[step.label.replace(/^after /, '')];
  const actor = step.label.replace(/^(done|error): /, '');
  const outcome = (walk.outcomes as Record<string, Outcome<unknown> | undefined>)[actor];
  return step.kind === 'done.actor' ? outcome?.done : outcome?.error;
}

function stepKey(step: ModelStep): string {
  return step.label;
}

/** States of the model snapshot as dotted leaf paths (`form.saving`), the keys of `checks`. */
function leafPaths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [`${prefix}${value}`];
  if (value && typeof value === 'object')
    return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
      leafPaths(child, `${prefix}${key}.`),
    );
  return [];
}

/** Model-level replay of a path: the transitions and states it takes, to pick a covering set. */
function modelCoverage(
  machine: AnyStateMachine,
  path: ModelPath,
  key: (snapshot: AnyMachineSnapshot) => string = (snapshot) => JSON.stringify(snapshot.value),
): Set<string> {
  const seen = new Set<string>();
  let snapshot = path.initial;
  for (const node of snapshot._nodes) seen.add(`state:${node.id}`);
  // Where a path starts counts too: an input that settles elsewhere at once (an `always` hop) has no step.
  seen.add(`start:${key(snapshot)}`);
  for (const step of path.steps) {
    const before = snapshot;
    snapshot = step.snapshot;
    for (const node of snapshot._nodes) seen.add(`state:${node.id}`);
    seen.add(`edge:${key(before)}|${step.label}|${key(snapshot)}`);
  }
  void machine;
  return seen;
}

function planPaths(walk: Walk<AnyStateMachine, unknown>): Plan {
  const variants = Array.isArray(walk.model) ? walk.model : [walk.model as ModelOptions<AnyStateMachine>];
  const all = variants.flatMap((options, variant) =>
    getModelPaths(walk.machine, options).map((path) => ({ path, variant })),
  );
  const excludedSteps = new Map<string, string>();
  const usable: Plan['walked'] = [];
  for (const [index, { path, variant }] of all.entries()) {
    let blocked = false;
    for (const step of path.steps) {
      const entry = entryFor(walk, step);
      if (isUnreachable(entry)) {
        excludedSteps.set(stepKey(step), entry.reason);
        blocked = true;
      }
    }
    for (const snapshot of [path.initial, ...path.steps.map((s) => s.snapshot)])
      for (const leaf of leafPaths(snapshot.value)) {
        const check = (walk.checks as Table)[leaf];
        if (isUnreachable(check)) {
          excludedSteps.set(`state ${leaf}`, check.reason);
          blocked = true;
        }
      }
    if (!blocked && !walk.unplayable?.(path)) usable.push({ index, path, variant });
  }
  if (walk.allPaths) return { walked: usable, generated: all.length, excludedSteps };
  // A covering subset: longest paths first, each kept only if it adds a state or edge not yet walked.
  const seen = new Set<string>();
  const walked: typeof usable = [];
  for (const candidate of [...usable].sort(
    (a, b) => b.path.steps.length - a.path.steps.length || a.index - b.index,
  )) {
    const adds = [...modelCoverage(walk.machine, candidate.path, walk.coverKey)].filter(
      (item) => !seen.has(item),
    );
    if (adds.length === 0) continue;
    for (const item of adds) seen.add(item);
    walked.push(candidate);
  }
  walked.sort((a, b) => a.index - b.index);
  return { walked, generated: all.length, excludedSteps };
}

// ---------------------------------------------------------------------------------------------------------
// Running
// ---------------------------------------------------------------------------------------------------------

function replayCommand(walk: Walk<AnyStateMachine, unknown>, index: number): string {
  return `WALK=${walk.machine.id}:${index} npx playwright test ${walk.file}`;
}

async function runPath(
  walk: Walk<AnyStateMachine, unknown>,
  page: Page,
  path: ModelPath,
  index: number,
  variant: number,
  testInfo: TestInfo,
): Promise<void> {
  const machineId = walk.machine.id;
  const dir = join(WALKS_DIR, machineId);
  const shotsDir = join(dir, `path-${index}`);
  mkdirSync(shotsDir, { recursive: true });
  const shots = process.env.WALK_SHOTS === '1';
  const started = Date.now();
  const record: WalkPathRecord = {
    machineId,
    index,
    title: testInfo.title,
    description: path.description,
    replay: replayCommand(walk, index),
    ok: false,
    steps: [],
    states: [],
    transitions: [],
    outputDir: testInfo.outputDir,
    seconds: 0,
  };
  const actors = await PageActors.attach(page, machineId);
  if (walk.leavesTo) await actors.holdLeaving(page, walk.leavesTo);
  const labels = ['start', ...path.steps.map((step) => step.label)];
  const note = (label: string, state: string, ok: boolean, screenshot?: string) =>
    record.steps.push({ label, state, ok, ...(screenshot ? { screenshot } : {}) });

  /** Arranges the outcome steps that follow `from` (they need their set-up before the call starts). */
  const arrangeAfter = async (from: number, data: unknown) => {
    for (let i = from + 1; i < path.steps.length; i++) {
      const step = path.steps[i];
      if (!step || (step.kind !== 'done.actor' && step.kind !== 'error.actor')) break;
      const act = entryFor(walk, step);
      if (typeof act !== 'function')
        throw new Error(`${machineId} walk: no outcome entry for "${step.label}"`);
      await (act as Act<unknown>)({ page, data, step, event: step.event, path, index: i });
    }
  };

  const checkState = async (snapshot: AnyMachineSnapshot, data: unknown, i: number, step?: ModelStep) => {
    for (const leaf of leafPaths(snapshot.value)) {
      const check = (walk.checks as Table)[leaf];
      if (isPassThrough(check)) continue;
      if (typeof check !== 'function') throw new Error(`${machineId} walk: no check for state "${leaf}"`);
      await (check as Check<unknown>)({ page, data, path, index: i, snapshot, ...(step ? { step } : {}) });
    }
  };

  const shoot = async (i: number): Promise<string | undefined> => {
    if (!shots) return undefined;
    const file = join(shotsDir, `step-${String(i).padStart(2, '0')}.png`);
    await page.screenshot({ path: file });
    return relative(WALKS_DIR, file);
  };

  let current = 0;
  try {
    // Outcomes of calls the machine makes on entry are arranged by `start` before it opens the page.
    const leading = path.steps[0]?.kind === 'done.actor' || path.steps[0]?.kind === 'error.actor';
    let arranged = false;
    const data: unknown = await walk.start(
      page,
      path,
      async (d) => {
        arranged = true;
        await arrangeAfter(-1, d);
      },
      variant,
    );
    if (leading && !arranged)
      throw new Error(`${machineId} walk: start must call arrange(data) before opening the page`);
    if (!walk.spawnedByFirstEvent) {
      await actors.reached(path.initial, 'start');
      await checkState(path.initial, data, -1);
    }
    note('start', JSON.stringify(path.initial.value), true, await shoot(0));

    for (const [i, step] of path.steps.entries()) {
      current = i + 1;
      if (step.kind === 'event' || step.kind === 'after') {
        await arrangeAfter(i, data);
        const act = entryFor(walk, step);
        if (typeof act !== 'function') throw new Error(`${machineId} walk: no entry for "${step.label}"`);
        await (act as Act<unknown>)({ page, data, step, event: step.event, path, index: i });
      }
      await actors.reached(step.snapshot, step.label);
      await checkState(step.snapshot, data, i, step);
      note(step.label, JSON.stringify(step.snapshot.value), true, await shoot(i + 1));
    }
    record.ok = true;
  } catch (error) {
    note(labels[current] ?? '?', 'failed here', false, await shoot(current).catch(() => undefined));
    record.error = error instanceof Error ? error.message : String(error);
    const steps = labels.map((label, i) => `  ${i === current ? '✗' : i < current ? '✓' : '·'} ${label}`);
    throw new Error(
      `${machineId} path ${index} failed at step ${current} (${labels[current] ?? '?'}):\n${steps.join('\n')}\n` +
        `replay: ${replayCommand(walk, index)}\n${record.error}`,
      { cause: error },
    );
  } finally {
    const covered = actors.covered();
    record.states = [...covered.states];
    record.transitions = [...covered.transitions];
    record.seconds = (Date.now() - started) / 1000;
    writeFileSync(join(dir, `path-${index}.json`), `${JSON.stringify(record, null, 2)}\n`);
  }
}

function coverageOf(walk: Walk<AnyStateMachine, unknown>, plan: Plan, records: WalkPathRecord[]) {
  const machine = walk.machine;
  const allStates = getAllStateNodes(machine)
    .filter((node) => node.parent && node.type !== 'history')
    .map((node) => node.id);
  const allTransitions = collectTransitions(machine);
  const coveredStates = new Set(records.flatMap((r) => r.states));
  const coveredTransitions = new Set(records.flatMap((r) => r.transitions));

  // Excluded: read from the tables (an entry marked unreachable), whether or not a generated path needs it.
  // An unreachable state excludes itself and every transition into or out of it; an unreachable event,
  // outcome or delay excludes the transitions it triggers. Anything the walk did cover stays covered.
  const prefix = `${machine.id}.`;
  const stateExcluded: Record<string, string> = {};
  const transitionExcluded: Record<string, string> = {};
  const exclude = (key: string, reason: string) => {
    if (!coveredTransitions.has(key)) transitionExcluded[key] = reason;
  };
  for (const [leaf, check] of Object.entries(walk.checks as Table)) {
    if (!isUnreachable(check)) continue;
    const id = `${prefix}${leaf}`;
    if (!coveredStates.has(id)) stateExcluded[id] = check.reason;
    for (const t of allTransitions)
      if (t.source.id === id || t.targets.some((node) => node.id === id)) exclude(t.key, check.reason);
  }
  const triggers: Array<[string, unknown]> = [
    ...Object.entries(walk.events as Table),
    ...Object.entries(walk.delays as Table).map(([name, entry]): [string, unknown] => [
      `after ${name}`,
      entry,
    ]),
    ...Object.entries(walk.outcomes as Record<string, Outcome<unknown>>).flatMap(
      ([actor, outcome]): Array<[string, unknown]> => [
        [`done: ${actor}`, outcome.done],
        [`error: ${actor}`, outcome.error],
      ],
    ),
  ];
  for (const [trigger, entry] of triggers) {
    if (!isUnreachable(entry)) continue;
    for (const t of allTransitions)
      if (t.trigger === trigger || t.trigger.startsWith(`${trigger} (`)) exclude(t.key, entry.reason);
  }
  for (const id of allStates) {
    if (coveredStates.has(id) || id in stateExcluded) continue;
    const reached = allTransitions.filter((t) => t.targets.some((node) => node.id === id));
    if (reached.length > 0 && reached.every((t) => t.key in transitionExcluded))
      stateExcluded[id] = transitionExcluded[reached[0]?.key ?? ''] ?? '';
  }
  const descriptions = Object.fromEntries(allTransitions.map((t) => [t.key, t.description]));
  const result: WalkCoverageRecord = {
    machineId: machine.id,
    file: walk.file,
    states: {
      covered: allStates.filter((id) => coveredStates.has(id)),
      excluded: stateExcluded,
      missing: allStates.filter((id) => !coveredStates.has(id) && !(id in stateExcluded)),
      total: allStates.length,
    },
    transitions: {
      covered: allTransitions.filter((t) => coveredTransitions.has(t.key)).map((t) => t.key),
      excluded: transitionExcluded,
      missing: allTransitions
        .filter((t) => !coveredTransitions.has(t.key) && !(t.key in transitionExcluded))
        .map((t) => t.key),
      total: allTransitions.length,
      descriptions,
    },
    paths: {
      total: plan.walked.length,
      walked: records.length,
      passed: records.filter((r) => r.ok).length,
      generated: plan.generated,
    },
  };
  return result;
}

/**
 * Registers the walk's tests: one per path (`signIn:3 editing → credentials.submit → …`), then the
 * coverage gate. `WALK=signIn:3` keeps only that path (and drops the gate).
 */
export function registerWalk<M extends AnyStateMachine, TData>(typed: Walk<M, TData>): void {
  const walk = typed as unknown as Walk<AnyStateMachine, unknown>;
  const machineId = walk.machine.id;
  const plan = planPaths(walk);
  const only = process.env.WALK;
  const selected = only ? plan.walked.filter(({ index }) => only === `${machineId}:${index}`) : plan.walked;
  if (only && !only.startsWith(`${machineId}:`)) return;

  test.describe(`walk ${machineId}`, () => {
    for (const { index, path, variant } of selected) {
      test(`${machineId}:${index} ${path.description}`, async ({ page }, testInfo) => {
        await runPath(walk, page, path, index, variant, testInfo);
      });
    }
    if (only) return;
    test(`${machineId}: the walk covers every state and transition in the browser`, () => {
      const records = readWalkRecords().paths.filter((r) => r.machineId === machineId);
      const coverage = coverageOf(walk, plan, records);
      writeFileSync(join(WALKS_DIR, machineId, 'coverage.json'), `${JSON.stringify(coverage, null, 2)}\n`);
      const failed = records.filter((r) => !r.ok).map((r) => `path ${r.index}: ${r.replay}`);
      const missing = [
        ...coverage.states.missing.map((id) => `state ${id}`),
        ...coverage.transitions.missing.map((key) => `transition ${coverage.transitions.descriptions[key]}`),
      ];
      expect(failed, `${machineId}: failed paths`).toEqual([]);
      expect(missing, `${machineId}: not covered in the browser`).toEqual([]);
      // A main flow (required.ts) shows every one of its states in the browser: none may be excluded.
      if (isRequiredWalk(machineId))
        expect(coverage.states.excluded, `${machineId}: states excluded from a required walk`).toEqual({});
    });
  });
}

export type { EventObject };
