/**
 * The machines running in the page, as XState's inspection API reports them (development builds): every
 * actor whose logic is a machine, with its current state, the last event it took and the transitions that
 * event took. Fed by `globalThis.__upkeepInspect` (useFlow passes every flow's inspection events there).
 */
import type { AnyActorRef, AnyStateMachine, InspectionEvent } from 'xstate';
import { transitionKey } from '../../../scripts/lib/statechart-read';

export interface RunningMachine {
  sessionId: string;
  machineId: string;
  machine: AnyStateMachine;
  actor: AnyActorRef;
  /** Active state node ids (root excluded). */
  states: string[];
  value: unknown;
  status: string;
  lastEvent: string | undefined;
  /** Keys of the transitions the last event took (`<source id>|<event>|<index>`). */
  lastTransitions: string[];
  /** The state value before the last event. */
  previous: unknown;
  updated: number;
}

interface NodeLike {
  id: string;
  parent?: unknown;
}

function isMachine(logic: unknown): logic is AnyStateMachine {
  return typeof logic === 'object' && logic !== null && 'root' in logic && 'id' in logic;
}

/** Started and not stopped (React's strict mode in development creates, and drops, extra actors). */
function isRunning(actor: AnyActorRef): boolean {
  return (actor as unknown as { _processingStatus?: number })._processingStatus === 1;
}

export interface InspectionStore {
  inspect: (event: InspectionEvent) => void;
  running: () => RunningMachine[];
  subscribe: (listener: () => void) => () => void;
  version: () => number;
}

export function createInspectionStore(): InspectionStore {
  const machines = new Map<string, RunningMachine>();
  const listeners = new Set<() => void>();
  let version = 0;
  const changed = () => {
    version += 1;
    for (const listener of listeners) listener();
  };

  const inspect = (event: InspectionEvent) => {
    const actor = event.actorRef as AnyActorRef;
    const logic = (actor as { logic?: unknown }).logic;
    if (!isMachine(logic)) return;
    const entry: RunningMachine = machines.get(actor.sessionId) ?? {
      sessionId: actor.sessionId,
      machineId: logic.id,
      machine: logic,
      actor,
      states: [],
      value: undefined,
      status: 'active',
      lastEvent: undefined,
      lastTransitions: [],
      previous: undefined,
      updated: Date.now(),
    };
    machines.set(actor.sessionId, entry);
    if (event.type === '@xstate.event') {
      // A new event starts a macrostep: its transitions replace the last ones.
      entry.lastTransitions = [];
      entry.previous = entry.value;
      entry.lastEvent = event.event.type;
    } else if (event.type === '@xstate.microstep') {
      const keys = event._transitions.map(transitionKey);
      entry.lastTransitions = [...new Set([...entry.lastTransitions, ...keys])];
    } else if (event.type === '@xstate.snapshot') {
      const snapshot = event.snapshot as unknown as { value: unknown; status: string; _nodes?: NodeLike[] };
      entry.value = snapshot.value;
      entry.status = snapshot.status;
      entry.states = (snapshot._nodes ?? []).filter((node) => node.parent).map((node) => node.id);
      entry.updated = Date.now();
      changed();
    }
  };

  return {
    inspect,
    running: () => [...machines.values()].filter((m) => isRunning(m.actor)),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
  };
}
