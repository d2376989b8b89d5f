import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import type { ConnectionLocation } from '../../domain/connections/locations';
import { StaleNotice, type StaleNoticeProps } from '../kit/StaleNotice';
import { LocationPickList } from './LocationPickList';

export interface ApiLocationFormProps {
  providerName: string;
  locations: ConnectionLocation[];
  chosen: string | null;
  loading: boolean;
  busy: boolean;
  /** Nothing to associate (the toast said 'Location can not be found'). */
  missing: boolean;
  associated: boolean;
  /** After a save refused because someone else changed the location: Reload keeps the choice. */
  stale: StaleNoticeProps | null;
  onChoose(id: string): void;
  onSubmit(): void;
  onRetry(): void;
}

/** Pick the scheduling system's location that is the provider's location. */
export function ApiLocationForm(props: ApiLocationFormProps) {
  if (props.missing) {
    return (
      <Stack gap="3" align="flex-start">
        <Text>No scheduling-system location to associate with this provider.</Text>
        <Button variant="outline" onClick={props.onRetry}>
          Try again
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="4" maxW="xl">
      {props.stale && <StaleNotice {...props.stale} />}
      <LocationPickList
        label={`Scheduling-system location of ${props.providerName}`}
        locations={props.locations}
        value={props.chosen ?? ''}
        loading={props.loading}
        failure={null}
        disabled={props.busy || props.stale !== null}
        onPick={(location) => props.onChoose(location.id)}
      />
      <Flex gap="3" align="center" wrap="wrap">
        <Button
          colorPalette="teal"
          onClick={props.onSubmit}
          loading={props.busy}
          disabled={props.loading || props.chosen === null || props.associated || props.stale !== null}
        >
          Associate location
        </Button>
        {props.associated ? (
          <Text role="status" color="green.700">
            Location associated.
          </Text>
        ) : null}
      </Flex>
    </Stack>
  );
}
