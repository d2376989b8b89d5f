import { Stack, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { DialogActions, DialogShell } from '../kit/DialogShell';
import { labelledOptions, SelectField, SelectOptions } from '../kit/FormParts';
import type { CancelRefundOption } from '../../domain/appointments/operations';
import { RetryMessage } from '../kit/RetryMessage';

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
    <DialogShell
      role="alertdialog"
      open={props.open}
      title="Cancel Appointment"
      busy={props.cancelling}
      onClose={props.onClose}
      initialFocusEl={() => keepRef.current}
      footer={
        <DialogActions
          cancelLabel="Keep Appointment"
          cancelRef={keepRef}
          busy={props.cancelling}
          onCancel={props.onClose}
          confirmLabel="Cancel Appointment"
          busyLabel="Cancelling"
          palette="red"
          disabled={!props.canConfirm && !props.cancelling}
          onConfirm={props.onConfirm}
        />
      }
    >
      <Stack gap="4">
        <SelectField
          label="Cancel option"
          size="sm"
          disabled={props.cancelling}
          disableSelect={props.cancelling}
          value={props.refundOption}
          onChange={(value) => props.onRefundOption(value as CancelRefundOption)}
        >
          <SelectOptions options={labelledOptions(REFUND_LABELS)} />
        </SelectField>
        <SelectField
          label="Late charges"
          size="sm"
          disabled={props.cancelling}
          disableSelect={props.cancelling}
          value={props.lateCancelFee ? 'fee' : 'none'}
          onChange={(value) => props.onLateFee(value === 'fee')}
        >
          <option value="fee">Charge fee</option>
          <option value="none">No fee</option>
        </SelectField>
        <div aria-live="polite">
          {props.previewing && <Text role="status">Working out the refund and charges…</Text>}
          {props.summary && <Text fontWeight="medium">{props.summary}</Text>}
          {props.previewError && <RetryMessage message={props.previewError} onRetry={props.onRetry} />}
        </div>
      </Stack>
    </DialogShell>
  );
}
