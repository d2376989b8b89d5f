import { Box, Button, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { StepList } from '../kit/StepList';
import type { BankForm, BankFormErrors } from '../../domain/payouts/onboarding';
import { FieldError, submitWith } from '../kit/FormParts';
import { PayoutDestination, type PayoutDestinationProps } from './PayoutDestination';

export interface PayoutsOnboardingProps {
  step: 0 | 1 | 2 | null;
  /** Where and when payouts are paid, once the bank is connected. */
  paidInto: PayoutDestinationProps['bank'];
  schedule: PayoutDestinationProps['schedule'];
  busy: boolean;
  connectLabel: string;
  existingId: string;
  canAttach: boolean;
  bank: BankForm;
  errors: BankFormErrors;
  canReset: boolean;
  onConnect: () => void;
  onExistingIdChange: (value: string) => void;
  onAttach: () => void;
  onBankChange: (field: keyof BankForm, value: string) => void;
  onBankSubmit: () => void;
  onReset: () => void;
  onViewProvider: () => void;
}

const STEPS = ['Stripe account', 'Bank account', 'Done'];
const LEARN_MORE = 'https://stripe.com/connect';

const BANK_FIELDS: { field: keyof BankForm; label: string }[] = [
  { field: 'routingNumber', label: 'Routing number' },
  { field: 'accountNumber', label: 'Account number' },
  { field: 'confirmAccountNumber', label: 'Confirm account number' },
];

/** Payouts onboarding's 3 steps (02 §2): connect or attach an account, connect the bank, done. */
export function PayoutsOnboarding(props: PayoutsOnboardingProps) {
  return (
    <Stack gap="6" maxW="40rem" w="full">
      <StepList steps={STEPS} current={(props.step ?? 0) + 1} label="Payouts steps" />
      <Box bg="white" borderWidth="1px" borderColor="gray.200" rounded="lg" p={{ base: '4', md: '6' }}>
        {props.step === null ? <Text>Loading…</Text> : null}
        {props.step === 0 ? (
          <Stack gap="4">
            <Heading size="md">Stripe account</Heading>
            <Text color="fg.muted">
              Upkeep pays out through Stripe. Stripe asks for the business's details and who owns it on its
              own secure page, then brings you back here to add the bank account payouts go to.
            </Text>
            <Button colorPalette="teal" onClick={props.onConnect} loading={props.busy} alignSelf="start">
              {props.connectLabel}
            </Button>
            <Field.Root>
              <Field.Label>Existing Stripe account id</Field.Label>
              <Field.HelperText>
                Already have a Stripe account for this business? Attach it by its id.
              </Field.HelperText>
              <HStack w="full" flexWrap="wrap">
                <Input
                  flex="1"
                  minW="12rem"
                  value={props.existingId}
                  placeholder="acct_…"
                  onChange={(event) => props.onExistingIdChange(event.target.value)}
                />
                <Button variant="outline" disabled={!props.canAttach || props.busy} onClick={props.onAttach}>
                  Attach
                </Button>
              </HStack>
            </Field.Root>
          </Stack>
        ) : null}
        {props.step === 1 ? (
          <Box as="form" onSubmit={submitWith(props.onBankSubmit)}>
            <Stack gap="4">
              <Heading size="md">Connect your bank account</Heading>
              <Text color="fg.muted">
                The US bank account payouts are paid into. Only its last four digits are kept; Stripe holds
                the rest.
              </Text>
              {BANK_FIELDS.map(({ field, label }) => (
                <Field.Root key={field} invalid={Boolean(props.errors[field])}>
                  <Field.Label>{label}</Field.Label>
                  <Input
                    inputMode="numeric"
                    autoComplete="off"
                    value={props.bank[field]}
                    onChange={(event) => props.onBankChange(field, event.target.value)}
                  />
                  <FieldError error={props.errors[field]} />
                </Field.Root>
              ))}
              <HStack flexWrap="wrap">
                <Button type="submit" colorPalette="teal" loading={props.busy}>
                  Connect Bank Account
                </Button>
                {props.canReset ? (
                  <Button variant="outline" onClick={props.onReset}>
                    Reset
                  </Button>
                ) : null}
              </HStack>
            </Stack>
          </Box>
        ) : null}
        {props.step === 2 ? (
          <Stack gap="4">
            <Heading size="md">Account Creation Successful</Heading>
            <PayoutDestination bank={props.paidInto} schedule={props.schedule} />
            <HStack flexWrap="wrap">
              <Button asChild variant="outline">
                <a href={LEARN_MORE} target="_blank" rel="noreferrer">
                  Learn More
                </a>
              </Button>
              <Button colorPalette="teal" onClick={props.onViewProvider}>
                View Provider
              </Button>
              {props.canReset ? (
                <Button variant="outline" onClick={props.onReset} loading={props.busy}>
                  Reset
                </Button>
              ) : null}
            </HStack>
          </Stack>
        ) : null}
      </Box>
    </Stack>
  );
}
