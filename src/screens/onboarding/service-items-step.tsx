import { Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiClient } from '../../api/client';
import type { Availability } from '../../api/contract/onboarding';
import { useFlow } from '../../app/flow';
import { availabilityQueries, serviceCategoryQueries } from '../../app/queries';
import type { WeekSlots } from '../../domain/onboarding/availability';
import { availabilityEditorMachine } from '../../machines/onboarding/availability-editor.machine';
import { createAvailabilityEditorActors } from '../../machines/onboarding/onboarding.actors';
import { AvailabilityGrid } from '../../ui/onboarding/AvailabilityGrid';
import { CategoryChecklist } from '../../ui/onboarding/CategoryChecklist';
import { Button } from '@chakra-ui/react';

export interface ServiceItemsStepProps {
  api: ApiClient;
  locationId: number;
  timezone: string;
}

/** Step 2 for MANUAL: category checkboxes and the weekly time slots, saved per category. */
export function ServiceItemsStep({ api, locationId, timezone }: ServiceItemsStepProps) {
  const categories = useQuery(serviceCategoryQueries.list(api));
  const existing = useQuery(availabilityQueries.forLocation(api, locationId));
  if (categories.isPending || existing.isPending) return <Text>Loading…</Text>;
  if (categories.isError || existing.isError) {
    return <Text role="alert">{(categories.error ?? existing.error)?.message}</Text>;
  }
  return (
    <AvailabilityEditor
      api={api}
      locationId={locationId}
      timezone={timezone}
      categories={categories.data.map((category) => ({ id: category.id, name: category.name }))}
      existing={existing.data}
    />
  );
}

function AvailabilityEditor(props: {
  api: ApiClient;
  locationId: number;
  timezone: string;
  categories: Array<{ id: number; name: string }>;
  existing: Availability[];
}) {
  const [actors] = useState(() => createAvailabilityEditorActors(props.api));
  const [snapshot, send] = useFlow(availabilityEditorMachine, {
    actors,
    input: { locationId: props.locationId, categories: props.categories, existing: props.existing },
  });
  const busy = snapshot.hasTag('busy');
  const { context } = snapshot;
  return (
    <Stack gap="5">
      <CategoryChecklist
        categories={props.categories}
        checked={context.checked}
        disabled={busy}
        onToggle={(categoryId) => send({ type: 'category.toggle', categoryId })}
      />
      <Heading as="h3" size="md">
        Select your time slots, when will you be available?
      </Heading>
      <AvailabilityGrid
        week={context.week as WeekSlots}
        timezone={props.timezone}
        disabled={busy}
        onSet={(cells, checked) => send({ type: 'slots.set', cells, checked })}
      />
      <Button
        alignSelf="flex-start"
        variant="outline"
        colorPalette="teal"
        loading={busy}
        disabled={context.checked.length === 0}
        onClick={() => send({ type: 'availability.save' })}
      >
        Save availability
      </Button>
    </Stack>
  );
}
