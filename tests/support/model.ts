/**
 * Model-based coverage for machine tests: walk every state and every transition of a machine and say what
 * was not reached.
 *
 * How the walk is built
 * 1. Paths come from the machine's own transition function, traversed with `TestModel` from `xstate/graph`
 *    (the v5 home of `@xstate/test`). `createTestModel(machine)` itself refuses machines that invoke actors
 *    or use `after` ("Invocations on test machines are not supported"), which is every flow we have, so we
 *    build the same `TestModel` over the machine's `getInitialSnapshot`/`transition` ourselves, with the same
 *    state matcher (`'#id'` or a state value) so `path.test({ states, events })` works for UI walks too.
 * 2. The events the traversal may send in a snapshot are the event descriptors of its active state nodes:
 *    - the machine's own events: only the samples the test gives (`events`), never invented ones, so a
 *      missing sample shows up as missing coverage instead of passing silently;
 *    - `xstate.done.actor.<id>` / `xstate.error.actor.<id>` for every invoke with `onDone`/`onError`,
 *      generated from the invoke definitions, with `outputs`/`errors` samples when given (per invoke id or
 *      actor name; default output `undefined`, default error an `Error`);
 *    - `xstate.after.<delay>.<state id>` for every `after`, generated from the state nodes. A delayed event is
 *      only offered when no shorter `after` of the same snapshot would fire first (its guard passes), because
 *      a real clock can never take the longer one first.
 * 3. Path set = for every edge of the explored graph, the shortest path to its source state plus that edge,
 *    minus paths that are prefixes of longer ones. Every transition the model can take is walked, including
 *    targetless ones (`email.change` with only an `assign`) that a shortest-path-per-state set would skip.
 * 4. Each path is then executed for real (`execute`, the default): `createActor(machine)` with a
 *    `SimulatedClock`; every invoked actor is replaced by a controlled actor that stays pending until the
 *    path says `done` (it completes with the step's `output`) or `error` (it fails with the step's `error`);
 *    `after` steps move the clock to exactly when XState scheduled that timer. After every step the actor's
 *    state value must equal the model's (and its context too with `compareContext`), otherwise the path is
 *    reported in `failures`. With `execute: false` the paths are only replayed through `machine.transition`.
 * 5. Coverage is measured on what the walk really did: the transitions XState reports it took
 *    (`@xstate.microstep` inspection, so `always` and state `onDone` hops count) and every state node that
 *    was active in any microstep (so transient states count). Totals come from the machine definition:
 *    every state node except the root (atomic, compound, parallel, final; history nodes are never active)
 *    and every transition definition (each candidate of `on`, `after`, `always`, invoke `onDone`/`onError`,
 *    state `onDone`), the same inventory the generated docs list (scripts/lib/statechart-doc.ts).
 *
 * Each report is written to `.tmp/model-coverage/<machine id>.json` for the test runner's summary.
 *
 * Not modelled: delayed `raise`/`sendTo` actions other than `after`, events sent by callback or child
 * machine actors (give them as samples of the parent's events instead), and inline actor logic (name the
 * actor in `setup({ actors })` so it can be controlled).
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createActor,
  createEmptyActor,
  SimulatedClock,
  type ActorLogic,
  type AnyActorRef,
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
  type InspectionEvent,
  type Snapshot,
  type SnapshotFrom,
} from 'xstate';
import { TestModel, type AdjacencyValue } from 'xstate/graph';
import {
  collectTransitions,
  getAllStateNodes,
  getInvokes,
  resolveDelay,
  transitionKey,
  type InvokeInfo,
} from '../../scripts/lib/statechart-doc';

// ---------------------------------------------------------------------------------------------------------
// Options and results
// ---------------------------------------------------------------------------------------------------------

/** Sample events per event type; the walk sends exactly these (and nothing for a type left out). */
export type EventSamples<TEvent extends EventObject> = {
  [K in TEvent['type']]?: ReadonlyArray<Extract<TEvent, { type: K }>>;
};

export interface ModelOptions<TMachine extends AnyStateMachine> {
  events?: EventSamples<EventFromLogic<TMachine>>;
  /** Outputs an invoked actor completes with, keyed by invoke id or actor name. Default `[undefined]`. */
  outputs?: Record<string, readonly unknown[]>;
  /** Errors an invoked actor fails with, keyed by invoke id or actor name. Default one `Error`. */
  errors?: Record<string, readonly unknown[]>;
  input?: InputFrom<TMachine>;
  /** Identity of a graph vertex. Default: state value + context (+ status) as JSON. */
  serializeState?: (snapshot: SnapshotFrom<TMachine>) => string;
  /** Traversal budget (edges explored). Default 5000. */
  limit?: number;
}

