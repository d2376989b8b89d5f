import { Text } from '@chakra-ui/react';
import { actorLabel, changedByVerb } from '../../domain/audit/audit';
import { RelativeTime } from './RelativeTime';

/** "Changed by ada@upkeep.test 3 min ago": who last changed a record, and when. */
export function ChangedByLine(props: {
  event: { kind: string; at: string; actorEmail: string | null; actorUid: string | null };
  nowMs: number;
  timeZone: string;
  /** Under a heading with its own bottom margin by default; inside a header, no margins. */
  compact?: boolean;
}) {
  return (
    <Text fontSize="sm" color="fg.muted" mt={props.compact ? '0' : '-2'} mb={props.compact ? '0' : '4'}>
      {changedByVerb(props.event.kind)} {actorLabel(props.event)}{' '}
      <RelativeTime at={props.event.at} nowMs={props.nowMs} timeZone={props.timeZone} />
    </Text>
  );
}
