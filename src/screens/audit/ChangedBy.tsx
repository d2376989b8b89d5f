import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiClient } from '../../api/client';
import { readerTimeZone } from '../../app/clock';
import { auditQueries } from '../../api/audit/audit.queries';
import { latestChange, type AuditRecordType } from '../../domain/audit/audit';
import { ChangedByLine } from '../../ui/audit/ChangedByLine';
import { useNow } from './use-now';

/**
 * "Changed by … 3 min ago" for one record, from its latest events in the audit trail. Admins only (the trail
 * is theirs): for anyone else, and while it loads or when the record has no change recorded, nothing shows.
 */
export function ChangedBy(props: {
  api: ApiClient;
  recordType: AuditRecordType;
  recordId: string | number;
  isAdmin: boolean;
  /** The record's version as shown: a save moves it on, and the line is read again. */
  version?: number | null;
  /** Inside a header: no margins. */
  compact?: boolean;
}) {
  const latest = useQuery({
    ...auditQueries.latestOf(props.api, props.recordType, String(props.recordId), props.version ?? null),
    enabled: props.isAdmin,
    select: (page) => latestChange(page.items),
  });
  const now = useNow();
  const [timeZone] = useState(readerTimeZone);
  if (!props.isAdmin || !latest.data) return null;
  return (
    <ChangedByLine event={latest.data} nowMs={now} timeZone={timeZone} compact={props.compact ?? false} />
  );
}