export interface CoverOptions<TMachine extends AnyStateMachine> extends ModelOptions<TMachine> {
  /** Run every path against a real actor (default true); false: replay through `machine.transition` only. */
  execute?: boolean;
  /** Also require the real actor's context to equal the model's after every step (default false). */
  compareContext?: boolean;
  /** The summary folder to write the report to; false to skip. Default `.tmp/model-coverage/` at the root. */
  summaryDir?: string | false;
}

export type StepKind = 'event' | 'after' | 'done.actor' | 'error.actor';

export interface ModelStep {
  event: EventObject;
  kind: StepKind;
  /** `credentials.submit`, `done: signIn`, `error: signIn`, `after refreshInterval`. */
  label: string;
  /** The model's snapshot after the step. */
  snapshot: AnyMachineSnapshot;
}

export interface ModelPath {
  /** `editing → credentials.submit → done: signIn`. */
  description: string;
  events: EventObject[];
  steps: ModelStep[];
  initial: AnyMachineSnapshot;
  /** The model's snapshot at the end of the path. */
  state: AnyMachineSnapshot;
}

export interface CoverageCount {
  covered: number;
  total: number;
  missing: string[];
}

export interface CoverageReport {
  machineId: string;
  /** State node ids (root excluded). */
  states: CoverageCount;
  /** Transition descriptions (`submitting → signedIn on done: signIn [hasConsoleRole]`). */
  transitions: CoverageCount;
  /** Paths walked. */
  paths: number;
  /** Paths whose real run did not follow the model (empty with `execute: false`). */
  failures: string[];
  /** Event types the machine handles for which no sample was given. */
  unsampledEvents: string[];
  /** Every path walked with its result, for the QA report (`npm run qa`). */
  walked?: Array<{ description: string; ok: boolean }>;
}

// ---------------------------------------------------------------------------------------------------------
// Reading the machine
// ---------------------------------------------------------------------------------------------------------

const ACTOR_EVENT = /^xstate\.(done|error)\.actor\.(.+)$/;

function errorToJSON(_key: string, value: unknown): unknown {
  return value instanceof Error ? { error: value.name, message: value.message } : value;
}

export function serializeEvent(event: EventObject): string {
  return JSON.stringify(event, errorToJSON);
}

function defaultSerializeState(snapshot: AnyMachineSnapshot): string {
  return JSON.stringify(
    { value: snapshot.value, context: snapshot.context, status: snapshot.status },
    errorToJSON,
  );
}

function matchesDescriptor(eventType: string, descriptor: string): boolean {
  if (descriptor === eventType || descriptor === '*')
    return descriptor !== '*' || !eventType.startsWith('xstate.');
  if (!descriptor.endsWith('.*')) return false;
  return eventType.startsWith(descriptor.slice(0, -1));
}

function activeDescriptors(snapshot: AnyMachineSnapshot): string[] {
  const seen = new Set<string>();
  for (const node of snapshot._nodes as AnyStateNode[])
    for (const descriptor of node.transitions.keys()) seen.add(descriptor);
  return [...seen];
}

function activeStateIds(snapshot: AnyMachineSnapshot): string[] {
  return (snapshot._nodes as AnyStateNode[]).filter((node) => node.parent).map((node) => node.id);
}

interface Plan {
  machine: AnyStateMachine;
  samples: EventObject[];
  invokes: Map<string, InvokeInfo>;
  outputs: Map<string, readonly unknown[]>;
  errors: Map<string, readonly unknown[]>;
  /** after event type → the delay as written. */
  afterDelays: Map<string, unknown>;
  serialize: (snapshot: AnyMachineSnapshot) => string;
  eventsFor: (snapshot: AnyMachineSnapshot) => EventObject[];
  label: (event: EventObject) => string;
  kind: (event: EventObject) => StepKind;
}

