/**
 * Reading a machine definition: its state nodes, invokes, delays, guards, actions and every transition
 * candidate, in definition order. No Node imports, so the live statechart viewer (src/app/devtools/) reads
 * machines the same way as the generated docs (statechart-doc.ts) and the coverage helpers do.
 */
import { StateMachine, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition } from 'xstate';

// ---------------------------------------------------------------------------------------------------------
// Reading a machine
// ---------------------------------------------------------------------------------------------------------

export type TransitionKind =
  'event' | 'always' | 'after' | 'done.actor' | 'error.actor' | 'snapshot.actor' | 'done.state';

export interface DelayInfo {
  /** The delay as written in `after`: a name from `delays` or a number of milliseconds. */
  name: string | number;
  /** Milliseconds when known without running the machine (a literal or a numeric named delay). */
  ms: number | undefined;
}

export interface InvokeInfo {
  /** The invoke id: the child's id in `snapshot.children` and the suffix of its done/error events. */
  id: string;
  /** The actor's name in `setup({ actors })` (or `inline actor` for logic given in place). */
  src: string;
  /** Whether the id was given in the config (otherwise XState generated it). */
  explicitId: boolean;
}

export interface TransitionInfo {
  /** Stable identity across `machine.provide()` copies: `<source id>|<event descriptor>|<candidate index>`. */
  key: string;
  kind: TransitionKind;
  /** The event descriptor the transition listens to (`''` for `always`). */
  eventType: string;
  source: AnyStateNode;
  /** Empty for a targetless (internal) transition. */
  targets: AnyStateNode[];
  /** The guard as written (`isAdmin`, `!isLate`, `a && b`), if any. */
  guard: string | undefined;
  /** The named guards the guard refers to. */
  guardNames: string[];
  actions: string[];
  reenter: boolean;
  delay: DelayInfo | undefined;
  actor: InvokeInfo | undefined;
  /** What triggers it, in words: `credentials.submit`, `after refreshInterval (300000 ms)`, `done: signIn`. */
  trigger: string;
  /** `trigger [guard]`. */
  label: string;
  /** `from → to on label`, unique within the machine. */
  description: string;
  definition: AnyTransitionDefinition;
}

export function isStateMachine(value: unknown): value is AnyStateMachine {
  if (value instanceof StateMachine) return true;
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Record<string, unknown>>;
  return (
    typeof candidate['id'] === 'string' &&
    typeof candidate['root'] === 'object' &&
    typeof candidate['config'] === 'object' &&
    typeof candidate['transition'] === 'function' &&
    typeof candidate['getInitialSnapshot'] === 'function' &&
    typeof candidate['provide'] === 'function'
  );
}

/** All state nodes, the root first, then depth-first in definition order. */
export function getAllStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode): void => {
    nodes.push(node);
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root);
  return nodes;
}

/** The state's dotted path from the root (`signedOut.idle`); the root itself is `(machine)`. */
export function statePath(node: AnyStateNode): string {
  return node.path.length === 0 ? '(machine)' : node.path.join('.');
}

export function getInvokes(node: AnyStateNode): InvokeInfo[] {
  const configs: unknown[] = [node.config.invoke ?? []].flat();
  return node.invoke.map((definition, index) => {
    const config = configs[index];
    const src = typeof definition.src === 'string' ? definition.src : 'inline actor';
    return {
      id: definition.id,
      src: src.startsWith('xstate.invoke.') ? 'inline actor' : src,
      explicitId: typeof config === 'object' && config !== null && 'id' in config && config.id !== undefined,
    };
  });
}

export function resolveDelay(machine: AnyStateMachine, name: unknown): DelayInfo {
  if (typeof name === 'number') return { name, ms: name };
  if (typeof name !== 'string') return { name: 'inline delay', ms: undefined };
  const delays = machine.implementations.delays as Record<string, unknown>;
  const value = delays[name];
  return { name, ms: typeof value === 'number' ? value : undefined };
}

function nameOf(value: unknown, fallback: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && 'type' in value && typeof value.type === 'string') {
    return value.type;
  }
  if (typeof value === 'function' && value.name) return value.name;
  return fallback;
}

/** A guard as written: `isAdmin`, `!isLate`, `(a && b)`, `in(state)`. */
export function describeGuard(guard: unknown): string | undefined {
  if (guard === undefined || guard === null) return undefined;
  if (typeof guard === 'function') {
    const composite = guard as { check?: unknown; guards?: unknown[]; stateValue?: unknown; name?: string };
    if (Array.isArray(composite.guards)) {
      const parts = composite.guards.map((g) => describeGuard(g) ?? '?');
      if (composite.name === 'not') return `!${parts[0] ?? '?'}`;
      if (composite.name === 'and') return parts.length === 1 ? (parts[0] ?? '?') : `(${parts.join(' && ')})`;
      if (composite.name === 'or') return parts.length === 1 ? (parts[0] ?? '?') : `(${parts.join(' || ')})`;
    }
    if ('stateValue' in composite) return `in(${JSON.stringify(composite.stateValue)})`;
    // An inline arrow function takes its property's name (`guard`), which says nothing.
    return composite.name && composite.name !== 'guard' ? composite.name : 'inline guard';
  }
  return nameOf(guard, 'inline guard');
}

