import { Box, Button, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ApiClient } from '../../api/client';
import type { Location, Provider } from '../../api/contract/provider';
import { settlementAccountQueries } from '../../api/payouts/payouts.queries';
import { stepOf } from '../../domain/payouts/onboarding';
import { formatDollars } from '../../domain/shared/money';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { formatDate } from '../../domain/shared/format';

export interface ManageStripeAccountSectionProps {
  api: ApiClient;
  provider: Provider;
  /** The provider's location, or null when it has none yet. */
  location: Location | null;
  isAdmin: boolean;
}

const STEP_TEXT = ['Account not complete', 'Bank account not connected', 'Payouts enabled'] as const;

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
  return (
    <Box as="section" aria-labelledby="manage-stripe-heading">
      <Stack gap="3">
        <Heading as="h2" size="md" id="manage-stripe-heading">
          Manage Stripe Account
        </Heading>
        {accountId === null ? <Text>No Stripe account is attached.</Text> : <Text>Account: {accountId}</Text>}
        {account.isError ? <Text color="red.700">{PROVIDER_MESSAGES.stripeStatusFailed}</Text> : null}
        {account.data ? <Text>{STEP_TEXT[stepOf(account.data)]}</Text> : null}
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
        {location ? (
          <Button asChild variant="outline" alignSelf="start">
            <Link to="/provider/onboarding/stripe" search={{ provider: provider.id }}>
              {accountId ? 'Complete Stripe Account' : 'Connect To Stripe'}
            </Link>
          </Button>
        ) : null}
      </Stack>
    </Box>
  );
}
