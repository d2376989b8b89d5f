/** What the Map tab's drawing panel shows, from the polygon-drawing snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { polygonDrawingMachine } from './polygon-drawing.machine';

export function polygonDrawingView(snapshot: SnapshotFrom<typeof polygonDrawingMachine>) {
  const { context } = snapshot;
  return {
    /** The name form is open for a drawn or city outline. */
    naming: snapshot.matches('naming') || snapshot.matches('saving'),
    pendingPoints: context.points,
    name: context.name,
    nameError: context.nameError,
    error: context.error,
    busy: snapshot.hasTag('busy'),
    canDraw: snapshot.matches('idle'),
    confirmingDelete: snapshot.matches('confirmingDelete') || snapshot.matches('deleting'),
    deleteName: context.deleteName,
  };
}
export type PolygonDrawingView = ReturnType<typeof polygonDrawingView>;
