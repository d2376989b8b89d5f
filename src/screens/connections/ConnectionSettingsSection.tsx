import { Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { RecordSection } from '../../ui/kit/RecordSection';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../api/client';
import type { Credentials } from '../../api/contract/onboarding';
import type { Location, Provider } from '../../api/contract/provider';
import type { ConnectedStrategy } from '../../api/contract/strategies';
import { useFlow } from '../../app/flow';
import { oauthReturnIn } from '../../app/oauth-state';
import { CONNECTION_SETTINGS_MESSAGES } from '../../domain/shared/messages';
import { createConnectionSettingsActors } from '../../machines/connections/connection-settings.actors';
import {
  connectionSettingsMachine,
  type ConnectionOutcome,
} from '../../machines/connections/connection-settings.machine';
import { staleView } from '../../machines/shared/record-editor';
import { ConnectionSummary } from '../../ui/connections/ConnectionSummary';
import { StaleNotice, staleNoticeProps } from '../../ui/kit/StaleNotice';
import { ApiLocationAssociation } from './ApiLocationAssociation';
import { BoulevardChange, MindbodySettings, SquareReconnect } from './connection-settings-parts';
import { RetryMessage } from '../../ui/kit/RetryMessage';

const consoleRoute = getRouteApi('/_console');

export interface ConnectionSettingsSectionProps {
  api: ApiClient;
  provider: Provider;
  location: Location | null;
  /** This section saved the provider (a new externalId or credentials): the manage view takes its version. */
  onProviderSaved(provider: Provider): void;
  /** This section saved the location (its association): the manage view takes its version. */
  onLocationSaved(location: Location): void;
}

const TITLE = 'Location Settings and Credentials';
const STRATEGY_NAMES: Record<ConnectedStrategy, string> = {
  MINDBODY: 'MINDBODY',
  BOOKER: 'Booker',
  BOULEVARD: 'Boulevard',
  SQUARE: 'Square',
};

/**
 * "Location Settings and Credentials" of a non-manual provider (spec 02 §2), on the providers panel's manage
 * view and on /provider/profile: the scheduling-system connection (MINDBODY credentials, the Boulevard
 * business id, Square's Reconnect, Booker's platform account) and which of the system's locations this
 * location is (its externalLocationId).
 */
export function ConnectionSettingsSection(props: ConnectionSettingsSectionProps) {
  const strategy = props.provider.strategy;
  if (strategy === 'MANUAL') return null;
  return (
    <RecordSection
      headingId="location-settings-heading"
      title={TITLE}
      description={`Connected with ${STRATEGY_NAMES[strategy]}.`}
    >
      <Settings key={props.provider.id} {...props} strategy={strategy} />
    </RecordSection>
  );
}

function Settings(props: ConnectionSettingsSectionProps & { strategy: ConnectedStrategy }) {
  const { api, provider, strategy } = props;
  const env = consoleRoute.useRouteContext().env;
  const [actors] = useState(() => createConnectionSettingsActors(api));
  const [snapshot, send, actor] = useFlow(connectionSettingsMachine, {
    actors,
    input: {
      strategy,
      provider: { id: provider.id, version: provider.version, externalId: provider.externalId },
    },
  });
  // Square's authorisation page comes back to this page with its answer in the address.
  const [oauthReturn] = useState(() =>
    strategy === 'SQUARE' ? oauthReturnIn(window.location.search) : null,
  );
  const ready = snapshot.matches('ready');
  useEffect(() => {
    if (oauthReturn && ready) send({ type: 'connection.change' });
    // The return starts the change once, when the settings are first read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);
  const { version, externalId } = provider;
  useEffect(() => {
    send({ type: 'provider.updated', provider: { id: provider.id, version, externalId } });
  }, [send, provider.id, version, externalId]);
  const { onProviderSaved } = props;
  useEffect(() => {
    const saved = actor.on('provider.saved', (event) => onProviderSaved(event.provider));
    return () => saved.unsubscribe();
  }, [actor, onProviderSaved]);

  if (snapshot.matches('loading')) return <Spinner role="status" aria-label="Loading connection settings" />;
  if (snapshot.matches('loadFailed'))
    return (
      <RetryMessage
        message={CONNECTION_SETTINGS_MESSAGES.loadFailed}
        onRetry={() => send({ type: 'settings.retry' })}
      />
    );
  const { credentials, pending } = snapshot.context;
  const busy = snapshot.hasTag('busy') || snapshot.hasTag('stale');
  const changing = snapshot.matches('changing');
  const made = (outcome: ConnectionOutcome) => send({ type: 'connection.made', outcome });
  const cancel = () => send({ type: 'connection.cancel' });
  const stale = staleNoticeProps(staleView(snapshot), send);
  let connection;
  if (strategy === 'MINDBODY') {
    // A first save that was refused keeps its credentials: the next submit updates them.
    const shown = pending?.kind === 'credentials' ? pending.credentials : credentials;
    connection = (
      <MindbodySettings
        key={`${shown?.id ?? 'new'}-${shown?.version ?? 0}`}
        api={api}
        credentials={shown}
        disabled={busy}
        onSaved={(saved) => made({ kind: 'credentials', credentials: saved })}
      />
    );
  } else if (strategy === 'BOOKER') {
    connection = <Text>{CONNECTION_SETTINGS_MESSAGES.bookerAccount}</Text>;
  } else if (changing && strategy === 'BOULEVARD') {
    const businessId = pending?.kind === 'boulevard' ? pending.businessId : (credentials?.businessId ?? '');
    connection = (
      <BoulevardChange api={api} env={env} businessId={businessId} onConnected={made} onCancel={cancel} />
    );
  } else if (changing) {
    connection = (
      <SquareReconnect api={api} env={env} oauthReturn={oauthReturn} onConnected={made} onCancel={cancel} />
    );
  } else {
    connection = (
      <ConnectionSummary
        rows={summaryRows(strategy, credentials, provider)}
        empty={CONNECTION_SETTINGS_MESSAGES.noCredentials}
        action={{
          label: strategy === 'BOULEVARD' ? 'Change business ID' : 'Reconnect',
          disabled: busy,
          onClick: () => send({ type: 'connection.change' }),
        }}
      />
    );
  }
  return (
    <Stack gap="6">
      {stale && <StaleNotice {...stale} />}
      <Stack gap="3">
        <Heading as="h3" size="sm">
          {strategy === 'BOOKER' ? 'Connection' : 'Credentials'}
        </Heading>
        {connection}
      </Stack>
      <Stack gap="3">
        <Heading as="h3" size="sm">
          Scheduling-System Location
        </Heading>
        <ApiLocationAssociation
          // A new connection may list other locations: they are read again.
          key={`${credentials?.id ?? 0}-${credentials?.version ?? 0}`}
          api={props.api}
          provider={props.provider}
          location={props.location}
          onLocationSaved={props.onLocationSaved}
        />
      </Stack>
    </Stack>
  );
}

/** What a saved Boulevard or Square connection shows (a secret only as its masked hint). */
function summaryRows(
  strategy: 'BOULEVARD' | 'SQUARE',
  credentials: Credentials | null,
  provider: Provider,
): Array<{ label: string; value: string }> {
  if (strategy === 'BOULEVARD') {
    const businessId = credentials?.businessId ?? provider.externalId;
    return businessId ? [{ label: 'Business ID', value: businessId }] : [];
  }
  if (!credentials) return [];
  const rows = [{ label: 'Merchant', value: credentials.merchantId ?? provider.externalId ?? 'Unknown' }];
  if (credentials.accessToken) rows.push({ label: 'Access token', value: credentials.accessToken });
  return rows;
}
