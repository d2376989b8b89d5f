import { Box } from '@chakra-ui/react';

export interface StepListProps {
  /** The steps' names, in order. */
  steps: readonly string[];
  /** The current step, from 1. */
  current: number;
  label?: string;
}

/**
 * The console's stepper: numbered steps, the current one marked (aria-current="step"), the done ones tinted.
 * On a phone, where the pills would wrap onto two rows, only the current step is shown, as "Step 2 of 3:
 * Bank account" (it says how many there are, so the list drops the others).
 */
export function StepList(props: StepListProps) {
  const total = props.steps.length;
  return (
    <Box
      as="ol"
      display="flex"
      gap="2"
      flexWrap="wrap"
      listStyleType="none"
      mb="3"
      aria-label={props.label ?? 'Steps'}
    >
      {props.steps.map((label, index) => {
        const number = index + 1;
        const current = number === props.current;
        return (
          <Box
            as="li"
            key={label}
            aria-current={current ? 'step' : undefined}
            display={{ base: current ? 'block' : 'none', md: 'block' }}
            px={{ base: '0', md: '3' }}
            py="1"
            rounded="full"
            fontSize="sm"
            fontWeight={{ base: 'medium', md: 'normal' }}
            borderWidth={{ base: '0', md: '1px' }}
            bg={{
              base: 'transparent',
              md: current ? 'teal.700' : number < props.current ? 'teal.50' : 'white',
            }}
            color={{ base: 'fg', md: current ? 'white' : 'fg' }}
          >
            <Box as="span" display={{ base: 'inline', md: 'none' }}>
              Step {number} of {total}:{' '}
            </Box>
            <Box as="span" display={{ base: 'none', md: 'inline' }}>
              {number}.{' '}
            </Box>
            {label}
          </Box>
        );
      })}
    </Box>
  );
}