function planMachine<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: ModelOptions<TMachine>,
): Plan {
  const samples = Object.values(options.events ?? {}).flatMap((list) => [...((list ?? []) as EventObject[])]);
  const invokes = new Map<string, InvokeInfo>();
  const afterDelays = new Map<string, unknown>();
  for (const node of getAllStateNodes(machine)) {
    for (const invoke of getInvokes(node)) invokes.set(invoke.id, invoke);
    for (const t of node.after) afterDelays.set(t.eventType, t.delay);
  }
  const outputs = new Map<string, readonly unknown[]>();
  const errors = new Map<string, readonly unknown[]>();
  for (const invoke of invokes.values()) {
    outputs.set(invoke.id, options.outputs?.[invoke.id] ?? options.outputs?.[invoke.src] ?? [undefined]);
    errors.set(
      invoke.id,
      options.errors?.[invoke.id] ??
        options.errors?.[invoke.src] ?? [new Error(`${invoke.src} failed (model)`)],
    );
  }
  const serialize = options.serializeState
    ? (snapshot: AnyMachineSnapshot) => options.serializeState?.(snapshot as SnapshotFrom<TMachine>) ?? ''
    : defaultSerializeState;

  const delayMs = (eventType: string, snapshot: AnyMachineSnapshot): number | undefined => {
    const written = afterDelays.get(eventType);
    const known = resolveDelay(machine, written);
    if (known.ms !== undefined || typeof written !== 'string') return known.ms;
    const computed = (machine.implementations.delays as Record<string, unknown>)[written];
    if (typeof computed !== 'function') return undefined;
    try {
      const value: unknown = computed(
        { context: snapshot.context, event: { type: 'xstate.init' } },
        undefined,
      );
      return typeof value === 'number' ? value : undefined;
    } catch {
      return undefined;
    }
  };

  const eventsFor = (snapshot: AnyMachineSnapshot): EventObject[] => {
    if (snapshot.status !== 'active') return [];
    const events: EventObject[] = [];
    const timers: Array<{ type: string; ms: number | undefined }> = [];
    for (const descriptor of activeDescriptors(snapshot)) {
      const actorEvent = ACTOR_EVENT.exec(descriptor);
      if (descriptor.startsWith('xstate.after.')) {
        timers.push({ type: descriptor, ms: delayMs(descriptor, snapshot) });
      } else if (actorEvent) {
        const [, outcome, id = ''] = actorEvent;
        if (outcome === 'done')
          for (const output of outputs.get(id) ?? [undefined])
            events.push({ type: descriptor, output, actorId: id } as EventObject);
        else
          for (const error of errors.get(id) ?? [])
            events.push({ type: descriptor, error, actorId: id } as EventObject);
      } else if (!descriptor.startsWith('xstate.done.state.')) {
        events.push(...samples.filter((sample) => matchesDescriptor(sample.type, descriptor)));
      }
    }
    for (const timer of timers) {
      const preempted = timers.some(
        (other) =>
          other.ms !== undefined &&
          timer.ms !== undefined &&
          other.ms < timer.ms &&
          snapshot.can({ type: other.type } as never),
      );
      if (!preempted) events.push({ type: timer.type });
    }
    const unique = new Map<string, EventObject>();
    for (const event of events)
      if (!unique.has(serializeEvent(event))) unique.set(serializeEvent(event), event);
    return [...unique.values()];
  };

  const kind = (event: EventObject): StepKind => {
    if (event.type.startsWith('xstate.after.')) return 'after';
    const actorEvent = ACTOR_EVENT.exec(event.type);
    if (actorEvent && invokes.has(actorEvent[2] ?? ''))
      return actorEvent[1] === 'done' ? 'done.actor' : 'error.actor';
    return 'event';
  };
  const label = (event: EventObject): string => {
    const k = kind(event);
    if (k === 'after') {
      const written = afterDelays.get(event.type);
      return typeof written === 'number' ? `after ${written} ms` : `after ${String(written)}`;
    }
    if (k === 'event') return event.type;
    const invoke = invokes.get(ACTOR_EVENT.exec(event.type)?.[2] ?? '');
    return `${k === 'done.actor' ? 'done' : 'error'}: ${invoke?.src ?? event.type}`;
  };

  return { machine, samples, invokes, outputs, errors, afterDelays, serialize, eventsFor, label, kind };
}

// ---------------------------------------------------------------------------------------------------------
// The model and its paths
// ---------------------------------------------------------------------------------------------------------

