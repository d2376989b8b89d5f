/**
 * The live statechart viewer (development builds): the machines running on the current screen, each drawn
 * from its definition (chart.ts) with its active states highlighted and the last event's transitions marked
 * as they happen. Clicking a state (or Enter on it) shows what the generated docs say about it: description,
 * tags, invoked actors, entry/exit actions and its transitions with guards and actions. Plain elements and
 * inline styles: it must not depend on the console's design system.
 */
import { StrictMode, useMemo, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { createRoot } from 'react-dom/client';
import {
  authoredActions,
  collectTransitions,
  getAllStateNodes,
  getInvokes,
  statePath,
} from '../../../scripts/lib/statechart-read';
import { renderChartSvg } from './chart';
import type { InspectionStore, RunningMachine } from './inspection';

export function mountViewer(host: HTMLElement, store: InspectionStore, onClose: () => void): () => void {
  const root = createRoot(host);
  root.render(
    <StrictMode>
      <StatechartViewer store={store} onClose={onClose} />
    </StrictMode>,
  );
  return () => root.unmount();
}

const panel: CSSProperties = {
  position: 'fixed',
  top: 0,
  right: 0,
  bottom: 0,
  width: 'min(640px, 100vw)',
  background: '#fff',
  borderLeft: '1px solid #cbd5e0',
  boxShadow: '-4px 0 16px rgba(0,0,0,0.12)',
  zIndex: 2147483000,
  display: 'flex',
  flexDirection: 'column',
  font: '13px/1.4 system-ui, sans-serif',
  color: '#1a202c',
};

function StatechartViewer({ store, onClose }: { store: InspectionStore; onClose: () => void }) {
  useSyncExternalStore(store.subscribe, store.version);
  const running = store.running();
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const current = running.find((m) => m.sessionId === chosen) ?? running[0];
  return (
    <aside style={panel} aria-label="Statechart viewer">
      <header
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          padding: '8px 12px',
          borderBottom: '1px solid #e2e8f0',
        }}
      >
        <strong style={{ flex: 1 }}>Statecharts · {running.length} running</strong>
        <span style={{ color: '#718096' }}>Alt+Shift+S</span>
        <button type="button" onClick={onClose} aria-label="Close the statechart viewer">
          ✕
        </button>
      </header>
      <nav
        aria-label="Running machines"
        style={{ display: 'flex', flexWrap: 'wrap', gap: 6, padding: '8px 12px' }}
      >
        {running.length === 0 && (
          <span style={{ color: '#718096' }}>No machine is running on this screen.</span>
        )}
        {running.map((m) => (
          <button
            key={m.sessionId}
            type="button"
            aria-pressed={m === current}
            onClick={() => setChosen(m.sessionId)}
            style={{
              padding: '2px 8px',
              borderRadius: 12,
              border: '1px solid #a0aec0',
              background: m === current ? '#2b6cb0' : '#fff',
              color: m === current ? '#fff' : '#1a202c',
            }}
          >
            {m.machineId}
          </button>
        ))}
      </nav>
      {current && <MachineView key={current.sessionId} running={current} />}
    </aside>
  );
}

function MachineView({ running }: { running: RunningMachine }) {
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const active = new Set(running.states);
  const last = new Set(running.lastTransitions);
  const svg = renderChartSvg(running.machine, {
    stateClass: (id) => (active.has(id) ? 'active' : ''),
    transitionClass: (key) => (last.has(key) ? 'last' : ''),
  });
  const transitions = useMemo(() => collectTransitions(running.machine), [running.machine]);
  const lastDescriptions = transitions.filter((t) => last.has(t.key)).map((t) => t.description);
  const pick = (target: EventTarget | null) => {
    const state = (target as Element | null)?.closest?.('[data-state]')?.getAttribute('data-state');
    if (state) setSelected(state);
  };
  return (
    <div style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
      <dl
        style={{
          margin: 0,
          padding: '0 12px 8px',
          display: 'grid',
          gridTemplateColumns: 'auto 1fr',
          gap: '2px 10px',
        }}
      >
        <dt>State</dt>
        <dd style={{ margin: 0 }}>
          <code>{JSON.stringify(running.value)}</code> ({running.status})
        </dd>
        <dt>Last event</dt>
        <dd style={{ margin: 0 }} aria-live="polite">
          <code>{running.lastEvent ?? '—'}</code>
          {running.lastEvent && running.lastEvent !== 'xstate.init' && (
            <>
              {' '}
              from <code>{JSON.stringify(running.previous)}</code>
            </>
          )}
        </dd>
        <dt>Transition</dt>
        <dd style={{ margin: 0 }}>{lastDescriptions.length ? lastDescriptions.join('; ') : '—'}</dd>
      </dl>
      <div
        style={{ overflow: 'auto', flex: 1, borderTop: '1px solid #e2e8f0', padding: 8 }}
        onClick={(event) => pick(event.target)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') pick(event.target);
        }}
        dangerouslySetInnerHTML={{ __html: svg }}
      />
      {selected && <StateDetails running={running} id={selected} onClose={() => setSelected(undefined)} />}
    </div>
  );
}

function StateDetails({
  running,
  id,
  onClose,
}: {
  running: RunningMachine;
  id: string;
  onClose: () => void;
}) {
  const node = getAllStateNodes(running.machine).find((n) => n.id === id);
  if (!node) return null;
  const from = collectTransitions(running.machine).filter((t) => t.source === node);
  const invokes = getInvokes(node).map((i) => i.src);
  const entry = authoredActions(node.entry);
  const exit = authoredActions(node.exit);
  return (
    <section
      aria-label={`State ${statePath(node)}`}
      style={{ borderTop: '1px solid #cbd5e0', padding: '8px 12px', maxHeight: '40%', overflow: 'auto' }}
    >
      <div style={{ display: 'flex' }}>
        <strong style={{ flex: 1 }}>{statePath(node)}</strong>
        <button type="button" onClick={onClose} aria-label="Close the state details">
          ✕
        </button>
      </div>
      <p style={{ margin: '4px 0' }}>{node.description ?? 'No description.'}</p>
      <p style={{ margin: '4px 0', color: '#4a5568' }}>
        Type {node.type}
        {node.tags.length > 0 && <> · tags {node.tags.join(', ')}</>}
        {invokes.length > 0 && <> · invokes {invokes.join(', ')}</>}
        {entry.length > 0 && <> · entry {entry.join(', ')}</>}
        {exit.length > 0 && <> · exit {exit.join(', ')}</>}
      </p>
      {from.length > 0 && (
        <table style={{ borderCollapse: 'collapse', width: '100%' }}>
          <thead>
            <tr>
              <th align="left">Event</th>
              <th align="left">Target</th>
              <th align="left">Guard</th>
              <th align="left">Actions</th>
            </tr>
          </thead>
          <tbody>
            {from.map((t) => (
              <tr key={t.key} style={{ borderTop: '1px solid #edf2f7' }}>
                <td>{t.trigger}</td>
                <td>{t.targets.map(statePath).join(', ') || '(internal)'}</td>
                <td>{t.guard ?? '—'}</td>
                <td>{t.actions.join(', ') || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
