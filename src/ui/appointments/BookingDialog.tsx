import { Button, Checkbox, Field, Fieldset, Flex, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ProviderSlots } from '../../api/contract/appointment-operations';
import {
  isSameInstant,
  openTimesPrompt,
  PAYMENT_METHOD_LABELS,
  slotsByDay,
  type BookingDraft,
  type BookingErrors,
  type BookingMode,
  type CustomerField,
} from '../../domain/appointments/booking';
import { dateIn, timeIn } from '../../domain/dashboard/appointments';
import type { PaymentMethod } from '../../domain/appointments/operations';
import { FormDialog } from '../kit/DialogShell';
import { FieldRow, labelledOptions, namedOptions, SelectField, SelectOptions } from '../kit/FormParts';
import { ChipPicker, type ChipOption } from '../kit/ChipPicker';
import { PromoServicePicker, type PickerCategory } from '../kit/ServicePicker';
import { RetryMessage } from '../kit/RetryMessage';

const TITLES: Record<BookingMode, string> = {
  reschedule: 'Update Appointment',
  provider: 'Create Appointment',
  admin: 'Create Appointment',
};

const CUSTOMER_FIELDS: { field: CustomerField; label: string; type: string; autoComplete: string }[] = [
  { field: 'email', label: 'Email', type: 'email', autoComplete: 'off' },
  { field: 'firstName', label: 'First name', type: 'text', autoComplete: 'off' },
  { field: 'lastName', label: 'Last name', type: 'text', autoComplete: 'off' },
  { field: 'birthdate', label: 'Birth date', type: 'date', autoComplete: 'off' },
  { field: 'phone', label: 'Phone', type: 'tel', autoComplete: 'off' },
];

export interface BookingDialogProps {
  open: boolean;
  mode: BookingMode;
  draft: BookingDraft;
  errors: BookingErrors;
  busy: boolean;
  submitting: boolean;
  /** Items and a provider chosen: the open slots are (being) looked up. */
  findingSlots: boolean;
  offers: readonly ProviderSlots[] | null;
  slotsError: string | null;
  categories: { items: readonly PickerCategory[]; loading: boolean; failure: string | null; onRetry(): void };
  /** Admin variant (and reschedule): the providers to choose from. */
  providers: readonly { id: number; name: string }[] | null;
  /** Admin variant: the users matching the typed text. */
  users: {
    items: readonly ChipOption[];
    loading: boolean;
    failure: string | null;
    onSearch(text: string): void;
    onRetry(): void;
  } | null;
  onCreateUser(): void;
  onItems(ids: number[]): void;
  onProvider(id: number | null): void;
  onDay(day: string): void;
  onSlot(start: string): void;
  onCustomer(field: CustomerField, value: string): void;
  /** A user chosen, or none (the chip removed). */
  onUser(id: number | null, label: string): void;
  onPayment(method: PaymentMethod): void;
  onInvoice(on: boolean): void;
  onFree(on: boolean): void;
  onRetrySlots(): void;
  onSubmit(): void;
  onClose(): void;
}

