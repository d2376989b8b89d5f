import { Box } from '@chakra-ui/react';

export interface StepListProps {
  /** The steps' names, in order. */
  steps: readonly string[];
  /** The current step, from 1. */
  current: number;
  label?: string;
}

/** The console's stepper: numbered steps, the current one marked (aria-current="step"), the done ones tinted. */
export function StepList(props: StepListProps) {
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
            px="3"
            py="1"
            rounded="full"
            fontSize="sm"
            borderWidth="1px"
            bg={current ? 'teal.700' : number < props.current ? 'teal.50' : 'white'}
            color={current ? 'white' : 'fg'}
          >
            {number}. {label}
          </Box>
        );
      })}
    </Box>
  );
}
