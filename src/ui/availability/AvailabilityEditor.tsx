import { Button, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import type { WeekSlots, Weekday } from '../../domain/onboarding/availability';
import { AVAILABILITY_MESSAGES } from '../../domain/shared/messages';
import { FormAlert } from '../kit/FormParts';
import { RetryMessage } from '../kit/RetryMessage';
import { StaleNotice, type StaleNoticeProps } from '../kit/StaleNotice';
import { AvailabilityGrid } from './AvailabilityGrid';
import { CategoryChecklist } from './CategoryChecklist';

export interface AvailabilityEditorProps {
  loading: boolean;
  loadFailed: boolean;
  loadFailedText: string;
  emptyText: string | null;
  categories: Array<{ id: number; name: string }>;
  checked: number[];
  week: WeekSlots;
  timezone: string;
  disabled: boolean;
  saving: boolean;
  canSave: boolean;
  hint: string | null;
  saveError: string | null;
  stale: StaleNoticeProps | null;
  onToggle(categoryId: number): void;
  onSet(cells: Array<{ day: Weekday; time: string }>, checked: boolean): void;
  onSave(): void;
  onRetry(): void;
}

/**
 * The availability editor (spec 02 §2): the categories offered and the weekly time slots, with Save. Wizard
 * step 2 and a MANUAL provider's Services show it.
 */
export function AvailabilityEditor(props: AvailabilityEditorProps) {
  if (props.loading) return <Spinner role="status" aria-label="Loading availability" />;
  if (props.loadFailed) return <RetryMessage message={props.loadFailedText} onRetry={props.onRetry} />;
  if (props.emptyText) return <Text color="fg.muted">{props.emptyText}</Text>;
  return (
    <Stack gap="5">
      <CategoryChecklist
        categories={props.categories}
        checked={props.checked}
        disabled={props.disabled}
        onToggle={props.onToggle}
      />
      <Heading as="h3" size="md">
        {AVAILABILITY_MESSAGES.slotsPrompt}
      </Heading>
      <AvailabilityGrid
        week={props.week}
        timezone={props.timezone}
        disabled={props.disabled}
        onSet={props.onSet}
      />
      {props.stale ? (
        <StaleNotice {...props.stale} />
      ) : (
        props.saveError && <FormAlert title={props.saveError} announce />
      )}
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ base: 'stretch', sm: 'center' }}>
        <Button
          alignSelf={{ base: 'stretch', sm: 'flex-start' }}
          variant="outline"
          colorPalette="teal"
          loading={props.saving}
          loadingText="Saving"
          disabled={!props.canSave}
          onClick={props.onSave}
        >
          Save availability
        </Button>
        {props.hint && (
          <Text fontSize="sm" color="fg.muted">
            {props.hint}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
