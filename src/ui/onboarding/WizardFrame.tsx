import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { StepList } from '../kit/StepList';
import type { ReactNode } from 'react';

export const WIZARD_STEPS = ['Business Profile', 'Service Items', 'Done'] as const;

export interface WizardFrameProps {
  step: 1 | 2 | 3;
  children: ReactNode;
  /** Hidden on the last step. */
  onBack?: () => void;
  onNext?: () => void;
  nextLabel?: string;
  nextDisabled?: boolean;
  /** What a disabled Next waits for, shown beside it and named by its aria-describedby. */
  nextHint?: { id: string; content: ReactNode } | null;
  busy?: boolean;
}

/** The wizard's stepper, progress indicator and Back/Next buttons around one step's content. */
export function WizardFrame(props: WizardFrameProps) {
  const percent = Math.round(((props.step - 1) / (WIZARD_STEPS.length - 1)) * 100);
  return (
    <Box>
      <StepList steps={WIZARD_STEPS} current={props.step} />
      <Box
        role="progressbar"
        aria-label="Onboarding progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        h="2"
        bg="gray.100"
        rounded="full"
        mb="5"
      >
        <Box h="2" w={`${percent}%`} bg="teal.600" rounded="full" />
      </Box>
      <Box bg="white" p={{ base: '3', md: '5' }} rounded="md" borderWidth="1px">
        {props.children}
      </Box>
      {props.onBack || props.onNext ? (
        <Flex justify="space-between" mt="4" gap="3" align="flex-start">
          {props.onBack ? (
            <Button variant="outline" onClick={props.onBack} disabled={props.busy}>
              Back
            </Button>
          ) : (
            <span />
          )}
          {props.onNext ? (
            <Stack align="flex-end" gap="2" minW="0">
              <Button
                colorPalette="teal"
                onClick={props.onNext}
                disabled={props.nextDisabled}
                loading={props.busy}
                aria-describedby={props.nextHint ? props.nextHint.id : undefined}
              >
                {props.nextLabel ?? 'Next'}
              </Button>
              {props.nextHint ? props.nextHint.content : null}
            </Stack>
          ) : null}
        </Flex>
      ) : null}
      {props.busy ? (
        <Text srOnly role="status">
          Saving…
        </Text>
      ) : null}
    </Box>
  );
}
