/**
 * Opt-in (`?stately`, development builds): forwards the flows' inspection events to Stately's hosted
 * inspector, which opens in a new window and needs a network connection. Loaded only when asked for.
 */
import { createBrowserInspector } from '@statelyai/inspect';
import type { InspectionEvent } from 'xstate';

export function connectStately(): (event: InspectionEvent) => void {
  const inspector = createBrowserInspector();
  return (event) => inspector.inspect.next?.(event);
}
