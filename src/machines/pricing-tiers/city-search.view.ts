/** What the city search box shows, from its snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { citySearchMachine } from './city-search.machine';

export function citySearchView(snapshot: SnapshotFrom<typeof citySearchMachine>) {
  const { context } = snapshot;
  return {
    text: context.text,
    busy: snapshot.hasTag('busy'),
    /** The list is open while there is something to choose. */
    results: snapshot.matches('results') || snapshot.matches('outlineFailed') ? context.results : [],
    message: context.error,
    chosen: snapshot.matches('chosen') ? context.chosen : null,
  };
}
export type CitySearchView = ReturnType<typeof citySearchView>;
