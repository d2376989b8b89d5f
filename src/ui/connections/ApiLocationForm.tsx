import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import type { ConnectionLocation } from '../../domain/connections/locations';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { RetryMessage } from '../kit/RetryMessage';
import { StaleNotice, type StaleNoticeProps } from '../kit/StaleNotice';
import { LocationPickList } from './LocationPickList';

export interface ApiLocationFormProps {
  providerName: string;
  locations: ConnectionLocation[];
  chosen: string | null;
  loading: boolean;
  busy: boolean;
  /** Why there is nothing to associate ('Location can not be found'), or null while there is. */
  failure: 'no-location' | 'refused' | 'unavailable' | null;
  associated: boolean;
  /** After a save refused because someone else changed the location: Reload keeps the choice. */
  stale: StaleNoticeProps | null;
  onChoose(id: string): void;
  onSubmit(): void;
  onRetry(): void;
}

/** Pick the scheduling system's location that is the provider's location. */
export function ApiLocationForm(props: ApiLocationFormProps) {
  if (props.failure === 'no-location') {
    return (
      <Stack gap="1">
        <Text fontWeight="medium">{PROVIDER_MESSAGES.locationNotFound}</Text>
        <Text color="fg.muted">{PROVIDER_MESSAGES.locationNotSavedYet}</Text>
      </Stack>
    );
  }
  if (props.failure) {
    const why =
      props.failure === 'unavailable'
        ? PROVIDER_MESSAGES.systemUnavailable
        : PROVIDER_MESSAGES.locationsFailed;
    return <RetryMessage message={PROVIDER_MESSAGES.locationNotFound} detail={why} onRetry={props.onRetry} />;
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
