/**
 * A statechart drawn as SVG from the machine definition alone (no network, no layout library): used by the
 * QA report (scripts/qa.ts) and by the live viewer in development builds (StatechartViewer.tsx).
 *
 * Layout: each compound state lays its children out left to right by their distance from its initial state
 * (sibling transitions), one column per distance, stacked top to bottom; parallel regions stack. Every
 * transition candidate with a target is a curved arrow labelled `event [guard]`; a targetless one is a loop
 * on its state. Each state is a `<g data-state="<state id>">` and each arrow a `<g data-transition="<key>">`
 * (keys as in scripts/lib/statechart-read.ts), with the class `stateClass` / `transitionClass` give, so a
 * caller can mark covered, uncovered, excluded, active or last.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { collectTransitions, type TransitionInfo } from '../../../scripts/lib/statechart-read';

export interface ChartOptions {
  stateClass?: (id: string) => string;
  transitionClass?: (key: string) => string;
}

interface Box {
  node: AnyStateNode;
  x: number;
  y: number;
  width: number;
  height: number;
  children: Box[];
}

const LEAF_HEIGHT = 34;
const TITLE = 24;
const PAD = 14;
const COLUMN_GAP = 170;
const ROW_GAP = 40;
const CHAR = 7.2;

function childrenOf(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states as Record<string, AnyStateNode>).filter(
    (child) => child.type !== 'history',
  );
}

function siblingAncestor(node: AnyStateNode, parent: AnyStateNode): AnyStateNode | undefined {
  let current: AnyStateNode | undefined = node;
  while (current && current.parent !== parent) current = current.parent;
  return current;
}

function columns(
  parent: AnyStateNode,
  children: AnyStateNode[],
  transitions: TransitionInfo[],
): AnyStateNode[][] {
  if (parent.type === 'parallel') return children.map((child) => [child]);
  const rank = new Map<AnyStateNode, number>();
  const initial = children.find((child) => parent.initial?.target?.includes(child)) ?? children[0];
  if (!initial) return [];
  rank.set(initial, 0);
  const queue = [initial];
  while (queue.length > 0) {
    const from = queue.shift()!;
    for (const t of transitions) {
      const source = siblingAncestor(t.source, parent);
      if (source !== from) continue;
      for (const target of t.targets) {
        const to = siblingAncestor(target, parent);
        if (to && !rank.has(to)) {
          rank.set(to, (rank.get(from) ?? 0) + 1);
          queue.push(to);
        }
      }
    }
  }
  let last = Math.max(0, ...rank.values());
  for (const child of children) if (!rank.has(child)) rank.set(child, ++last);
  const result: AnyStateNode[][] = [];
  for (const child of children) (result[rank.get(child) ?? 0] ??= []).push(child);
  return result.filter(Boolean);
}

function measure(node: AnyStateNode, transitions: TransitionInfo[]): Box {
  const label = node.key;
  const children = childrenOf(node);
  const textWidth = label.length * CHAR + 28;
  if (children.length === 0) {
    return { node, x: 0, y: 0, width: Math.max(96, textWidth), height: LEAF_HEIGHT, children: [] };
  }
  const cols = columns(node, children, transitions);
  const boxes: Box[] = [];
  if (node.type === 'parallel') {
    let y = TITLE;
    let width = textWidth;
    for (const child of children) {
      const box = measure(child, transitions);
      box.x = PAD;
      box.y = y;
      y += box.height + ROW_GAP / 2;
      width = Math.max(width, box.width + 2 * PAD);
      boxes.push(box);
    }
    for (const box of boxes) box.width = width - 2 * PAD;
    return { node, x: 0, y: 0, width, height: y - ROW_GAP / 2 + PAD, children: boxes };
  }
  let x = PAD;
  let height = 0;
  for (const column of cols) {
    const measured = column.map((child) => measure(child, transitions));
    const colWidth = Math.max(...measured.map((box) => box.width));
    let y = TITLE + PAD / 2;
    for (const box of measured) {
      box.x = x + (colWidth - box.width) / 2;
      box.y = y;
      y += box.height + ROW_GAP;
      boxes.push(box);
    }
    height = Math.max(height, y - ROW_GAP);
    x += colWidth + COLUMN_GAP;
  }
  const width = Math.max(textWidth, x - COLUMN_GAP + PAD);
  return { node, x: 0, y: 0, width, height: height + PAD, children: boxes };
}

function place(box: Box, dx: number, dy: number, into: Map<AnyStateNode, Box>): void {
  box.x += dx;
  box.y += dy;
  into.set(box.node, box);
  for (const child of box.children) place(child, box.x, box.y, into);
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function border(box: Box, toward: { x: number; y: number }): { x: number; y: number } {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const dx = toward.x - cx;
  const dy = toward.y - cy;
  if (dx === 0 && dy === 0) return { x: cx, y: box.y };
  const scale = Math.min(
    dx === 0 ? Infinity : box.width / 2 / Math.abs(dx),
    dy === 0 ? Infinity : box.height / 2 / Math.abs(dy),
  );
  return { x: cx + dx * scale, y: cy + dy * scale };
}

const STYLE = `
  .st rect { fill: #fff; stroke: #4a5568; stroke-width: 1.2; }
  .st.compound > rect { fill: #f7fafc; }
  .st text { font: 12px system-ui, sans-serif; fill: #1a202c; }
  .st.final > rect.inner { fill: none; }
  .tr path { fill: none; stroke: #718096; stroke-width: 1.1; }
  .tr text { font: 10.5px system-ui, sans-serif; fill: #2d3748; paint-order: stroke; stroke: #fff; stroke-width: 3px; }
  .st.covered > rect { stroke: #2f855a; stroke-width: 2; fill: #f0fff4; }
  .st.uncovered > rect { stroke: #c53030; stroke-width: 2; stroke-dasharray: 5 3; fill: #fff5f5; }
  .st.excluded > rect { stroke: #a0aec0; stroke-dasharray: 2 3; fill: #edf2f7; }
  .st.active > rect { stroke: #2b6cb0; stroke-width: 3; fill: #ebf8ff; }
  .tr.covered path { stroke: #2f855a; stroke-width: 1.6; }
  .tr.uncovered path { stroke: #c53030; stroke-width: 1.6; stroke-dasharray: 5 3; }
  .tr.uncovered text { fill: #c53030; }
  .tr.excluded path { stroke: #a0aec0; stroke-dasharray: 2 3; }
  .tr.last path { stroke: #dd6b20; stroke-width: 3; }
  .tr.last text { fill: #c05621; font-weight: 600; }
  [data-state] { cursor: pointer; }
`;

/** The chart as an SVG document string. */
export function renderChartSvg(machine: AnyStateMachine, options: ChartOptions = {}): string {
  const transitions = collectTransitions(machine);
  const root = measure(machine.root, transitions);
  const boxes = new Map<AnyStateNode, Box>();
  place(root, 10, 10, boxes);
  const width = root.width + 20;
  const height = root.height + 20;
  const stateClass = options.stateClass ?? (() => '');
  const transitionClass = options.transitionClass ?? (() => '');

  const states: string[] = [];
  for (const box of boxes.values()) {
    const { node } = box;
    if (!node.parent) continue;
    const kind = box.children.length ? 'compound' : node.type === 'final' ? 'final' : 'atomic';
    const initial = node.parent.initial?.target?.includes(node) ?? false;
    const rx = kind === 'compound' ? 8 : 14;
    const label = box.children.length
      ? `<text x="${box.x + 10}" y="${box.y + 16}" font-weight="600">${escape(node.key)}</text>`
      : `<text x="${box.x + box.width / 2}" y="${box.y + box.height / 2 + 4}" text-anchor="middle">${escape(node.key)}</text>`;
    const inner =
      kind === 'final'
        ? `<rect class="inner" x="${box.x + 3}" y="${box.y + 3}" width="${box.width - 6}" height="${box.height - 6}" rx="${rx - 3}"/>`
        : '';
    const dot = initial
      ? `<circle cx="${box.x - 9}" cy="${box.y + 12}" r="4" fill="#2d3748"/><path d="M${box.x - 5} ${box.y + 12} H${box.x}" stroke="#2d3748"/>`
      : '';
    states.push(
      `<g class="st ${kind} ${stateClass(node.id)}" data-state="${escape(node.id)}" tabindex="0" role="button" aria-label="${escape(node.id)}"><title>${escape(node.id)}</title>` +
        `<rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" rx="${rx}"/>${inner}${label}${dot}</g>`,
    );
  }

  const arrows: string[] = [];
  const pairs = new Map<string, number>();
  const loops = new Map<AnyStateNode, number>();
  for (const t of transitions) {
    const from = boxes.get(t.source);
    if (!from) continue;
    const cls = `tr ${transitionClass(t.key)}`;
    const title = `<title>${escape(t.description)}</title>`;
    if (t.targets.length === 0 || (t.targets.length === 1 && t.targets[0] === t.source)) {
      const n = loops.get(t.source) ?? 0;
      loops.set(t.source, n + 1);
      const x = from.x + from.width - 14 - n * 6;
      const y = from.y;
      const ly = y - 8 - n * 13;
      arrows.push(
        `<g class="${cls}" data-transition="${escape(t.key)}">${title}<path d="M${x - 8} ${y} C ${x - 8} ${ly - 6}, ${x + 8} ${ly - 6}, ${x + 8} ${y}" marker-end="url(#arrow)"/>` +
          `<text x="${x + 12}" y="${ly}">${escape(t.label)}</text></g>`,
      );
      continue;
    }
    for (const target of t.targets) {
      const to = boxes.get(target);
      if (!to) continue;
      const pair = `${t.source.id}>${target.id}`;
      const n = pairs.get(pair) ?? 0;
      pairs.set(pair, n + 1);
      const fc = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
      const tc = { x: to.x + to.width / 2, y: to.y + to.height / 2 };
      const start = border(from, tc);
      const end = border(to, fc);
      const mx = (start.x + end.x) / 2;
      const my = (start.y + end.y) / 2;
      const length = Math.hypot(end.x - start.x, end.y - start.y) || 1;
      const bend = (n % 2 === 0 ? 1 : -1) * (28 + 22 * Math.floor(n / 2));
      const cx = mx + (-(end.y - start.y) / length) * bend;
      const cy = my + ((end.x - start.x) / length) * bend;
      const lx = (start.x + 2 * cx + end.x) / 4;
      const ly = (start.y + 2 * cy + end.y) / 4;
      arrows.push(
        `<g class="${cls}" data-transition="${escape(t.key)}">${title}<path d="M${start.x.toFixed(1)} ${start.y.toFixed(1)} Q ${cx.toFixed(1)} ${cy.toFixed(1)} ${end.x.toFixed(1)} ${end.y.toFixed(1)}" marker-end="url(#arrow)"/>` +
          `<text x="${lx.toFixed(1)}" y="${ly.toFixed(1)}" text-anchor="middle">${escape(t.label)}</text></g>`,
      );
    }
  }

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-20 -40 ${width + 60} ${height + 50}" width="${width + 60}" height="${height + 50}" role="img" aria-label="${escape(machine.id)} statechart">` +
    `<style>${STYLE}</style><defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="#4a5568"/></marker></defs>` +
    `<g>${states.join('')}</g><g>${arrows.join('')}</g></svg>`
  );
}
