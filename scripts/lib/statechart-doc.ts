/**
 * Statechart documentation, generated from the machines themselves.
 *
 * Every `src/machines/<feature>/*.machine.ts` (any depth) file exports one or more XState machines. For each machine this module
 * renders `docs/statecharts/<machine id>.md`: a Mermaid `stateDiagram-v2` of the chart, then the same chart
 * in words (states, events and their transitions, guards, delays, actors). Everything is read from the
 * machine definition (`machine.root` state nodes, their `transitions` map, `always`, `after` and `invoke`,
 * and `machine.implementations`), so the docs cannot drift from the code: `npm run statecharts:check`
 * regenerates them in memory and fails when a file differs.
 *
 * The transition inventory (`collectTransitions`) is shared with the model-based coverage helper
 * (`tests/support/model.ts`), so "every transition" means the same thing in the docs and in the coverage
 * report.
 *
 * Output is deterministic: state nodes in definition order, implementation names sorted, no dates.
 */
import { readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import {
  authoredActions,
  collectTransitions,
  getAllStateNodes,
  getInvokes,
  isStateMachine,
  statePath,
  type TransitionInfo,
  type TransitionKind,
} from './statechart-read';

export * from './statechart-read';

// ---------------------------------------------------------------------------------------------------------
// Mermaid
// ---------------------------------------------------------------------------------------------------------

/**
 * Text inside a Mermaid state diagram. Mermaid's state lexer ends a label at `:` or `;` and treats `#` as a
 * comment, so those go in as Mermaid entity codes (rendered as the plain characters).
 */
const MERMAID_ENTITIES: Record<string, string> = {
  '#': '#35;',
  ':': '#58;',
  ';': '#59;',
  '"': '#quot;',
  '<': '#lt;',
  '>': '#gt;',
};

export function mermaidText(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/[#:;"<>]/g, (c) => MERMAID_ENTITIES[c] ?? c);
}

function mermaidIds(machine: AnyStateMachine): Map<AnyStateNode, string> {
  const ids = new Map<AnyStateNode, string>();
  const used = new Set<string>();
  const clean = (text: string): string => text.replace(/[^A-Za-z0-9_]/g, '_');
  for (const node of getAllStateNodes(machine)) {
    const base = node.parent
      ? `${ids.get(node.parent) ?? ''}_${clean(node.key)}`
      : clean(machine.id) || 'machine';
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}_${n}`;
    used.add(id);
    ids.set(node, id);
  }
  return ids;
}

function properAncestors(node: AnyStateNode): AnyStateNode[] {
  const result: AnyStateNode[] = [];
  for (let current = node.parent; current; current = current.parent) result.push(current);
  return result;
}

/** The innermost block both ends can be drawn in: the deepest common proper ancestor (none: top level). */
function edgeContainer(source: AnyStateNode, target: AnyStateNode): AnyStateNode | undefined {
  const targetAncestors = new Set(properAncestors(target));
  return properAncestors(source).find((node) => targetAncestors.has(node));
}

export function renderMermaid(machine: AnyStateMachine): string {
  const ids = mermaidIds(machine);
  const id = (node: AnyStateNode): string => ids.get(node) ?? '?';
  const edges = new Map<AnyStateNode | undefined, string[]>();
  for (const t of collectTransitions(machine)) {
    const targets = t.targets.length ? t.targets : [t.source];
    for (const target of targets) {
      const container = edgeContainer(t.source, target);
      const list = edges.get(container) ?? [];
      list.push(`${id(t.source)} --> ${id(target)} : ${mermaidText(t.label)}`);
      edges.set(container, list);
    }
  }

  const lines = ['stateDiagram-v2'];
  const render = (node: AnyStateNode, depth: number): void => {
    const indent = '  '.repeat(depth);
    const label = mermaidText(node.parent ? node.key : machine.id);
    if (node.type === 'atomic' || node.type === 'final' || node.type === 'history') {
      const suffix = node.type === 'history' ? ` (${node.history || 'shallow'} history)` : '';
      lines.push(`${indent}state "${label}${suffix}" as ${id(node)}`);
      if (node.type === 'final') lines.push(`${indent}${id(node)} --> [*]`);
      return;
    }
    lines.push(`${indent}state "${label}${node.type === 'parallel' ? ' (parallel)' : ''}" as ${id(node)} {`);
    const children = Object.values(node.states);
    if (node.type === 'compound') {
      const initial = node.initial.target[0];
      if (initial) lines.push(`${indent}  [*] --> ${id(initial)}`);
    }
    children.forEach((child, index) => {
      if (node.type === 'parallel' && index > 0) lines.push(`${indent}  --`);
      render(child, depth + 1);
    });
    for (const edge of edges.get(node) ?? []) lines.push(`${indent}  ${edge}`);
    lines.push(`${indent}}`);
  };
  render(machine.root, 1);
  for (const edge of edges.get(undefined) ?? []) lines.push(`  ${edge}`);
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------------
// The document
// ---------------------------------------------------------------------------------------------------------

export interface MachineSource {
  /** The machine file, relative to the project root, with forward slashes. */
  file: string;
  /** The export the machine is read from (`default` for a default export). */
  exportName: string;
}

function cell(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|').trim();
}

function code(text: string): string {
  return text ? `\`${text}\`` : '';
}

function codeList(items: readonly string[]): string {
  return items.map(code).join(', ');
}

function firstLine(text: string | undefined): string {
  return (text ?? '').trim().split(/\r?\n/)[0] ?? '';
}

function table(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string[] {
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ];
}

function stateType(node: AnyStateNode): string {
  if (node.type === 'compound') {
    const initial = node.initial.target[0];
    return initial ? `compound (initial: ${code(initial.key)})` : 'compound';
  }
  if (node.type === 'history') return `history (${node.history || 'shallow'})`;
  return node.type;
}

const KIND_ORDER: Record<TransitionKind, number> = {
  event: 0,
  always: 1,
  after: 2,
  'done.actor': 3,
  'error.actor': 4,
  'snapshot.actor': 5,
  'done.state': 6,
};

function usedBy(transitions: readonly TransitionInfo[]): string {
  const places = [...new Set(transitions.map((t) => `${code(statePath(t.source))} on ${t.trigger}`))];
  return places.length ? `used by ${places.join('; ')}` : 'not referenced by any transition';
}

export function renderMachineDoc(machine: AnyStateMachine, source: MachineSource): string {
  const nodes = getAllStateNodes(machine);
  const transitions = collectTransitions(machine);
  const out: string[] = [];

  out.push(
    `<!-- Generated by \`npm run statecharts\` from ${source.file}. Do not edit: change the machine and regenerate. -->`,
    '',
    `# ${machine.id}`,
    '',
    `Source: [\`${source.file}\`](../../${source.file}) (export \`${source.exportName}\`).`,
  );
  const summary = machine.root.description?.trim();
  if (summary) out.push('', summary);

  out.push('', '## Diagram', '', '```mermaid', renderMermaid(machine), '```');

  // States
  out.push('', '## States', '');
  out.push(
    ...table(
      ['State', 'Type', 'Tags', 'Description', 'Invokes', 'Entry', 'Exit'],
      nodes.map((node) => [
        code(statePath(node)),
        stateType(node),
        codeList(node.tags),
        firstLine(node.description),
        getInvokes(node)
          .map((invoke) =>
            invoke.explicitId ? `${code(invoke.src)} (id ${code(invoke.id)})` : code(invoke.src),
          )
          .join(', '),
        codeList(authoredActions(node.entry)),
        codeList(authoredActions(node.exit)),
      ]),
    ),
  );

  // Events
  const ordered = transitions
    .map((t, index) => ({ t, index }))
    .sort(
      (a, b) =>
        KIND_ORDER[a.t.kind] - KIND_ORDER[b.t.kind] ||
        (a.t.trigger < b.t.trigger ? -1 : a.t.trigger > b.t.trigger ? 1 : 0) ||
        a.index - b.index,
    )
    .map(({ t }) => t);
  out.push('', '## Events', '');
  if (ordered.length === 0) {
    out.push('No transitions.');
  } else {
    out.push(
      ...table(
        ['Event', 'From', 'To', 'Guard', 'Actions'],
        ordered.map((t) => [
          t.kind === 'event' ? code(t.trigger) : t.trigger,
          code(statePath(t.source)),
          t.targets.length
            ? codeList(t.targets.map(statePath)) + (t.reenter ? ' (re-enters)' : '')
            : '(stays: internal)',
          t.guard ? code(t.guard) : '',
          codeList(t.actions),
        ]),
      ),
    );
  }

  // Guards
  const guards = machine.implementations.guards as Record<string, unknown>;
  const guardNames = [
    ...new Set([...Object.keys(guards), ...transitions.flatMap((t) => t.guardNames)]),
  ].sort();
  out.push('', '## Guards', '');
  if (guardNames.length === 0) out.push('None.');
  for (const name of guardNames) {
    const inline = name in guards ? '' : ' (not in `setup({ guards })`)';
    out.push(`- ${code(name)}${inline}: ${usedBy(transitions.filter((t) => t.guardNames.includes(name)))}`);
  }

  // Delays
  const delays = machine.implementations.delays as Record<string, unknown>;
  const afterTransitions = transitions.filter((t) => t.kind === 'after' && t.delay);
  const usedDelayNames = afterTransitions.map((t) => t.delay?.name);
  const inlineDelays = [...new Set(usedDelayNames.filter((n): n is number => typeof n === 'number'))].sort(
    (a, b) => a - b,
  );
  const unknownDelays = [
    ...new Set(usedDelayNames.filter((n): n is string => typeof n === 'string' && !(n in delays))),
  ].sort();
  const delayNames: Array<string | number> = [
    ...Object.keys(delays).sort(),
    ...inlineDelays,
    ...unknownDelays,
  ];
  out.push('', '## Delays', '');
  if (delayNames.length === 0) out.push('None.');
  for (const name of delayNames) {
    const using = afterTransitions.filter((t) => t.delay?.name === name);
    if (typeof name === 'number') {
      out.push(`- ${name} ms (inline): ${usedBy(using)}`);
      continue;
    }
    const value = delays[name];
    const shown =
      typeof value === 'number'
        ? `${value} ms`
        : value === undefined
          ? 'not in `setup({ delays })`'
          : 'computed from context/event';
    out.push(`- ${code(name)}: ${shown}; ${usedBy(using)}`);
  }

  // Actors
  const actors = machine.implementations.actors as Record<string, unknown>;
  const invokedBy = new Map<string, string[]>();
  for (const node of nodes) {
    for (const invoke of getInvokes(node)) {
      const list = invokedBy.get(invoke.src) ?? [];
      list.push(code(statePath(node)) + (invoke.explicitId ? ` (id ${code(invoke.id)})` : ''));
      invokedBy.set(invoke.src, list);
    }
  }
  const actorNames = [
    ...new Set([
      ...Object.keys(actors).filter((name) => !name.startsWith('xstate.invoke.')),
      ...invokedBy.keys(),
    ]),
  ].sort();
  out.push('', '## Actors', '');
  if (actorNames.length === 0) out.push('None.');
  for (const name of actorNames) {
    const places = invokedBy.get(name);
    out.push(
      `- ${name === 'inline actor' ? name : code(name)}: ${places ? `invoked by ${places.join(', ')}` : 'not invoked by any state (spawned, or unused)'}`,
    );
  }

  return `${out.join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------------------
// Discovery, writing and checking
// ---------------------------------------------------------------------------------------------------------

export interface DiscoveredMachine extends MachineSource {
  id: string;
  machine: AnyStateMachine;
}

export const MACHINES_DIR = 'src/machines';
export const DOCS_DIR = 'docs/statecharts';
/** Files in the docs folder that are written by hand and never treated as orphans. */
export const KEPT_DOCS = new Set(['README.md']);

function toPosix(path: string): string {
  return path.split(sep).join('/');
}

/**
 * Imports every `<machinesDir>/.../*.machine.ts` (any depth) (sorted by name) and returns each exported machine. The same
 * machine exported twice (a named and a default export) counts once; two machines with one id are an error,
 * as are machines without an id (their doc would have no stable name).
 */
export async function discoverMachines(
  rootDir: string,
  machinesDir: string = MACHINES_DIR,
): Promise<DiscoveredMachine[]> {
  const dir = join(rootDir, machinesDir);
  // Feature folders (src/machines/<feature>/<flow>.machine.ts) as well as machines at the top.
  const files = (await readdir(dir, { recursive: true }).catch(() => [] as string[]))
    .map(toPosix)
    .filter((f) => f.endsWith('.machine.ts'))
    .sort();
  const found: DiscoveredMachine[] = [];
  const seen = new Set<AnyStateMachine>();
  for (const name of files) {
    const path = join(dir, name);
    const file = toPosix(relative(rootDir, path));
    let module: Record<string, unknown>;
    try {
      module = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
    } catch (error) {
      throw new Error(`Could not import ${file}: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
    const exportNames = Object.keys(module).sort((a, b) =>
      a === 'default' ? 1 : b === 'default' ? -1 : a < b ? -1 : 1,
    );
    for (const exportName of exportNames) {
      const value = module[exportName];
      if (!isStateMachine(value) || seen.has(value)) continue;
      seen.add(value);
      if (!value.id || value.id === '(machine)') {
        throw new Error(
          `${file} exports a machine without an id (${exportName}); give it createMachine({ id })`,
        );
      }
      const clash = found.find((m) => m.id === value.id);
      if (clash) {
        throw new Error(
          `Two machines have the id "${value.id}": ${clash.file} (${clash.exportName}) and ${file} (${exportName})`,
        );
      }
      found.push({ id: value.id, file, exportName, machine: value });
    }
  }
  return found;
}

/** The doc file name for a machine id (ids are camelCase; anything unusual becomes `-`). */
export function docFileName(machineId: string): string {
  return `${machineId.replace(/[^A-Za-z0-9_.-]/g, '-')}.md`;
}

export interface PlannedDoc {
  /** File name inside the docs folder. */
  file: string;
  machineId: string;
  source: string;
  content: string;
}

export function planDocs(machines: readonly DiscoveredMachine[]): PlannedDoc[] {
  return machines
    .map((m) => ({
      file: docFileName(m.id),
      machineId: m.id,
      source: m.file,
      content: renderMachineDoc(m.machine, m),
    }))
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

export interface DocsDiff {
  missing: PlannedDoc[];
  stale: PlannedDoc[];
  /** Generated-looking files (`*.md`) with no machine behind them. */
  orphaned: string[];
  upToDate: PlannedDoc[];
}

async function existingDocs(docsDir: string): Promise<string[]> {
  const entries = await readdir(docsDir).catch(() => [] as string[]);
  return entries.filter((f) => f.endsWith('.md') && !KEPT_DOCS.has(f)).sort();
}

export async function diffDocs(docsDir: string, planned: readonly PlannedDoc[]): Promise<DocsDiff> {
  const diff: DocsDiff = { missing: [], stale: [], orphaned: [], upToDate: [] };
  const expected = new Set(planned.map((d) => d.file));
  for (const doc of planned) {
    const current = await readFile(join(docsDir, doc.file), 'utf8').catch(() => undefined);
    if (current === undefined) diff.missing.push(doc);
    else if (current !== doc.content) diff.stale.push(doc);
    else diff.upToDate.push(doc);
  }
  diff.orphaned = (await existingDocs(docsDir)).filter((f) => !expected.has(f));
  return diff;
}

export interface WriteResult {
  written: string[];
  removed: string[];
  unchanged: string[];
}

/** Writes every planned doc that differs and removes orphaned ones (hand-written `README.md` stays). */
export async function writeDocs(docsDir: string, planned: readonly PlannedDoc[]): Promise<WriteResult> {
  await mkdir(docsDir, { recursive: true });
  const diff = await diffDocs(docsDir, planned);
  for (const doc of [...diff.missing, ...diff.stale]) await writeFile(join(docsDir, doc.file), doc.content);
  for (const file of diff.orphaned) await rm(join(docsDir, file));
  return {
    written: [...diff.missing, ...diff.stale].map((d) => d.file).sort(),
    removed: diff.orphaned,
    unchanged: diff.upToDate.map((d) => d.file),
  };
}

/** The lines `statecharts:check` prints for a diff; empty when everything matches. */
export function describeDiff(diff: DocsDiff, docsDir: string = DOCS_DIR): string[] {
  const lines: string[] = [];
  for (const doc of diff.missing)
    lines.push(`missing   ${docsDir}/${doc.file} (machine ${doc.machineId} in ${doc.source})`);
  for (const doc of diff.stale)
    lines.push(`stale     ${docsDir}/${doc.file} (machine ${doc.machineId} in ${doc.source})`);
  for (const file of diff.orphaned) lines.push(`orphaned  ${docsDir}/${file} (no machine has this id)`);
  return lines;
}
