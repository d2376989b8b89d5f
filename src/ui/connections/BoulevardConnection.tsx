import { Box, Button, Field, Flex, Input, Link, List, Spinner, Stack, Text, chakra } from '@chakra-ui/react';
import { StepList } from '../kit/StepList';
import { FieldError, submitWith } from '../kit/FormParts';
import { RetryMessage } from '../kit/RetryMessage';

export const BOULEVARD_SUB_STEPS = ['Business ID', 'Install', 'Verify'] as const;

/** The Boulevard install page's address: being asked for, ready, or refused (with a way to ask again). */
export type InstallLink =
  { status: 'preparing' } | { status: 'ready'; url: string } | { status: 'failed'; retry(): void };

export interface BoulevardConnectionProps {
  subStep: 1 | 2 | 3;
  businessId: string;
  error: string | null;
  /** The verification's status line, or null while the first check runs. */
  status: string | null;
  connected: boolean;
  checking: boolean;
  /** The install page for this business, once its address is ready. */
  installLink: InstallLink;
  onChange(businessId: string): void;
  onSubmit(): void;
  onContinue(): void;
  onBack(): void;
}

/** Boulevard in 3 sub-steps: the business id, the install instructions, then the verification. */
export function BoulevardConnection(props: BoulevardConnectionProps) {
  return (
    <Stack gap="4">
      <StepList steps={BOULEVARD_SUB_STEPS} current={props.subStep} />
      {props.subStep === 1 ? (
        <chakra.form noValidate onSubmit={submitWith(props.onSubmit)}>
          <Stack gap="4" maxW="md">
            <Field.Root required invalid={props.error !== null}>
              <Field.Label>
                Business ID
                <Field.RequiredIndicator />
              </Field.Label>
              <Input value={props.businessId} onChange={(event) => props.onChange(event.target.value)} />
              <FieldError error={props.error} />
            </Field.Root>
            <Button type="submit" colorPalette="teal" alignSelf="flex-start">
              Next
            </Button>
          </Stack>
        </chakra.form>
      ) : null}
      {props.subStep === 2 ? (
        <Stack gap="3">
          <Text>Install the Upkeep app for your Boulevard business, then verify the connection.</Text>
          <List.Root as="ol" ps="5">
            <List.Item>
              {props.installLink.status === 'ready' ? (
                <>
                  Open the{' '}
                  <Link
                    href={props.installLink.url}
                    target="_blank"
                    rel="noopener"
                    color="teal.700"
                    textDecoration="underline"
                  >
                    Upkeep app in Boulevard
                  </Link>{' '}
                  for business <chakra.code>{props.businessId.trim()}</chakra.code>.
                </>
              ) : props.installLink.status === 'preparing' ? (
                <Flex as="span" role="status" align="center" gap="2">
                  <Spinner size="xs" />
                  Preparing the install link for business <chakra.code>{props.businessId.trim()}</chakra.code>
                  …
                </Flex>
              ) : (
                <RetryMessage
                  small
                  message="The install link could not be prepared."
                  detail="Check the Business ID, or try again in a moment."
                  onRetry={props.installLink.retry}
                />
              )}
            </List.Item>
            <List.Item>Install it, then come back here.</List.Item>
          </List.Root>
          <Flex gap="3" wrap="wrap">
            <Button variant="outline" onClick={props.onBack}>
              Back
            </Button>
            <Button colorPalette="teal" onClick={props.onContinue}>
              Verify connection
            </Button>
          </Flex>
        </Stack>
      ) : null}
      {props.subStep === 3 ? (
        <Stack gap="3">
          <Box role="status" aria-live="polite" minH="6">
            <Flex gap="2" align="center">
              {props.checking ? <Spinner size="sm" aria-hidden /> : null}
              <Text color={props.connected ? 'green.700' : props.status ? 'orange.800' : 'gray.700'}>
                {props.status ?? 'Verifying the connection…'}
              </Text>
            </Flex>
          </Box>
          <Button variant="outline" alignSelf="flex-start" onClick={props.onBack} disabled={props.connected}>
            Back
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
