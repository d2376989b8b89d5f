import { Button, Card, Flex, Heading, Link as ChakraLink, List, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import {
  ONBOARDING_STATE_HINTS,
  ONBOARDING_STATE_LABELS,
  ONBOARDING_STATES,
  type OnboardingState,
} from '../../domain/overview/onboarding-states';
import { formatDollars } from '../../domain/shared/money';

/** Providers in each onboarding state, each a link to the providers list showing them. */
export function ProvidersByStateCard({ counts }: { counts: Readonly<Record<OnboardingState, number>> }) {
  return (
    <Card.Root as="section" aria-labelledby="overview-providers-heading" size="sm">
      <Card.Body gap="3">
        <Heading as="h2" id="overview-providers-heading" size="md">
          Providers by onboarding
        </Heading>
        <List.Root listStyle="none" gap="1">
          {ONBOARDING_STATES.map((state) => (
            <List.Item key={state}>
              <ChakraLink
                asChild
                display="flex"
                justifyContent="space-between"
                alignItems="center"
                gap="3"
                w="full"
                py="1.5"
                px="2"
                mx="-2"
                borderRadius="md"
                textDecoration="none"
                _hover={{ bg: 'gray.100', textDecoration: 'none' }}
              >
                <Link to="/providers" search={{ onboarding: state }}>
                  <Flex direction="column" minW="0">
                    <Text fontWeight="medium">{ONBOARDING_STATE_LABELS[state]}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {ONBOARDING_STATE_HINTS[state]}
                    </Text>
                  </Flex>
                  <Text fontSize="lg" fontWeight="semibold" aria-label={`${counts[state]} providers`}>
                    {counts[state]}
                  </Text>
                </Link>
              </ChakraLink>
            </List.Item>
          ))}
        </List.Root>
      </Card.Body>
    </Card.Root>
  );
}

/** The payouts the payment provider has still to make for completed appointments. */
export function PayoutsWaitingCard({ count, amountInCents }: { count: number; amountInCents: number }) {
  return (
    <Card.Root as="section" aria-labelledby="overview-payouts-heading" size="sm">
      <Card.Body gap="2">
        <Heading as="h2" id="overview-payouts-heading" size="md">
          Payouts on the way
        </Heading>
        <Text fontSize="2xl" fontWeight="semibold">
          {formatDollars(amountInCents)}
        </Text>
        <Text fontSize="sm">
          {count === 0 ? 'No payouts waiting' : `${count} ${count === 1 ? 'payout' : 'payouts'} waiting`}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          Providers&apos; earnings from completed appointments (price less commission) not yet paid out. Each
          day&apos;s earnings arrive two days after the appointment.
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

/** A marketplace with no providers, no bookings and no new users in 60 days. */
export function EmptyMarketplace() {
  return (
    <Card.Root as="section" aria-labelledby="overview-empty-heading">
      <Card.Body gap="3" alignItems="flex-start">
        <Heading as="h2" id="overview-empty-heading" size="md">
          Nothing on the marketplace yet
        </Heading>
        <Text color="fg.muted">
          There are no providers, bookings or new users in the last 60 days. Invite a provider to get started.
        </Text>
        <Button asChild colorPalette="teal" size="sm">
          <Link to="/providers/provider/invite">Invite Provider</Link>
        </Button>
      </Card.Body>
    </Card.Root>
  );
}