/** Update/reschedule and Create Appointment (02 §2, §5, §6): one form, three variants. */
export function BookingDialog(props: BookingDialogProps) {
  const { draft, errors } = props;
  const offer = props.offers?.find((o) => o.providerId === draft.providerId) ?? props.offers?.[0] ?? null;
  return (
    <FormDialog
      open={props.open}
      title={TITLES[props.mode]}
      busy={props.submitting}
      onClose={props.onClose}
      size="lg"
      form="booking-form"
      confirmLabel={props.mode === 'reschedule' ? 'Update Appointment' : 'Create Appointment'}
      busyLabel="Saving"
      disabled={props.busy && !props.submitting}
      onSubmit={props.onSubmit}
    >
      <Stack gap="5">
        {props.mode === 'provider' && (
          <Fieldset.Root disabled={props.submitting}>
            <Fieldset.Legend fontWeight="semibold">Customer</Fieldset.Legend>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              {CUSTOMER_FIELDS.map(({ field, label, type, autoComplete }) => (
                <FieldRow
                  key={field}
                  label={label}
                  type={type}
                  autoComplete={autoComplete}
                  value={draft.customer[field]}
                  error={errors[field]}
                  onChange={(value) => props.onCustomer(field, value)}
                />
              ))}
            </SimpleGrid>
          </Fieldset.Root>
        )}
        {props.users && (
          <Stack gap="2">
            <ChipPicker
              label="User"
              helperText={draft.userId === null ? 'Search by name or email.' : undefined}
              error={errors.userId}
              placeholder="Name or email"
              multiple={false}
              disabled={props.submitting}
              options={props.users.items}
              chosen={draft.userId === null ? [] : [{ id: draft.userId, label: draft.userLabel }]}
              onChange={(next) => props.onUser(next[0]?.id ?? null, next[0]?.label ?? '')}
              onQueryChange={props.users.onSearch}
              loading={props.users.loading}
              loadingText="Looking up users…"
              failure={props.users.failure}
              onRetry={props.users.onRetry}
              noMatches={(text) => `No users match “${text}”.`}
              emptyText="No users yet."
            />
            <Button alignSelf="start" size="sm" variant="outline" onClick={props.onCreateUser}>
              Create User
            </Button>
          </Stack>
        )}
        {props.providers && (
          <SelectField
            label="Provider"
            size="sm"
            invalid={errors.providerId !== undefined}
            disabled={props.submitting}
            value={draft.providerId ?? ''}
            error={errors.providerId}
            onChange={(value) => props.onProvider(value ? Number(value) : null)}
          >
            <option value="">Choose a provider</option>
            <SelectOptions options={namedOptions(props.providers)} />
          </SelectField>
        )}
        <Stack gap="1">
          <PromoServicePicker
            categories={props.categories.items}
            loading={props.categories.loading}
            failure={props.categories.failure}
            selected={draft.serviceItemIds}
            disabled={props.submitting}
            onChange={props.onItems}
            onRetry={props.categories.onRetry}
            legend="Service items"
            helperText={`${draft.serviceItemIds.length} chosen`}
          />
          {errors.serviceItemIds && (
            <Text color="red.700" fontSize="sm">
              {errors.serviceItemIds}
            </Text>
          )}
        </Stack>
        <Field.Root disabled={props.submitting}>
          <Field.Label>Open times from</Field.Label>
          <Input
            type="date"
            value={draft.day}
            onChange={(event) => event.currentTarget.value && props.onDay(event.currentTarget.value)}
          />
        </Field.Root>
        <Fieldset.Root invalid={errors.start !== undefined} disabled={props.submitting}>
          <Fieldset.Legend fontWeight="semibold">Start{offer ? ` (${offer.timeZone})` : ''}</Fieldset.Legend>
          <Stack gap="3" aria-live="polite">
            {!props.findingSlots && !props.offers && !props.slotsError && (
              <Text fontSize="sm">{openTimesPrompt(props.mode)}</Text>
            )}
            {props.findingSlots && <Text role="status">Finding open times…</Text>}
            {props.slotsError && <RetryMessage message={props.slotsError} onRetry={props.onRetrySlots} />}
            {offer && offer.slots.length === 0 && (
              <Text>No open times in the week from that day. Choose a later day.</Text>
            )}
            {offer &&
              slotsByDay(offer.slots, offer.timeZone).map(({ day, slots }) => (
                <Stack
                  key={day}
                  gap="1"
                  role="group"
                  aria-label={dateIn(slots[0]?.start ?? '', offer.timeZone)}
                >
                  <Text fontSize="sm" fontWeight="medium">
                    {dateIn(slots[0]?.start ?? '', offer.timeZone)}
                  </Text>
                  <Flex gap="1" wrap="wrap">
                    {slots.map((slot) => (
                      <Button
                        key={slot.start}
                        size="xs"
                        variant={isSameInstant(draft.start, slot.start) ? 'solid' : 'outline'}
                        colorPalette="teal"
                        aria-pressed={isSameInstant(draft.start, slot.start)}
                        onClick={() => props.onSlot(slot.start)}
                      >
                        {timeIn(slot.start, offer.timeZone)}
                      </Button>
                    ))}
                  </Flex>
                </Stack>
              ))}
          </Stack>
          <Fieldset.ErrorText>{errors.start}</Fieldset.ErrorText>
        </Fieldset.Root>
        {props.mode === 'admin' && (
          <SelectField
            label="Payment method"
            size="sm"
            disabled={props.submitting}
            value={draft.paymentMethod}
            onChange={(value) => props.onPayment(value as PaymentMethod)}
          >
            <SelectOptions options={labelledOptions(PAYMENT_METHOD_LABELS)} />
          </SelectField>
        )}
        {props.mode === 'provider' && (
          <Flex gap="6" wrap="wrap">
            <Checkbox.Root
              checked={draft.sendInvoice}
              disabled={props.submitting}
              onCheckedChange={(details) => props.onInvoice(details.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Send invoice</Checkbox.Label>
            </Checkbox.Root>
            <Checkbox.Root
              checked={draft.isFree}
              disabled={props.submitting}
              onCheckedChange={(details) => props.onFree(details.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Free</Checkbox.Label>
            </Checkbox.Root>
          </Flex>
        )}
      </Stack>
    </FormDialog>
  );
}
