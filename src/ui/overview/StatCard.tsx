import { Box, Card, Flex, Skeleton, Text, VisuallyHidden } from '@chakra-ui/react';
import type { Change } from '../../domain/overview/overview';
import { DailyBars } from './DailyBars';

export interface StatCardProps {
  id: string;
  label: string;
  /** The current window's figure, formatted. */
  value: string;
  /** What the figure counts, in a few words. */
  hint: string;
  change: Change;
  /** Whether a rise is good news (bookings) or bad (cancellations): it colours the change. */
  goodWhen: 'up' | 'down';
  /** The previous window's figure, formatted. */
  previous: string;
  chart: { values: readonly number[]; days: readonly string[]; format(value: number): string };
}

function changeColor(change: Change, goodWhen: 'up' | 'down'): string {
  if (change.direction === 'same') return 'fg.muted';
  const up = change.direction === 'up' || change.direction === 'new';
  return up === (goodWhen === 'up') ? 'green.700' : 'red.700';
}

/** One figure of the Overview: its value, the change from the previous 30 days and a small daily chart. */
export function StatCard(props: StatCardProps) {
  const labelId = `overview-${props.id}-label`;
  return (
    <Card.Root as="section" aria-labelledby={labelId} size="sm">
      <Card.Body gap="2">
        <Text id={labelId} fontSize="sm" fontWeight="medium" color="fg.muted">
          {props.label}
        </Text>
        <Flex align="baseline" gap="2" wrap="wrap">
          <Text fontSize="2xl" fontWeight="semibold" lineHeight="short">
            {props.value}
          </Text>
          <Text as="span" fontSize="sm" fontWeight="medium" color={changeColor(props.change, props.goodWhen)}>
            <span aria-hidden="true">{props.change.text}</span>
            <VisuallyHidden>{props.change.label}</VisuallyHidden>
          </Text>
        </Flex>
        <Text fontSize="xs" color="fg.muted">
          {props.hint} · {props.previous} in the previous 30 days
        </Text>
        <Box pt="1" mt="auto">
          <DailyBars
            values={props.chart.values}
            days={props.chart.days}
            format={props.chart.format}
            label={`${props.label} per day, last 30 days`}
          />
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

/** A card's place while the figures load. */
export function StatCardSkeleton() {
  return (
    <Card.Root size="sm" aria-hidden="true">
      <Card.Body gap="3">
        <Skeleton h="4" w="24" />
        <Skeleton h="7" w="32" />
        <Skeleton h="3" w="full" />
        <Skeleton h="8" w="full" />
      </Card.Body>
    </Card.Root>
  );
}
