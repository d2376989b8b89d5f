import { Alert, Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { PageHeader } from '../kit/PageHeader';
import { ChipPicker, PROVIDER_PICKER_TEXTS, providerChip, type ProviderOption } from '../kit/ChipPicker';
import { USER_MESSAGES } from '../../domain/shared/messages';
import { PageShell } from '../kit/PageShell';
import { FieldError, submitWith } from '../kit/FormParts';

export type InviteProviderOption = ProviderOption;

export interface InviteProviderFormProps {
  email: string;
  emailError: string | null;
  providers: readonly InviteProviderOption[];
  providersLoading: boolean;
  providersFailure: string | null;
  selectedIds: readonly number[];
  providersError: string | null;
  busy: boolean;
  failure: string | null;
  /** Once sent: who it was for and the registration link to pass on (no mail service). */
  sent: { email: string; link: string; providerNames: string[]; note: string } | null;
  /** The email already has an account: said before sending, with the Provider role offered instead. */
  existing: {
    message: string;
    name: string;
    note: string;
    canGrant: boolean;
    granting: boolean;
    failure: string | null;
  } | null;
  /** The account was given the Provider role instead of an invite. */
  granted: string | null;
  grantLabel: string;
  onGrantRole(): void;
  onEmailChange(value: string): void;
  onProvidersChange(ids: number[]): void;
  onSubmit(): void;
  onCopyLink(): void;
  onInviteAnother(): void;
  onRetryProviders(): void;
}

/** Invite provider (01 §2): an email address and a multi-select of providers, then Save. */
export function InviteProviderForm(props: InviteProviderFormProps) {
  const submit = submitWith(props.onSubmit);
  const byId = new Map(props.providers.map((provider) => [provider.id, provider]));
  const chosen = props.selectedIds.flatMap((id) => {
    const provider = byId.get(id);
    return provider ? [providerChip(provider)] : [];
  });

  return (
    <PageShell as="section" maxW="2xl" aria-label="Invite Provider">
      <PageHeader title="Invite Provider" back={{ to: '/providers', label: 'Providers' }} />
      {props.granted ? (
        <Stack gap="4">
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Title>{props.granted}</Alert.Title>
          </Alert.Root>
          <Button variant="outline" alignSelf="flex-start" onClick={props.onInviteAnother}>
            Invite another provider
          </Button>
        </Stack>
      ) : props.sent ? (
        <Stack gap="4">
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{USER_MESSAGES.inviteSent}</Alert.Title>
              <Alert.Description>
                {props.sent.email} is invited to manage {props.sent.providerNames.join(', ')}.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
          <Field.Root>
            <Field.Label>
              {props.sent.note} {props.sent.email}
            </Field.Label>
            <Input readOnly value={props.sent.link} onFocus={(e) => e.currentTarget.select()} />
          </Field.Root>
          <Stack direction="row" gap="3">
            <Button colorPalette="teal" onClick={props.onCopyLink}>
              Copy link
            </Button>
            <Button variant="outline" onClick={props.onInviteAnother}>
              Invite another provider
            </Button>
          </Stack>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="6">
            <Field.Root invalid={props.emailError !== null} required>
              <Field.Label>
                Email address
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                name="email"
                type="email"
                autoComplete="off"
                value={props.email}
                onChange={(e) => props.onEmailChange(e.target.value)}
              />
              <FieldError error={props.emailError} />
            </Field.Root>

            <ChipPicker
              {...PROVIDER_PICKER_TEXTS}
              helperText={
                chosen.length === 0
                  ? 'Choose the providers this person will manage.'
                  : `${chosen.length} chosen.`
              }
              error={props.providersError ?? undefined}
              placeholder="Type a provider's name or city"
              multiple
              required
              disabled={props.busy}
              options={props.providers.map(providerChip)}
              chosen={chosen}
              onChange={(next) => props.onProvidersChange(next.map((option) => option.id))}
              loading={props.providersLoading}
              failure={props.providersFailure}
              onRetry={props.onRetryProviders}
            />

            {props.failure && (
              <Text role="alert" color="red.700" fontSize="sm">
                {props.failure}
              </Text>
            )}
            {props.existing ? (
              <Alert.Root status="warning" role="alert" alignItems="flex-start">
                <Alert.Indicator />
                <Alert.Content gap="2">
                  <Alert.Title>{props.existing.message}</Alert.Title>
                  <Alert.Description>
                    {props.existing.name}: {props.existing.note}
                  </Alert.Description>
                  {props.existing.failure && (
                    <Text color="red.700" fontSize="sm">
                      {props.existing.failure}
                    </Text>
                  )}
                  {props.existing.canGrant || props.existing.granting ? (
                    <Button
                      colorPalette="teal"
                      alignSelf="flex-start"
                      loading={props.existing.granting}
                      loadingText="Giving the role"
                      onClick={props.onGrantRole}
                    >
                      {props.grantLabel}
                    </Button>
                  ) : null}
                </Alert.Content>
              </Alert.Root>
            ) : (
              <Button
                type="submit"
                colorPalette="teal"
                alignSelf="flex-start"
                loading={props.busy}
                loadingText="Saving"
              >
                Save
              </Button>
            )}
          </Stack>
        </form>
      )}
    </PageShell>
  );
}
