/** What the Boulevard connection screen shows for a snapshot: the sub-step (1–3) and the status line. */
import type { SnapshotFrom } from 'xstate';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';
import type { boulevardConnectionMachine } from './boulevard-connection.machine';

export interface BoulevardConnectionView {
  subStep: 1 | 2 | 3;
  /** 'Connected.', the retrying or no-locations message, or null while the first check runs. */
  status: string | null;
  /** The status is good news (Connected.). */
  connected: boolean;
  checking: boolean;
}

export function boulevardConnectionView(
  snapshot: SnapshotFrom<typeof boulevardConnectionMachine>,
): BoulevardConnectionView {
  if (snapshot.matches('enteringId')) return { subStep: 1, status: null, connected: false, checking: false };
  if (snapshot.matches('instructions'))
    return { subStep: 2, status: null, connected: false, checking: false };
  if (snapshot.matches('connected') || snapshot.matches('done')) {
    return { subStep: 3, status: PROVIDER_MESSAGES.boulevardConnected, connected: true, checking: false };
  }
  const { status } = snapshot.context;
  return {
    subStep: 3,
    status:
      status === 'retrying'
        ? PROVIDER_MESSAGES.boulevardRetrying
        : status === 'noLocations'
          ? PROVIDER_MESSAGES.boulevardNoLocations
          : null,
    connected: false,
    checking: snapshot.matches({ verifying: 'checking' }),
  };
}