function modelLogic(plan: Plan): ActorLogic<AnyMachineSnapshot, EventObject, unknown> {
  const { machine } = plan;
  return {
    transition: (snapshot, event, scope) => {
      try {
        return machine.transition(snapshot, event, scope) as AnyMachineSnapshot;
      } catch (error) {
        const k = plan.kind(event);
        const hint =
          k === 'done.actor' || k === 'error.actor'
            ? ` (give a sample in ${k === 'done.actor' ? 'outputs' : 'errors'}['${plan.invokes.get(ACTOR_EVENT.exec(event.type)?.[2] ?? '')?.src ?? ''}'])`
            : '';
        throw new Error(
          `${machine.id}: ${plan.label(event)} in ${JSON.stringify(snapshot.value)} threw: ${error instanceof Error ? error.message : String(error)}${hint}`,
          { cause: error },
        );
      }
    },
    getInitialSnapshot: (scope, input) => machine.getInitialSnapshot(scope, input) as AnyMachineSnapshot,
    getPersistedSnapshot: (snapshot) => machine.getPersistedSnapshot(snapshot) as Snapshot<unknown>,
  };
}

function buildModel(plan: Plan, options: ModelOptions<AnyStateMachine>) {
  const { machine } = plan;
  return new TestModel<AnyMachineSnapshot, EventObject, unknown>(modelLogic(plan), {
    events: plan.eventsFor,
    serializeState: plan.serialize,
    serializeEvent,
    input: options.input,
    limit: options.limit ?? 5000,
    stateMatcher: (snapshot, key) =>
      key.startsWith('#')
        ? (snapshot._nodes as AnyStateNode[]).includes(machine.getStateNodeById(key))
        : snapshot.matches(key as never),
  });
}

/**
 * A `TestModel` over the machine with generated actor/delay events and the given samples: for UI walks
 * (`model.getShortestPaths()` then `path.test({ events, states })`).
 */
export function createMachineTestModel<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: ModelOptions<TMachine> = {},
): TestModel<AnyMachineSnapshot, EventObject, unknown> {
  return buildModel(planMachine(machine, options), options as ModelOptions<AnyStateMachine>);
}

function withTraversalHint<T>(machine: AnyStateMachine, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof Error && error.message === 'Traversal limit exceeded') {
      throw new Error(
        `${machine.id}: the model has too many states for the traversal limit; use fewer event samples, ` +
          'pass serializeState to ignore context that does not change behaviour, or raise limit',
        { cause: error },
      );
    }
    throw error;
  }
}

/** Replays `events` through `machine.transition`, recording the transitions taken and the states entered. */
function replay(plan: Plan, events: readonly EventObject[], input: unknown) {
  const { machine } = plan;
  const self = createEmptyActor();
  const taken = new Set<string>();
  const states = new Set<string>();
  self.system.inspect((event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep') return;
    for (const t of event._transitions) taken.add(transitionKey(t));
    for (const id of activeStateIds(event.snapshot as AnyMachineSnapshot)) states.add(id);
  });
  const scope: AnyActorScope = {
    self,
    id: 'model',
    sessionId: 'model',
    logger: () => {},
    defer: () => {},
    emit: () => {},
    system: self.system,
    stopChild: () => {},
    actionExecutor: () => {},
  };
  const initial = machine.getInitialSnapshot(scope, input) as AnyMachineSnapshot;
  for (const id of activeStateIds(initial)) states.add(id);
  const snapshots: AnyMachineSnapshot[] = [];
  let current = initial;
  for (const event of events) {
    current = machine.transition(current, event, scope) as AnyMachineSnapshot;
    for (const id of activeStateIds(current)) states.add(id);
    snapshots.push(current);
  }
  return { initial, snapshots, taken, states };
}

function isPrefix(short: readonly string[], long: readonly string[]): boolean {
  return short.length <= long.length && short.every((item, index) => item === long[index]);
}

/** A step in a path description: its label plus the sample's payload, shortened. */
function describeStep(plan: Plan, event: EventObject): string {
  const k = plan.kind(event);
  if (k === 'after') return plan.label(event);
  const { type: _type, actorId: _actorId, ...payload } = event as EventObject & Record<string, unknown>;
  const shown =
    k === 'done.actor'
      ? payload['output']
      : k === 'error.actor'
        ? payload['error']
        : Object.keys(payload).length
          ? payload
          : undefined;
  if (shown === undefined) return plan.label(event);
  const text = shown instanceof Error ? shown.message : JSON.stringify(shown, errorToJSON);
  return `${plan.label(event)} ${text.length > 60 ? `${text.slice(0, 59)}…` : text}`;
}

