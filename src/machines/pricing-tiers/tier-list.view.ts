/** What the tier sidebar shows, from its snapshot. */
import type { SnapshotFrom } from 'xstate';
import { canDeleteTier } from '../../domain/pricing-tiers/tiers';
import type { tierListMachine } from './tier-list.machine';

export function tierListView(snapshot: SnapshotFrom<typeof tierListMachine>) {
  return {
    adding: snapshot.matches('adding'),
    busy: snapshot.hasTag('busy'),
    /** 01 §5: the delete popover is offered only while more than one tier exists. */
    canDelete: canDeleteTier(snapshot.context.count) && snapshot.matches('idle'),
    deletingId: snapshot.context.deletingId,
    error: snapshot.context.error,
  };
}
