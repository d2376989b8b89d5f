import { Button, Field, Flex, Input, List, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import type { Explanation, Receipt } from '../../api/contract/appointment-operations';
import type { RecipientType } from '../../domain/appointments/operations';
import type { AppointmentStatus, StatusOption } from '../../domain/appointments/status-rules';
import { formatDateTime, formatZone } from '../../domain/shared/format';
import { RetryMessage } from '../kit/RetryMessage';
import { labelledOptions, SelectOptions } from '../kit/FormParts';

export const RECIPIENT_LABELS: Record<RecipientType, string> = {
  CUSTOMER: 'Customer',
  PROVIDER: 'Provider',
  UPKEEP_SUPPORT: 'Upkeep support',
};

/** The status picker (02 §4): disabled options are shown but cannot be chosen. */
export function StatusPicker(props: {
  status: AppointmentStatus;
  options: readonly StatusOption[];
  disabled: boolean;
  saving: boolean;
  onChoose(status: AppointmentStatus): void;
}) {
  return (
    <Field.Root disabled={props.disabled}>
      <Field.Label>Status</Field.Label>
      <NativeSelect.Root size="sm" disabled={props.disabled}>
        <NativeSelect.Field
          value={props.status}
          aria-busy={props.saving || undefined}
          onChange={(event) => props.onChoose(event.currentTarget.value as AppointmentStatus)}
        >
          {props.options.map((option) => (
            <option key={option.status} value={option.status} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {props.saving && <Field.HelperText role="status">Saving the status…</Field.HelperText>}
    </Field.Root>
  );
}

/** Send a receipt (02 §6) to the customer, the provider or Upkeep support. */
export function ReceiptSender(props: {
  recipient: RecipientType;
  sending: boolean;
  onRecipient(recipient: RecipientType): void;
  onSend(): void;
}) {
  return (
    <Flex gap="2" align="end" wrap="wrap">
      <Field.Root flex="1" minW="40">
        <Field.Label>Receipt to</Field.Label>
        <NativeSelect.Root size="sm" disabled={props.sending}>
          <NativeSelect.Field
            value={props.recipient}
            onChange={(event) => props.onRecipient(event.currentTarget.value as RecipientType)}
          >
            <SelectOptions options={labelledOptions(RECIPIENT_LABELS)} />
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Button
        size="sm"
        variant="outline"
        loading={props.sending}
        loadingText="Sending"
        onClick={props.onSend}
      >
        Send Receipt
      </Button>
    </Flex>
  );
}

/**
 * The receipts sent for a booking, newest first. With no mail service configured a receipt is recorded
 * and logged only, and says so.
 */
export function ReceiptList(props: {
  receipts: readonly Receipt[];
  loading: boolean;
  error: string | null;
  onRetry(): void;
}) {
  const id = useId();
  return (
    <Stack gap="1" as="section" aria-labelledby={`${id}-title`}>
      <Text id={`${id}-title`} fontSize="sm" fontWeight="medium">
        Receipts sent
      </Text>
      {props.loading ? (
        <Text fontSize="sm" color="fg.muted" role="status">
          Loading the receipts…
        </Text>
      ) : props.error ? (
        <RetryMessage small message={props.error} onRetry={props.onRetry} />
      ) : props.receipts.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No receipt has been sent for this appointment.
        </Text>
      ) : (
        <List.Root variant="plain" gap="1" fontSize="sm">
          {props.receipts.map((receipt) => (
            <List.Item key={receipt.id} display="block">
              <Text as="span" fontWeight="medium">
                {RECIPIENT_LABELS[receipt.recipient]}
              </Text>{' '}
              <Text as="span" color="fg.muted" wordBreak="break-all">
                {receipt.to}
              </Text>
              <Text color="fg.muted">
                {formatDateTime(Date.parse(receipt.createdAt))} ·{' '}
                {receipt.delivery === 'RECORDED' ? 'Recorded (no mail service configured)' : 'Sent'}
              </Text>
            </List.Item>
          ))}
        </List.Root>
      )}
    </Stack>
  );
}

/** "Why is this time closed?": a time on the location's clock, and the slot engine's answer. */
export function TimeExplainer(props: {
  zone: string;
  localTime: string;
  asking: boolean;
  canAsk: boolean;
  answer: Explanation | null;
  error: string | null;
  onTime(local: string): void;
  onAsk(): void;
}) {
  const id = useId();
  return (
    <Stack gap="2" as="section" aria-labelledby={`${id}-title`}>
      <Text id={`${id}-title`} fontWeight="medium">
        Why is this time closed?
      </Text>
      <Flex gap="2" align="end" wrap="wrap">
        <Field.Root flex="1" minW="48">
          <Field.Label>Time, {formatZone(props.zone)}</Field.Label>
          <Input
            size="sm"
            type="datetime-local"
            step={900}
            value={props.localTime}
            onChange={(event) => props.onTime(event.currentTarget.value)}
          />
        </Field.Root>
        <Button
          size="sm"
          variant="outline"
          disabled={!props.canAsk}
          loading={props.asking}
          loadingText="Asking"
          onClick={props.onAsk}
        >
          Ask
        </Button>
      </Flex>
      <div aria-live="polite">
        {props.error && (
          <Text role="alert" color="red.700">
            {props.error}
          </Text>
        )}
        {props.answer &&
          (props.answer.open ? (
            <Text>Open: {props.answer.localTime.replace('T', ' ')} can be booked.</Text>
          ) : (
            <Stack gap="1">
              <Text>Closed at {props.answer.localTime.replace('T', ' ')}:</Text>
              <List.Root ps="5">
                {props.answer.reasons.map((reason) => (
                  <List.Item key={`${reason.code}-${reason.message}`}>{reason.message}</List.Item>
                ))}
              </List.Root>
            </Stack>
          ))}
      </div>
    </Stack>
  );
}