function describePath(plan: Plan, initial: AnyMachineSnapshot, events: readonly EventObject[]): string {
  return [JSON.stringify(initial.value), ...events.map((event) => describeStep(plan, event))].join(' → ');
}

function generatePaths(plan: Plan, options: ModelOptions<AnyStateMachine>): ModelPath[] {
  const model = buildModel(plan, options);
  const { adjacency, shortest } = withTraversalHint(plan.machine, () => ({
    adjacency: model.getAdjacencyMap(),
    shortest: model.getShortestPaths({ allowDuplicatePaths: true }),
  }));
  const routes = new Map<string, EventObject[]>();
  for (const path of shortest)
    routes.set(
      plan.serialize(path.state),
      path.steps.slice(1).map((step) => step.event),
    );

  const sequences: EventObject[][] = [];
  const vertices = Object.entries(adjacency) as Array<
    [string, AdjacencyValue<AnyMachineSnapshot, EventObject>]
  >;
  for (const [key, vertex] of vertices) {
    const route = routes.get(key);
    if (!route) continue;
    const edges = Object.values(vertex.transitions) as Array<{ event: EventObject }>;
    for (const { event } of edges) sequences.push([...route, event]);
  }
  if (sequences.length === 0) sequences.push([]);

  const keyed = sequences.map((events, index) => ({ events, index, keys: events.map(serializeEvent) }));
  const kept: typeof keyed = [];
  for (const candidate of [...keyed].sort((a, b) => b.keys.length - a.keys.length || a.index - b.index)) {
    if (!kept.some((longer) => isPrefix(candidate.keys, longer.keys))) kept.push(candidate);
  }
  kept.sort((a, b) => a.index - b.index);

  return kept.map(({ events }) => {
    const { initial, snapshots } = replay(plan, events, options.input);
    const steps = events.map((event, index) => ({
      event,
      kind: plan.kind(event),
      label: plan.label(event),
      snapshot: snapshots[index] ?? initial,
    }));
    return {
      description: describePath(plan, initial, events),
      events,
      steps,
      initial,
      state: snapshots.at(-1) ?? initial,
    };
  });
}

/**
 * The paths the coverage walk uses: every edge of the model graph (shortest route to its source plus the
 * edge), prefixes of longer paths removed. Steps carry the model's snapshot after each event.
 */
export function getModelPaths<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: ModelOptions<TMachine> = {},
): ModelPath[] {
  return generatePaths(planMachine(machine, options), options as ModelOptions<AnyStateMachine>);
}

// ---------------------------------------------------------------------------------------------------------
// Real execution
// ---------------------------------------------------------------------------------------------------------

type ControlEvent = { type: 'model.resolve'; output: unknown } | { type: 'model.reject'; error: unknown };

/** An actor that stays pending until told how to finish: the stand-in for every invoked actor. */
function controlledActor(registry: WeakSet<object>): ActorLogic<Snapshot<unknown>, ControlEvent, unknown> {
  return {
    getInitialSnapshot: (scope) => {
      registry.add(scope.self);
      return { status: 'active', output: undefined, error: undefined };
    },
    transition: (snapshot, event) => {
      if (snapshot.status !== 'active') return snapshot;
      if (event.type === 'model.resolve') return { status: 'done', output: event.output, error: undefined };
      if (event.type === 'model.reject') return { status: 'error', output: undefined, error: event.error };
      return snapshot;
    },
    getPersistedSnapshot: (snapshot) => snapshot,
  };
}

interface RunResult {
  taken: Set<string>;
  states: Set<string>;
  failure: string | undefined;
}

