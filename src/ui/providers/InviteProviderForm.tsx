import { Alert, Button, Field, Fieldset, Input, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type FormEvent } from 'react';
import { PageHeader } from '../kit/PageHeader';
import { ProviderChecklist, type ProviderOption } from '../kit/ProviderChecklist';
import { USER_MESSAGES } from '../../domain/shared/messages';
import { PageShell } from '../kit/PageShell';
import { FieldError } from '../kit/FormParts';

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
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? props.providers.filter((p) => `${p.name} ${p.place ?? ''}`.toLowerCase().includes(needle))
    : props.providers;
  const selected = new Set(props.selectedIds);
  const toggle = (id: number, on: boolean) =>
    props.onProvidersChange(on ? [...props.selectedIds, id] : props.selectedIds.filter((x) => x !== id));

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

            <Fieldset.Root invalid={props.providersError !== null}>
              <Fieldset.Legend fontWeight="semibold">Providers</Fieldset.Legend>
              <Fieldset.HelperText>
                {selected.size === 0 ? 'None chosen yet.' : `${selected.size} chosen.`}
              </Fieldset.HelperText>
              <Field.Root>
                <Field.Label htmlFor={filterId} srOnly>
                  Filter providers
                </Field.Label>
                <Input
                  id={filterId}
                  placeholder="Filter providers by name or city"
                  value={filter}
                  onChange={(e) => setFilter(e.target.value)}
                />
              </Field.Root>
              <ProviderChecklist
                providers={shown}
                loading={props.providersLoading}
                failure={props.providersFailure}
                onRetry={props.onRetryProviders}
                chosen={selected}
                onToggle={toggle}
                emptyText="No provider matches."
              />
              {props.providersError && (
                <Fieldset.ErrorText color="red.700">{props.providersError}</Fieldset.ErrorText>
              )}
            </Fieldset.Root>

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
