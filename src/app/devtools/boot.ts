/**
 * Development builds only (main.tsx imports this behind `import.meta.env.DEV`, so production never loads
 * it): collects every flow's inspection events from the start, and opens the live statechart viewer with
 * Alt+Shift+S or the `?statecharts` URL flag. `?stately` also sends the events to Stately's hosted
 * inspector (@statelyai/inspect, loaded only then; it needs a network connection).
 */
import type { InspectionEvent } from 'xstate';
import { createInspectionStore } from './inspection';

const store = createInspectionStore();
const forwards: Array<(event: InspectionEvent) => void> = [store.inspect];
(globalThis as { __upkeepInspect?: (event: InspectionEvent) => void }).__upkeepInspect = (event) => {
  for (const forward of forwards) forward(event);
};

let host: HTMLElement | undefined;
let close: (() => void) | undefined;

async function open(): Promise<void> {
  if (host) return;
  host = document.createElement('div');
  host.id = 'statechart-viewer';
  document.body.append(host);
  const { mountViewer } = await import('./StatechartViewer');
  close = mountViewer(host, store, toggle);
}

function toggle(): void {
  if (!host) {
    void open();
    return;
  }
  close?.();
  host.remove();
  host = undefined;
  close = undefined;
}

window.addEventListener('keydown', (event) => {
  if (event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyS') {
    event.preventDefault();
    toggle();
  }
});

const flags = new URLSearchParams(window.location.search);
if (flags.has('statecharts')) void open();
if (flags.has('stately')) {
  void import('./stately').then(({ connectStately }) => forwards.push(connectStately()));
}