/** The named (implementation) guards a guard refers to, through `not`/`and`/`or`. */
export function guardNamesOf(guard: unknown): string[] {
  if (guard === undefined || guard === null) return [];
  if (typeof guard === 'string') return [guard];
  if (typeof guard === 'function') {
    const composite = guard as { guards?: unknown[] };
    return Array.isArray(composite.guards) ? composite.guards.flatMap(guardNamesOf) : [];
  }
  if (typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') return [guard.type];
  return [];
}

/** An action as a short name: `signInUser`, `assign`, `emit(session.ended)`. */
export function describeAction(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    const builtin = action as { type?: unknown; event?: unknown };
    if (typeof builtin.type === 'string') {
      const name = builtin.type.replace(/^xstate\./, '');
      const event = builtin.event;
      if (typeof event === 'object' && event !== null && 'type' in event && typeof event.type === 'string') {
        return `${name}(${event.type})`;
      }
      return name;
    }
    return action.name && action.name !== 'actions' && action.name !== 'entry' && action.name !== 'exit'
      ? action.name
      : 'inline action';
  }
  return nameOf(action, 'inline action');
}

/** Entry/exit actions the author wrote (without the raise/cancel pairs XState adds for `after`). */
export function authoredActions(actions: readonly unknown[]): string[] {
  return actions
    .filter((action) => {
      if (typeof action !== 'function') return true;
      const builtin = action as { type?: unknown; id?: unknown; sendId?: unknown };
      const marker =
        builtin.type === 'xstate.raise' ? builtin.id : builtin.type === 'xstate.cancel' ? builtin.sendId : '';
      return !(typeof marker === 'string' && marker.startsWith('xstate.after.'));
    })
    .map(describeAction);
}

function kindOf(eventType: string): TransitionKind {
  if (eventType.startsWith('xstate.after.')) return 'after';
  if (eventType.startsWith('xstate.done.actor.')) return 'done.actor';
  if (eventType.startsWith('xstate.error.actor.')) return 'error.actor';
  if (eventType.startsWith('xstate.snapshot.')) return 'snapshot.actor';
  if (eventType.startsWith('xstate.done.state.')) return 'done.state';
  return 'event';
}

function triggerOf(kind: TransitionKind, eventType: string, delay?: DelayInfo, actor?: InvokeInfo): string {
  switch (kind) {
    case 'always':
      return 'always';
    case 'after': {
      if (!delay) return eventType;
      if (typeof delay.name === 'number') return `after ${delay.name} ms`;
      return delay.ms === undefined ? `after ${delay.name}` : `after ${delay.name} (${delay.ms} ms)`;
    }
    case 'done.actor':
      return `done: ${actor?.src ?? eventType.slice('xstate.done.actor.'.length)}`;
    case 'error.actor':
      return `error: ${actor?.src ?? eventType.slice('xstate.error.actor.'.length)}`;
    case 'snapshot.actor':
      return `snapshot: ${actor?.src ?? eventType.slice('xstate.snapshot.'.length)}`;
    case 'done.state':
      return 'onDone';
    case 'event':
      return eventType;
  }
}

/** Transition key used for coverage: stable across `machine.provide()` copies of the same machine. */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const source = transition.source;
  if (transition.eventType === '' || !source.transitions.has(transition.eventType)) {
    const index = source.always?.indexOf(transition) ?? -1;
    if (index >= 0) return `${source.id}|always|${index}`;
  }
  const candidates = source.transitions.get(transition.eventType) ?? [];
  return `${source.id}|${transition.eventType}|${candidates.indexOf(transition)}`;
}

/**
 * Every transition definition of the machine: each candidate of each `on` event, `after` delay, `always`,
 * invoke `onDone`/`onError`/`onSnapshot` and state `onDone`, in definition order.
 */
export function collectTransitions(machine: AnyStateMachine): TransitionInfo[] {
  const result: Array<Omit<TransitionInfo, 'description'>> = [];
  for (const node of getAllStateNodes(machine)) {
    const invokes = getInvokes(node);
    const delays = new Map(node.after.map((t) => [t.eventType, t.delay] as const));
    const add = (kind: TransitionKind, eventType: string, key: string, t: AnyTransitionDefinition): void => {
      let actor: InvokeInfo | undefined;
      if (kind === 'done.actor' || kind === 'error.actor' || kind === 'snapshot.actor') {
        const id = eventType.replace(/^xstate\.(done\.actor|error\.actor|snapshot)\./, '');
        actor = invokes.find((invoke) => invoke.id === id);
      }
      const delayName = delays.get(eventType);
      const delay =
        kind === 'after' && delayName !== undefined ? resolveDelay(machine, delayName) : undefined;
      const trigger = triggerOf(kind, eventType, delay, actor);
      const guard = describeGuard(t.guard);
      result.push({
        key,
        kind,
        eventType,
        source: node,
        targets: [...(t.target ?? [])],
        guard,
        guardNames: guardNamesOf(t.guard),
        actions: t.actions.map(describeAction),
        reenter: t.reenter,
        delay,
        actor,
        trigger,
        label: guard ? `${trigger} [${guard}]` : trigger,
        definition: t,
      });
    };
    for (const [eventType, candidates] of node.transitions) {
      candidates.forEach((t, index) =>
        add(kindOf(eventType), eventType, `${node.id}|${eventType}|${index}`, t),
      );
    }
    (node.always ?? []).forEach((t, index) => add('always', '', `${node.id}|always|${index}`, t));
  }
  const seen = new Map<string, number>();
  return result.map((info) => {
    const from = statePath(info.source);
    const to = info.targets.length ? info.targets.map(statePath).join(', ') : '';
    const base = to ? `${from} → ${to} on ${info.label}` : `${from} (internal) on ${info.label}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return { ...info, description: count === 1 ? base : `${base} (#${count})` };
  });
}
