import { Alert, Badge, Box, Button, Card, Heading, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { memo, useState } from 'react';
import type { ProviderAppointment } from '../../api/contract/appointment';
import type { ActivityLine } from '../../domain/dashboard/activity';
import { dateIn, timeIn, zoneOf } from '../../domain/dashboard/appointments';
import { AVAILABILITY_RULE, type Checklist, type ChecklistItem } from '../../domain/dashboard/checklist';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { StatusBadge } from '../appointments/StatusBadge';
import { RetryMessage } from '../kit/RetryMessage';
import { formatCount } from '../../domain/shared/format';

/** 'Get paid, set up payouts now!' with Connect to stripe (02 §2), while payouts are not set up. */
export function PayoutsBanner() {
  return (
    <Alert.Root status="warning" alignItems="center" flexWrap="wrap" gap="3">
      <Alert.Indicator />
      <Alert.Title flex="1" minW="40">
        {PROVIDER_MESSAGES.payoutsBanner}
      </Alert.Title>
      <Button asChild size="sm" colorPalette="teal">
        <Link to="/provider/onboarding/stripe">Connect to stripe</Link>
      </Button>
    </Alert.Root>
  );
}

/**
 * The checklist with its progress panel. Each item not done says what is missing and has a Required link to
 * the page and section that complete it.
 */
export function ChecklistPanel({ checklist }: { checklist: Checklist }) {
  return (
    <Card.Root as="section" aria-labelledby="checklist-heading">
      <Card.Body gap="3">
        <Heading as="h2" id="checklist-heading" size="md">
          Checklist
        </Heading>
        <Box>
          <Text fontSize="sm" mb="1">
            {checklist.complete
              ? 'Your profile is complete.'
              : `${checklist.doneCount} of ${checklist.items.length} done`}
          </Text>
          <Box
            role="progressbar"
            aria-label="Checklist progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={checklist.percent}
            h="2"
            bg="gray.200"
            borderRadius="full"
          >
            <Box h="full" w={`${checklist.percent}%`} bg="teal.600" borderRadius="full" />
          </Box>
        </Box>
        <List.Root listStyle="none" gap="3" aria-label="Checklist items">
          {checklist.items.map((item) => (
            <ChecklistRow key={item.id} item={item} />
          ))}
        </List.Root>
      </Card.Body>
    </Card.Root>
  );
}

/** A checklist item's mark: a green disc with a tick when done, an open orange ring while not (decorative). */
function ChecklistMark({ done }: { done: boolean }) {
  return (
    <Box as="span" aria-hidden="true" display="inline-flex" color={done ? 'green.600' : 'orange.500'}>
      <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
        {done ? (
          <>
            <circle cx="12" cy="12" r="10" fill="currentColor" />
            <path d="M7.5 12.5l3 3 6-6.5" stroke="white" strokeLinecap="round" strokeLinejoin="round" />
          </>
        ) : (
          <circle cx="12" cy="12" r="9" strokeDasharray="3 2.5" />
        )}
      </svg>
    </Box>
  );
}

function ChecklistRow({ item }: { item: ChecklistItem }) {
  const missingId = `checklist-${item.id}-missing`;
  return (
    <List.Item display="flex" justifyContent="space-between" gap="3" alignItems="flex-start">
      <Stack gap="0.5" minW="0">
        <Text display="flex" alignItems="center" gap="2">
          <ChecklistMark done={item.done} />
          {item.label}
          <Text as="span" srOnly>
            {item.done ? ' (done)' : ' (not done)'}
          </Text>
        </Text>
        {item.missing && (
          <Text id={missingId} fontSize="sm" color="gray.700">
            {item.missing}.
            {item.id === 'availability' && (
              <Text as="span" display="block" color="gray.600">
                {AVAILABILITY_RULE}
              </Text>
            )}
          </Text>
        )}
      </Stack>
      {item.done ? (
        <Badge colorPalette="green" flexShrink={0}>
          Complete
        </Badge>
      ) : (
        <Button asChild size="xs" variant="outline" colorPalette="teal" flexShrink={0}>
          <Link
            to={item.link.to}
            hash={item.link.hash}
            aria-label={`${item.label}: Required`}
            aria-describedby={missingId}
          >
            Required
          </Link>
        </Button>
      )}
    </List.Item>
  );
}

/**
 * The provider cover card with 'Finish your profile' (the provider's name is in the page header): it opens
 * the profile at the cover upload while there is no cover.
 */
export function CoverCard({ coverImageURL }: { coverImageURL: string | null }) {
  return (
    <Card.Root as="section" aria-label="Provider cover" overflow="hidden">
      {/* Without a photo there is no empty band: the text below says to add one. */}
      {coverImageURL && (
        <Box
          h="28"
          backgroundImage={`url("${coverImageURL}")`}
          backgroundSize="cover"
          backgroundPosition="center"
        />
      )}
      <Card.Body gap="3">
        <Heading as="h2" size="md">
          Profile
        </Heading>
        <Text fontSize="sm" color="gray.700">
          {coverImageURL ? 'Your cover photo is set.' : 'Add a cover photo so customers recognise you.'}
        </Text>
        <Button asChild variant="outline" alignSelf="flex-start">
          <Link to="/provider/profile" hash={coverImageURL ? undefined : 'cover'}>
            Finish your profile
          </Link>
        </Button>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The activity figures. When the payment provider did not answer, the bookings still show and a quiet line
 * with Try again stands in place of the two payout figures (`payoutsNotice`).
 */
export function ActivityPanel(props: {
  lines: ActivityLine[];
  payoutsNotice?: string | null;
  onRetryPayouts?: () => void;
  retryingPayouts?: boolean;
}) {
  return (
    <Card.Root as="section" aria-labelledby="activity-heading">
      <Card.Body gap="3">
        <Heading as="h2" id="activity-heading" size="md">
          Activity
        </Heading>
        <SimpleGrid as="dl" columns={{ base: 1, sm: 3 }} gap="4">
          {props.lines.map((line) => (
            <Box key={line.label}>
              <Text as="dt" fontSize="sm" color="gray.700">
                {line.label}
              </Text>
              <Text as="dd" fontSize="2xl" fontWeight="semibold">
                {line.value}
              </Text>
            </Box>
          ))}
          {props.payoutsNotice ? (
            <Box gridColumn={{ sm: 'span 2' }}>
              <Text as="dt" fontSize="sm" color="gray.700">
                Payouts
              </Text>
              <Box as="dd" mt="1">
                <RetryMessage
                  message={props.payoutsNotice}
                  onRetry={props.onRetryPayouts}
                  busy={props.retryingPayouts ?? false}
                  small
                  muted
                />
              </Box>
            </Box>
          ) : null}
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}

/** Upcoming or Past: each appointment opens its drawer; 'No appointments' when empty. */
/** How many bookings Upcoming and Past show at first, and add with each Show more. */
export const LIST_PAGE = 25;

export const AppointmentList = memo(function AppointmentList(props: {
  title: string;
  appointments: ProviderAppointment[];
  zone: string;
  onOpen(appointment: ProviderAppointment): void;
}) {
  const headingId = `list-${props.title.toLowerCase()}`;
  // A busy month's lists hold thousands of bookings: they show a page at a time, and Show more adds a page.
  const [limit, setLimit] = useState(LIST_PAGE);
  const total = props.appointments.length;
  return (
    <Card.Root as="section" aria-labelledby={headingId}>
      <Card.Body gap="3">
        <Heading as="h2" id={headingId} size="md">
          {props.title}
        </Heading>
        {props.appointments.length === 0 ? (
          <Text color="gray.700">{PROVIDER_MESSAGES.noAppointments}</Text>
        ) : (
          <Stack as="ul" listStyleType="none" gap="2" aria-label={`${props.title} appointments`}>
            {props.appointments.slice(0, limit).map((a) => {
              const zone = zoneOf(a, props.zone);
              return (
                <li key={a.id}>
                  <Button
                    variant="ghost"
                    w="full"
                    h="auto"
                    py="2"
                    justifyContent="space-between"
                    textAlign="start"
                    whiteSpace="normal"
                    onClick={() => props.onOpen(a)}
                  >
                    <Stack gap="0" minW="0">
                      <Text fontWeight="semibold">{a.serviceItemDisplayName ?? a.name ?? 'Appointment'}</Text>
                      <Text fontSize="sm" color="gray.700">
                        {dateIn(a.startDate, zone)}, {timeIn(a.startDate, zone)}
                        {a.user?.displayName ? ` · ${a.user.displayName}` : ''}
                      </Text>
                    </Stack>
                    <StatusBadge status={a.status} />
                  </Button>
                </li>
              );
            })}
          </Stack>
        )}
        {total > limit && (
          <Stack direction="row" align="center" justify="space-between" gap="2" flexWrap="wrap">
            <Text fontSize="sm" color="gray.700">
              Showing {limit} of {formatCount(total)}
            </Text>
            <Button size="sm" variant="outline" onClick={() => setLimit((n) => n + LIST_PAGE)}>
              Show more
            </Button>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
});