function run(plan: Plan, path: ModelPath, options: CoverOptions<AnyStateMachine>): RunResult {
  const registry = new WeakSet<object>();
  const actors: Record<string, ActorLogic<Snapshot<unknown>, ControlEvent, unknown>> = {};
  for (const invoke of plan.invokes.values()) {
    if (invoke.src !== 'inline actor') actors[invoke.src] = controlledActor(registry);
  }
  const machine = plan.machine.provide({ actors } as never) as AnyStateMachine;
  const clock = new SimulatedClock();
  const taken = new Set<string>();
  const states = new Set<string>();
  const timers = new Map<string, { at: number; delay: number }>();
  const inspect = (event: InspectionEvent): void => {
    if (event.rootId !== event.actorRef.sessionId) return;
    if (event.type === '@xstate.microstep') {
      for (const t of event._transitions as AnyTransitionDefinition[]) taken.add(transitionKey(t));
      for (const id of activeStateIds(event.snapshot as AnyMachineSnapshot)) states.add(id);
    } else if (event.type === '@xstate.action' && event.action.type === 'xstate.raise') {
      const params = event.action.params as { event?: EventObject; delay?: unknown } | undefined;
      if (params?.event && typeof params.delay === 'number') {
        timers.set(params.event.type, { at: clock.now(), delay: params.delay });
      }
    }
  };
  const actor = createActor(machine, { clock, input: options.input, inspect } as never) as AnyActorRef;
  actor.subscribe({ error: () => {} });
  actor.start();
  const now = (): AnyMachineSnapshot => actor.getSnapshot() as AnyMachineSnapshot;
  for (const id of activeStateIds(now())) states.add(id);

  const fail = (index: number, reason: string): RunResult => {
    actor.stop();
    const step = path.steps[index];
    return {
      taken,
      states,
      failure: `${path.description}: step ${index + 1} (${step?.label ?? '?'}) ${reason}`,
    };
  };

  for (const [index, step] of path.steps.entries()) {
    if (step.kind === 'after') {
      const timer = timers.get(step.event.type);
      if (!timer) return fail(index, 'has no timer scheduled in the running actor');
      clock.set(Math.max(clock.now(), timer.at + timer.delay));
    } else if (step.kind === 'done.actor' || step.kind === 'error.actor') {
      const id = ACTOR_EVENT.exec(step.event.type)?.[2] ?? '';
      const child = (now().children as Record<string, AnyActorRef | undefined>)[id];
      if (!child) return fail(index, `cannot happen: actor ${id} is not running`);
      if (!registry.has(child))
        return fail(index, `cannot be driven: actor ${id} is inline logic; name it in setup({ actors })`);
      const payload = step.event as EventObject & { output?: unknown; error?: unknown };
      child.send(
        step.kind === 'done.actor'
          ? { type: 'model.resolve', output: payload.output }
          : { type: 'model.reject', error: payload.error },
      );
    } else {
      actor.send(step.event);
    }
    const actual = now();
    const expected = step.snapshot;
    const sameValue =
      JSON.stringify(actual.value) === JSON.stringify(expected.value) && actual.status === expected.status;
    const sameContext = !options.compareContext || plan.serialize(actual) === plan.serialize(expected);
    if (!sameValue || !sameContext) {
      const error =
        actual.status === 'error'
          ? `: ${actual.error instanceof Error ? actual.error.message : String(actual.error)}`
          : '';
      return fail(
        index,
        `expected ${sameValue ? plan.serialize(expected) : `${JSON.stringify(expected.value)} (${expected.status})`} ` +
          `but the actor is in ${sameValue ? plan.serialize(actual) : `${JSON.stringify(actual.value)} (${actual.status}${error})`}`,
      );
    }
  }
  actor.stop();
  return { taken, states, failure: undefined };
}

// ---------------------------------------------------------------------------------------------------------
// Coverage
// ---------------------------------------------------------------------------------------------------------

function unsampledEvents(plan: Plan): string[] {
  const descriptors = new Set<string>();
  for (const node of getAllStateNodes(plan.machine)) {
    for (const descriptor of node.transitions.keys())
      if (!descriptor.startsWith('xstate.')) descriptors.add(descriptor);
  }
  return [...descriptors]
    .filter((descriptor) => !plan.samples.some((sample) => matchesDescriptor(sample.type, descriptor)))
    .sort();
}

/**
 * The limit of a model walk of a machine with many paths (the calendar, special dates, the provider manage
 * view, the availability editor): a bound for a hang, not a timing. On a quiet machine such a walk takes
 * seconds; on a shared 2-core machine under load the calendar's took 51 s against the unit tests' 30 s.
 */
export const LONG_WALK_LIMIT_MS = 240_000;

/**
 * Walks the machine (see the file header) and reports which states and transitions were reached. The report
 * is merged into the coverage summary file unless `summaryDir: false`.
 */
