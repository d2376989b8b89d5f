import { Text } from '@chakra-ui/react';
import { actorLabel, changedByVerb } from '../../domain/audit/audit';
import { RelativeTime } from './RelativeTime';

/** "Changed by ada@upkeep.test 3 min ago": who last changed a record, and when. */
export function ChangedByLine(props: {
  event: { kind: string; at: string; actorEmail: string | null; actorUid: string | null };
  nowMs: number;
  timeZone: string;
}) {
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="changed-by">
      {changedByVerb(props.event.kind)} {actorLabel(props.event)}{' '}
      <RelativeTime at={props.event.at} nowMs={props.nowMs} timeZone={props.timeZone} />
    </Text>
  );
}
