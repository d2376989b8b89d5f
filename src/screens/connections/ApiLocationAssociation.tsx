import { useEffect, useState } from 'react';
import type { ApiClient } from '../../api/client';
import type { Location, Provider } from '../../api/contract/provider';
import { useFlow } from '../../app/flow';
import { apiLocationMachine } from '../../machines/connections/api-location.machine';
import { createApiLocationActors } from '../../machines/connections/connections.actors';
import { staleView } from '../../machines/shared/record-editor';
import { ApiLocationForm } from '../../ui/connections/ApiLocationForm';
import { staleNoticeProps } from '../../ui/kit/StaleNotice';

export interface ApiLocationAssociationProps {
  api: ApiClient;
  provider: Provider;
  location: Location | null;
  /** The association was saved: whoever shows the location beside it takes its new version. */
  onLocationSaved?: ((location: Location) => void) | undefined;
}

/**
 * Which of the scheduling system's locations this location is, saved as its externalLocationId: the wizard's
 * /provider/onboarding/apilocation and the manage view's connection settings. A newer version of the location
 * written beside it is handed to the flow (`location.updated`).
 */
export function ApiLocationAssociation({
  api,
  provider,
  location,
  onLocationSaved,
}: ApiLocationAssociationProps) {
  const [actors] = useState(() => createApiLocationActors(api));
  const [snapshot, send, actor] = useFlow(apiLocationMachine, {
    actors,
    input: {
      providerId: provider.id,
      locationId: location?.id ?? null,
      current: location?.externalLocationId ?? null,
      locationVersion: location?.version ?? null,
    },
  });
  const version = location?.version;
  useEffect(() => {
    if (version !== undefined) send({ type: 'location.updated', location: { version } });
  }, [send, version]);
  useEffect(() => {
    if (!onLocationSaved) return;
    const saved = actor.on('location.saved', (event) => onLocationSaved(event.location));
    return () => saved.unsubscribe();
  }, [actor, onLocationSaved]);
  return (
    <ApiLocationForm
      providerName={provider.name}
      locations={snapshot.context.locations}
      chosen={snapshot.context.chosen}
      loading={snapshot.matches('loading')}
      busy={snapshot.matches('associating')}
      failure={snapshot.matches('missing') ? snapshot.context.failure : null}
      associated={snapshot.matches('associated')}
      onChoose={(id) => send({ type: 'location.choose', id })}
      onSubmit={() => send({ type: 'association.submit' })}
      onRetry={() => send({ type: 'association.retry' })}
      stale={staleNoticeProps(staleView(snapshot), send)}
    />
  );
}
