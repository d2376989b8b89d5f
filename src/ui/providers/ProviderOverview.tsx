import { Box, Button, Field, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import { PageHeader } from '../kit/PageHeader';
import { PageShell } from '../kit/PageShell';
import { RetryMessage } from '../kit/RetryMessage';
import { namedOptions, SelectOptions, submitWith } from '../kit/FormParts';

interface Option {
  id: number;
  name: string;
}

export interface ProviderOverviewProps {
  /** The provider whose console this is, once known. */
  providerName: string | null;
  loading: boolean;
  failure: string | null;
  onRetry(): void;
  /** A provider user with several providers: the Switch Provider picker. */
  switcher: { providers: readonly Option[]; selectedId: number | null; onSwitch(id: number): void } | null;
  /** An admin not viewing as a provider: choose one to view the console as. */
  viewAs: { providers: readonly Option[]; onViewAs(id: number): void } | null;
  /** An admin viewing as a provider: back to the admin console. */
  onViewAsAdmin: (() => void) | null;
  /** The dashboard of the provider shown (checklist, activity, appointments). */
  children?: ReactNode;
}

/** The provider dashboard (02 §2): Overview, Switch Provider, View As Admin, then the dashboard itself. */
export function ProviderOverview(props: ProviderOverviewProps) {
  const switchId = useId();
  const viewAsId = useId();
  const [chosen, setChosen] = useState<string>('');
  return (
    <PageShell as="section" aria-label="Overview">
      <PageHeader
        title="Overview"
        description={props.providerName ?? undefined}
        secondary={
          props.switcher && (
            <Field.Root w={{ base: 'full', sm: '64' }}>
              <Field.Label htmlFor={switchId}>Switch Provider</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  id={switchId}
                  value={props.switcher.selectedId ?? ''}
                  onChange={(e) => props.switcher?.onSwitch(Number(e.target.value))}
                >
                  <SelectOptions options={namedOptions(props.switcher.providers)} />
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          )
        }
        primary={
          props.onViewAsAdmin && (
            <Button colorPalette="teal" onClick={props.onViewAsAdmin}>
              View As Admin
            </Button>
          )
        }
      />

      {props.loading && (
        <Stack direction="row" align="center" gap="2" mt="6" role="status">
          <Spinner size="sm" />
          <Text>Loading providers…</Text>
        </Stack>
      )}
      {props.failure && (
        <Box mt="6">
          <RetryMessage message={props.failure} onRetry={props.onRetry} />
        </Box>
      )}

      {props.viewAs && (
        <Box
          as="form"
          mt="8"
          maxW="md"
          onSubmit={submitWith(() => {
            if (chosen) props.viewAs?.onViewAs(Number(chosen));
          })}
        >
          <Text mb="3">You are signed in as an admin. Choose a provider to see the console as they do.</Text>
          <Stack direction="row" align="flex-end" gap="3">
            <Field.Root>
              <Field.Label htmlFor={viewAsId}>Provider</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field id={viewAsId} value={chosen} onChange={(e) => setChosen(e.target.value)}>
                  <option value="">Choose a provider</option>
                  <SelectOptions options={namedOptions(props.viewAs.providers)} />
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Button type="submit" colorPalette="teal" disabled={!chosen} flexShrink={0}>
              View as provider
            </Button>
          </Stack>
        </Box>
      )}

      {props.children}
    </PageShell>
  );
}
