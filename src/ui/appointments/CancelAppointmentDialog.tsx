import { Button, Dialog, Field, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import type { CancelRefundOption } from '../../domain/appointments/operations';

export const REFUND_LABELS: Record<CancelRefundOption, string> = {
  REFUND: 'Refund',
  NO_REFUND: 'No refund',
  CREDIT_POINTS: 'Credit points in account',
};

/**
 * The admin's cancel confirmation (02 §4): refund, no refund or credit points; charge the late fee (default)
 * or not; what the customer will be refunded or charged is said before anything is confirmed.
 */
export function CancelAppointmentDialog(props: {
  open: boolean;
  refundOption: CancelRefundOption;
  lateCancelFee: boolean;
  previewing: boolean;
  summary: string | null;
  previewError: string | null;
  canConfirm: boolean;
  cancelling: boolean;
  onRefundOption(option: CancelRefundOption): void;
  onLateFee(on: boolean): void;
  onRetry(): void;
  onConfirm(): void;
  onClose(): void;
}) {
  const keepRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      role="alertdialog"
      open={props.open}
      onOpenChange={(details) => {
        if (!details.open && !props.cancelling) props.onClose();
      }}
      initialFocusEl={() => keepRef.current}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Cancel Appointment</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Field.Root disabled={props.cancelling}>
                  <Field.Label>Cancel option</Field.Label>
                  <NativeSelect.Root size="sm" disabled={props.cancelling}>
                    <NativeSelect.Field
                      value={props.refundOption}
                      onChange={(event) =>
                        props.onRefundOption(event.currentTarget.value as CancelRefundOption)
                      }
                    >
                      {(Object.keys(REFUND_LABELS) as CancelRefundOption[]).map((option) => (
                        <option key={option} value={option}>
                          {REFUND_LABELS[option]}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                <Field.Root disabled={props.cancelling}>
                  <Field.Label>Late charges</Field.Label>
                  <NativeSelect.Root size="sm" disabled={props.cancelling}>
                    <NativeSelect.Field
                      value={props.lateCancelFee ? 'fee' : 'none'}
                      onChange={(event) => props.onLateFee(event.currentTarget.value === 'fee')}
                    >
                      <option value="fee">Charge fee</option>
                      <option value="none">No fee</option>
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                <div aria-live="polite">
                  {props.previewing && <Text role="status">Working out the refund and charges…</Text>}
                  {props.summary && <Text fontWeight="medium">{props.summary}</Text>}
                  {props.previewError && (
                    <Stack gap="2" align="start">
                      <Text role="alert" color="red.700">
                        {props.previewError}
                      </Text>
                      <Button size="sm" variant="outline" onClick={props.onRetry}>
                        Try again
                      </Button>
                    </Stack>
                  )}
                </div>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button ref={keepRef} variant="outline" disabled={props.cancelling} onClick={props.onClose}>
                Keep Appointment
              </Button>
              <Button
                colorPalette="red"
                disabled={!props.canConfirm && !props.cancelling}
                loading={props.cancelling}
                loadingText="Cancelling"
                onClick={props.onConfirm}
              >
                Cancel Appointment
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
