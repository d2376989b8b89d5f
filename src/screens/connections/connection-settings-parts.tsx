/**
 * The onboarding's connection flows, run again from a provider's connection settings: MINDBODY's credentials
 * form (which saves the credentials itself), the Boulevard business connection and Square's authorisation.
 * Each tells the settings what it made; the settings save it.
 */
import { Button, Stack } from '@chakra-ui/react';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { Credentials } from '../../api/contract/onboarding';
import type { AppContext } from '../../app/context';
import { useFlow } from '../../app/flow';
import { takeOAuthState, withoutOAuthReturn } from '../../app/oauth-state';
import { mindbodyDraftOf } from '../../domain/connections/connection';
import type { OAuthReturn } from '../../domain/connections/square';
import { CONNECTION_SETTINGS_MESSAGES } from '../../domain/shared/messages';
import { boulevardConnectionMachine } from '../../machines/connections/boulevard-connection.machine';
import { boulevardConnectionView } from '../../machines/connections/boulevard-connection.view';
import type { ConnectionOutcome } from '../../machines/connections/connection-settings.machine';
import {
  createBoulevardConnectionActors,
  createMindbodyCredentialsActors,
  createSquareOAuthActors,
} from '../../machines/connections/connections.actors';
import { mindbodyCredentialsMachine } from '../../machines/connections/mindbody-credentials.machine';
import { squareOAuthMachine } from '../../machines/connections/square-oauth.machine';
import { staleView } from '../../machines/shared/record-editor';
import { BoulevardConnection } from '../../ui/connections/BoulevardConnection';
import { MindbodyCredentialsForm } from '../../ui/connections/MindbodyCredentialsForm';
import { SquareConnect } from '../../ui/connections/SquareConnect';
import { StaleNotice, staleNoticeProps } from '../../ui/kit/StaleNotice';
import { SQUARE_SCOPE_NAMES, squareBrowser, useBoulevardInstallUrl } from './connection-browser';

type Api = AppContext['api'];
type Env = AppContext['env'];

/**
 * MINDBODY: the credentials as saved (the password never shown: blank keeps it), verified by reading the
 * site's locations, then saved with their version. Mount it again (a new key) after each save.
 */
export function MindbodySettings(props: {
  api: Api;
  credentials: Credentials | null;
  disabled: boolean;
  onSaved(credentials: Credentials): void;
}) {
  const { credentials } = props;
  const [actors] = useState(() => createMindbodyCredentialsActors(props.api));
  const [snapshot, send] = useFlow(mindbodyCredentialsMachine, {
    actors,
    input: {
      draft: mindbodyDraftOf(credentials ?? { username: null, siteId: null }),
      credentialsId: credentials?.id ?? null,
      version: credentials?.version ?? null,
    },
  });
  useEffect(() => {
    if (snapshot.status === 'done' && snapshot.output?.credentials)
      props.onSaved(snapshot.output.credentials);
    // Only the end of the flow is handed on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [snapshot.status]);
  const stale = staleNoticeProps(staleView(snapshot), send);
  return (
    <MindbodyCredentialsForm
      draft={snapshot.context.draft}
      errors={snapshot.context.errors}
      busy={props.disabled || snapshot.hasTag('busy') || snapshot.status === 'done'}
      {...(credentials ? { passwordKeptHint: CONNECTION_SETTINGS_MESSAGES.passwordKept } : {})}
      submitLabel="Save credentials"
      notice={stale ? <StaleNotice {...stale} /> : null}
      onChange={(patch) => send({ type: 'credentials.change', patch })}
      onSubmit={() => send({ type: 'credentials.submit' })}
    />
  );
}

/** Boulevard: the onboarding's three sub-steps again (business id, install, verification). */
export function BoulevardChange(props: {
  api: Api;
  env: Env;
  businessId: string;
  onConnected(outcome: ConnectionOutcome): void;
  onCancel(): void;
}) {
  const [actors] = useState(() => createBoulevardConnectionActors(props.api));
  const [snapshot, send] = useFlow(boulevardConnectionMachine, {
    actors,
    input: { businessId: props.businessId },
  });
  const view = boulevardConnectionView(snapshot);
  useEffect(() => {
    if (snapshot.status !== 'done') return;
    const { businessId, externalId } = snapshot.output;
    props.onConnected({ kind: 'boulevard', businessId, externalId });
    // Only the end of the flow is handed on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [snapshot.status]);
  const businessId = snapshot.context.businessId;
  const installLink = useBoulevardInstallUrl(props.api, props.env, businessId.trim(), view.subStep === 2);
  return (
    <Stack gap="3">
      <BoulevardConnection
        {...view}
        businessId={businessId}
        error={snapshot.context.error}
        installLink={installLink}
        onChange={(next) => send({ type: 'business.change', businessId: next })}
        onSubmit={() => send({ type: 'business.submit' })}
        onContinue={() => send({ type: 'connection.continue' })}
        onBack={() => send({ type: 'connection.back' })}
      />
      <Button variant="ghost" alignSelf="flex-start" onClick={props.onCancel}>
        Cancel
      </Button>
    </Stack>
  );
}

/**
 * Square: the authorisation round trip of the onboarding, coming back to this page (the manage view or the
 * profile); on the way back it starts with the return, exchanges the code and hands on the new credentials.
 */
export function SquareReconnect(props: {
  api: Api;
  env: Env;
  oauthReturn: OAuthReturn | null;
  onConnected(outcome: ConnectionOutcome): void;
  onCancel(): void;
}) {
  const router = useRouter();
  const [actors] = useState(() =>
    createSquareOAuthActors(
      props.api,
      squareBrowser(
        props.api,
        props.env,
        () => `${window.location.origin}${withoutOAuthReturn(window.location)}`,
      ),
    ),
  );
  const [expectedState] = useState(() => (props.oauthReturn ? takeOAuthState() : null));
  const [snapshot, send] = useFlow(squareOAuthMachine, { actors, input: { expectedState } });
  useEffect(() => {
    if (!props.oauthReturn) return;
    send({ type: 'square.returned', query: props.oauthReturn });
    // The return is read once: it leaves the address, so a reload does not replay it.
    router.history.replace(withoutOAuthReturn(window.location));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (snapshot.status !== 'done') return;
    props.onConnected({ kind: 'square', credentialsId: snapshot.output.credentialsId });
    // Only the end of the flow is handed on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [snapshot.status]);
  const busy = snapshot.hasTag('busy') || snapshot.status === 'done';
  return (
    <Stack gap="3">
      <SquareConnect
        scopes={SQUARE_SCOPE_NAMES}
        error={snapshot.context.error}
        busy={busy}
        onConnect={() => send({ type: 'square.connect' })}
      />
      <Button variant="ghost" alignSelf="flex-start" onClick={props.onCancel} disabled={busy}>
        Cancel
      </Button>
    </Stack>
  );
}
