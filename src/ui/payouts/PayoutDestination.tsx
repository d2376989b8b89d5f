import { DataList } from '@chakra-ui/react';
import {
  maskedBank,
  scheduleText,
  type BankShown,
  type ScheduleShown,
} from '../../domain/payouts/destination';

export interface PayoutDestinationProps {
  bank: BankShown | null;
  schedule: ScheduleShown | null;
}

/** Where payouts go (the bank, masked, and its name when known) and when (the payout schedule). */
export function PayoutDestination({ bank, schedule }: PayoutDestinationProps) {
  if (!bank && !schedule) return null;
  return (
    <DataList.Root orientation={{ base: 'vertical', md: 'horizontal' }} size="sm" gap="2">
      {bank ? (
        <DataList.Item>
          <DataList.ItemLabel>Bank account</DataList.ItemLabel>
          <DataList.ItemValue flexWrap="wrap" gap="2">
            <span>{maskedBank(bank)}</span>
            {bank.bank_name ? <span>{bank.bank_name}</span> : null}
          </DataList.ItemValue>
        </DataList.Item>
      ) : null}
      {schedule ? (
        <DataList.Item>
          <DataList.ItemLabel>Payout schedule</DataList.ItemLabel>
          <DataList.ItemValue>{scheduleText(schedule)}</DataList.ItemValue>
        </DataList.Item>
      ) : null}
    </DataList.Root>
  );
}