export async function coverMachine<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: CoverOptions<TMachine> = {},
): Promise<CoverageReport> {
  const plan = planMachine(machine, options);
  const opts = options as CoverOptions<AnyStateMachine>;
  const paths = generatePaths(plan, opts);
  const taken = new Set<string>();
  const states = new Set<string>();
  const failures: string[] = [];
  const walked: Array<{ description: string; ok: boolean }> = [];
  for (const path of paths) {
    const result = opts.execute === false ? replay(plan, path.events, opts.input) : run(plan, path, opts);
    for (const key of result.taken) taken.add(key);
    for (const id of result.states) states.add(id);
    const failure = 'failure' in result ? result.failure : undefined;
    if (failure) failures.push(failure);
    walked.push({ description: path.description, ok: !failure });
  }

  const allStates = getAllStateNodes(machine)
    .filter((node) => node.parent && node.type !== 'history')
    .map((node) => node.id);
  const allTransitions = collectTransitions(machine);
  const report: CoverageReport = {
    machineId: machine.id,
    states: {
      covered: allStates.filter((id) => states.has(id)).length,
      total: allStates.length,
      missing: allStates.filter((id) => !states.has(id)),
    },
    transitions: {
      covered: allTransitions.filter((t) => taken.has(t.key)).length,
      total: allTransitions.length,
      missing: allTransitions.filter((t) => !taken.has(t.key)).map((t) => t.description),
    },
    paths: paths.length,
    failures,
    unsampledEvents: unsampledEvents(plan),
    walked,
  };
  if (options.summaryDir !== false) recordCoverage(report, options.summaryDir ?? COVERAGE_SUMMARY_DIR);
  return report;
}

/** `signIn: states 5/5, transitions 8/8` (and failed paths, if any). */
export function formatCoverage(
  report: Pick<CoverageReport, 'machineId' | 'states' | 'transitions' | 'failures'>,
): string {
  const failed = report.failures.length ? `, ${report.failures.length} failed paths` : '';
  return (
    `${report.machineId}: states ${report.states.covered}/${report.states.total}, ` +
    `transitions ${report.transitions.covered}/${report.transitions.total}${failed}`
  );
}

/** Throws, listing everything missing, unless every state and transition was walked and no path failed. */
export function assertFullCoverage(report: CoverageReport): void {
  const complete =
    report.states.covered === report.states.total &&
    report.transitions.covered === report.transitions.total &&
    report.failures.length === 0;
  if (complete) return;
  const lines = [`model coverage incomplete: ${formatCoverage(report)}`];
  for (const id of report.states.missing) lines.push(`  missing state: ${id}`);
  for (const t of report.transitions.missing) lines.push(`  missing transition: ${t}`);
  for (const failure of report.failures) lines.push(`  failed path: ${failure}`);
  for (const type of report.unsampledEvents) lines.push(`  no sample given for event: ${type}`);
  throw new Error(lines.join('\n'));
}

// ---------------------------------------------------------------------------------------------------------
// Summary file
// ---------------------------------------------------------------------------------------------------------

/**
 * The summary is a folder with one file per machine (`<machine id>.json`), each written whole and renamed into
 * place: parallel test workers never write the same file, so no lock is needed; the gate merges the folder.
 */
export const COVERAGE_SUMMARY_DIR = fileURLToPath(new URL('../../.tmp/model-coverage', import.meta.url));

export type CoverageSummary = Record<string, Omit<CoverageReport, 'machineId' | 'unsampledEvents'>>;

export function readCoverageSummary(dir: string = COVERAGE_SUMMARY_DIR): CoverageSummary {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return {};
  }
  const summary: CoverageSummary = {};
  for (const name of names.sort()) {
    summary[name.slice(0, -'.json'.length)] = JSON.parse(
      readFileSync(join(dir, name), 'utf8'),
    ) as CoverageSummary[string];
  }
  return summary;
}

/** The runner's lines: one `formatCoverage` line per machine, sorted by machine id. */
export function formatCoverageSummary(summary: CoverageSummary): string[] {
  return Object.keys(summary)
    .sort()
    .flatMap((machineId) => {
      const entry = summary[machineId];
      return entry ? [formatCoverage({ machineId, ...entry })] : [];
    });
}

export function recordCoverage(report: CoverageReport, dir: string = COVERAGE_SUMMARY_DIR): void {
  mkdirSync(dir, { recursive: true });
  const entry = {
    states: report.states,
    transitions: report.transitions,
    paths: report.paths,
    failures: report.failures,
    ...(report.walked ? { walked: report.walked } : {}),
  };
  const file = join(dir, `${report.machineId}.json`);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(entry, null, 2)}\n`);
  renameSync(temporary, file);
}
