import { Alert, Button, Field, Input, Stack, Textarea } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { AppContext } from '../../app/context';
import { settingsQueries } from '../../api/settings/settings.queries';
import { EMPTY_CREDENTIALS, NO_IDS, emptyProfile } from '../../domain/onboarding/profile';
import { DEFAULT_TIME_ZONE } from '../../domain/shared/constants';
import { PageHeader } from '../../ui/kit/PageHeader';
import { useOnboardingProgress } from './use-onboarding-progress';
import { AvailableAfterField } from '../../ui/providers/AvailableAfterField';
import { PageShell } from '../../ui/kit/PageShell';

/**
 * The admin variant "Provider Onboarding / Add Provider" (spec 02 §2): raw fields, no validation shown, and a
 * warning that the next step creates the provider. Next carries them into the business profile step.
 */
export function AddProviderScreen({ api, persistence }: Pick<AppContext, 'api' | 'persistence'>) {
  const navigate = useNavigate();
  const { progress, save } = useOnboardingProgress(persistence);
  // The marketplace's default zone and available-after options (/settings).
  const settings = useQuery(settingsQueries.current(api)).data;
  const base = progress?.profile ?? emptyProfile(settings?.defaultTimezone ?? DEFAULT_TIME_ZONE);
  const [fields, setFields] = useState({
    name: base.name,
    logoURL: base.logoURL,
    coverImageURL: base.coverImageURL,
    description: base.description,
    availableAfterDays: base.availableAfterDays,
  });
  const text = (key: 'name' | 'logoURL' | 'coverImageURL', label: string) => (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input value={fields[key]} onChange={(event) => setFields({ ...fields, [key]: event.target.value })} />
    </Field.Root>
  );
  const next = () => {
    save({
      strategy: progress?.strategy ?? 'MANUAL',
      reached: progress?.reached ?? 1,
      profile: { ...base, ...fields },
      credentials: progress?.credentials ?? EMPTY_CREDENTIALS,
      ids: progress?.ids ?? NO_IDS,
    });
    void navigate({ to: '/provider/onboarding/location', search: { step: 1 } });
  };
  return (
    <PageShell maxW="3xl">
      <PageHeader
        title="Provider Onboarding / Add Provider"
        back={{ to: '/provider/onboarding', label: 'Provider Onboarding' }}
      />
      <Stack gap="4" bg="white" p="5" rounded="md" borderWidth="1px">
        {text('name', 'name')}
        {text('logoURL', 'logo URL')}
        {text('coverImageURL', 'cover image URL')}
        <Field.Root>
          <Field.Label>description</Field.Label>
          <Textarea
            value={fields.description}
            onChange={(event) => setFields({ ...fields, description: event.target.value })}
          />
        </Field.Root>
        <AvailableAfterField
          label="availableAfterDays"
          value={fields.availableAfterDays}
          offered={settings?.availableAfterDaysOptions}
          onChange={(days) => setFields({ ...fields, availableAfterDays: days })}
        />
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>The next step creates the provider.</Alert.Title>
        </Alert.Root>
        <Button alignSelf="flex-end" colorPalette="teal" onClick={next}>
          Next
        </Button>
      </Stack>
    </PageShell>
  );
}
