import { Stack, Text } from '@chakra-ui/react';
import { RecordSection } from '../../../ui/kit/RecordSection';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiClient } from '../../../api/client';
import type { Location, Provider } from '../../../api/contract/provider';
import { nowInstant as now } from '../../../app/instant';
import { useFlow } from '../../../app/flow';
import { bundleQueries } from '../../../api/catalogue/bundles.queries';
import { serviceCategoryQueries } from '../../../api/catalogue/service-categories.queries';
import { todayIn } from '../../../domain/providers/dates';
import { DEFAULT_TIME_ZONE } from '../../../domain/shared/constants';
import { SPECIAL_DATE_MESSAGES, PEOPLE_MESSAGES } from '../../../domain/shared/messages';
import { createSpecialDatesActors } from '../../../machines/providers/special-dates.actors';
import { specialDatesMachine } from '../../../machines/providers/special-dates.machine';
import { specialDatesView } from '../../../machines/providers/special-dates.view';
import { ConfirmDialog } from '../../../ui/kit/ConfirmDialog';
import { staleNoticeProps } from '../../../ui/kit/StaleNotice';
import { HolidayList } from '../../../ui/providers/HolidayList';
import { SpecialDateList } from '../../../ui/providers/SpecialDateList';
import { SpecialDateServiceMenu } from '../../../ui/providers/SpecialDateServiceMenu';
import { ChangedBy } from '../../audit/ChangedBy';

export interface SpecialDatesSectionProps {
  api: ApiClient;
  provider: Provider;
  /** The provider's location, or null when it has none yet. */
  location: Location | null;
  isAdmin: boolean;
}

/** The manage view's "Special Dates" section: the location's special dates and this year's holidays. */
export function SpecialDatesSection({ api, location, isAdmin }: SpecialDatesSectionProps) {
  return (
    <RecordSection
      headingId="specialdatessection-heading"
      title="Special Dates"
      saves="Each date is saved as soon as it is added or removed."
    >
      {location ? (
        <SpecialDates key={location.id} api={api} location={location} isAdmin={isAdmin} />
      ) : (
        <Text color="gray.700">{SPECIAL_DATE_MESSAGES.noLocation}</Text>
      )}
    </RecordSection>
  );
}

function SpecialDates({ api, location, isAdmin }: { api: ApiClient; location: Location; isAdmin: boolean }) {
  const [input] = useState(() => {
    const timeZone = location.timezone || DEFAULT_TIME_ZONE;
    return { locationId: location.id, timeZone, today: todayIn(now(), timeZone).toString() };
  });
  const [snapshot, send] = useFlow(specialDatesMachine, {
    actors: createSpecialDatesActors(api, now),
    input,
  });
  const categories = useQuery(serviceCategoryQueries.list(api));
  const bundles = useQuery(bundleQueries.list(api));
  const view = specialDatesView(snapshot, {
    categories: categories.data ?? [],
    bundles: bundles.data ?? [],
  });
  return (
    <Stack gap="4">
      <SpecialDateList
        loading={view.loading}
        loadError={view.loadError}
        canEdit={view.canEdit}
        busy={view.busy}
        pick={view.pick}
        dates={view.dates}
        emptyText={view.emptyText}
        removingItemId={view.removingItemId}
        onPick={(end, value) => send({ type: 'range.pick', end, value })}
        onOpenServices={(id) => send({ type: 'date.services', id })}
        onRemoveItem={(dateId, itemId) => send({ type: 'item.remove', dateId, itemId })}
        onRemoveDate={(id) => send({ type: 'date.remove', id })}
        onRetry={() => send({ type: 'dates.retry' })}
        renderChangedBy={(date) => (
          <ChangedBy
            api={api}
            recordType="special-date"
            recordId={date.id}
            version={snapshot.context.dates.find((saved) => saved.id === date.id)?.version ?? null}
            isAdmin={isAdmin}
            compact
          />
        )}
      />
      <HolidayList
        state={view.holidays.state}
        entries={view.holidays.entries}
        canAdd={view.holidays.canAdd}
        adding={view.holidays.adding}
        clashes={view.holidays.clashes}
        failedText={SPECIAL_DATE_MESSAGES.holidaysFailed}
        clashesText={SPECIAL_DATE_MESSAGES.clashes}
        onOptOut={() => send({ type: 'holidays.optOut' })}
        onOptIn={() => send({ type: 'holidays.optIn' })}
        onCheck={(index, checked) => send({ type: 'holiday.check', index, checked })}
        onAdd={() => send({ type: 'holidays.add' })}
        onRetry={() => send({ type: 'holidays.retry' })}
      />
      <SpecialDateServiceMenu
        menu={view.menu}
        loading={categories.isPending || bundles.isPending}
        failure={categories.isError || bundles.isError ? PEOPLE_MESSAGES.serviceItemsLoadFailed : null}
        stale={view.menu ? staleNoticeProps(view.menu, send) : null}
        onChange={(serviceItemIds, bundleIds) => send({ type: 'services.change', serviceItemIds, bundleIds })}
        onAttach={() => send({ type: 'services.attach' })}
        onCancel={() => send({ type: 'services.cancel' })}
        onRetry={() => {
          void categories.refetch();
          void bundles.refetch();
        }}
      />
      <ConfirmDialog
        open={view.confirmRemove !== null}
        title="Remove special date"
        message={view.confirmRemove?.message ?? ''}
        confirmLabel="Remove"
        busy={view.confirmRemove?.deleting ?? false}
        busyLabel="Removing"
        onConfirm={() => send({ type: 'delete.confirm' })}
        onCancel={() => send({ type: 'delete.cancel' })}
      />
    </Stack>
  );
}
