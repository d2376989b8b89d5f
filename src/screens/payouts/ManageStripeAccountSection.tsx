import { Badge, Button, Stack, Table, Text } from '@chakra-ui/react';
import { RecordSection } from '../../ui/kit/RecordSection';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ApiClient } from '../../api/client';
import type { Location, Provider } from '../../api/contract/provider';
import { settlementAccountQueries } from '../../api/payouts/payouts.queries';
import { stepOf } from '../../domain/payouts/onboarding';
import { formatDollars } from '../../domain/shared/money';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { formatDate } from '../../domain/shared/format';
import { PayoutDestination } from '../../ui/payouts/PayoutDestination';

export interface ManageStripeAccountSectionProps {
  api: ApiClient;
  provider: Provider;
  /** The provider's location, or null when it has none yet. */
  location: Location | null;
  isAdmin: boolean;
}

const STEP_TEXT = ['Account not complete', 'Bank account not connected', 'Payouts enabled'] as const;
const STEP_COLOUR = ['orange', 'orange', 'green'] as const;

/** The manage view's "Manage Stripe Account" section (admin only, 02 §2): status, payouts, onboarding. */
export function ManageStripeAccountSection({
  api,
  provider,
  location,
  isAdmin,
}: ManageStripeAccountSectionProps) {
  const accountId = location?.settlementAccount?.id ?? null;
  const enabled = isAdmin && accountId !== null;
  const account = useQuery({ ...settlementAccountQueries.account(api, accountId ?? ''), enabled });
  const payouts = useQuery({ ...settlementAccountQueries.payouts(api, accountId ?? ''), enabled });
  if (!isAdmin) return null;
  // Once payouts are enabled there is nothing left to complete, so no button asks for it.
  const step = account.data ? stepOf(account.data) : null;
  return (
    <RecordSection
      headingId="manage-stripe-heading"
      title="Manage Stripe Account"
      description="Where this provider's earnings are paid out, and the payouts on their way."
    >
      <Stack gap="3">
        {accountId === null ? (
          <Text>No Stripe account is attached.</Text>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            Stripe account {accountId}
          </Text>
        )}
        {account.isError ? <Text color="red.700">{PROVIDER_MESSAGES.stripeStatusFailed}</Text> : null}
        {step !== null ? (
          <Badge alignSelf="start" size="lg" colorPalette={STEP_COLOUR[step]}>
            {STEP_TEXT[step]}
          </Badge>
        ) : null}
        {account.data ? (
          <PayoutDestination bank={account.data.external_account} schedule={account.data.payout_schedule} />
        ) : null}
        {payouts.isError ? <Text color="red.700">{PROVIDER_MESSAGES.payoutsFailed}</Text> : null}
        {payouts.data && payouts.data.length > 0 ? (
          <Table.Root size="sm" maxW="24rem">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Arrival</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {payouts.data.map((payout, index) => (
                <Table.Row key={`${payout.arrival_date}-${index}`}>
                  <Table.Cell>{formatDate(payout.arrival_date * 1000, 'UTC')}</Table.Cell>
                  <Table.Cell textAlign="end">{formatDollars(payout.amount)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        ) : null}
        {location && (accountId === null || (step !== null && step < 2)) ? (
          <Button asChild variant="outline" alignSelf="start">
            <Link to="/provider/onboarding/stripe" search={{ provider: provider.id }}>
              {accountId ? 'Complete Stripe Account' : 'Connect To Stripe'}
            </Link>
          </Button>
        ) : null}
      </Stack>
    </RecordSection>
  );
}
