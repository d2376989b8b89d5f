import { Button, Stack, Text } from '@chakra-ui/react';

/** A read that failed: its message (announced) and Try again beside it. */
export function RetryMessage(props: { message: string; onRetry?: (() => void) | undefined }) {
  return (
    <Stack direction="row" align="center" gap="3" flexWrap="wrap">
      <Text role="alert" color="red.700">
        {props.message}
      </Text>
      <Button size="sm" variant="outline" onClick={props.onRetry}>
        Try again
      </Button>
    </Stack>
  );
}
