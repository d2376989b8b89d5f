import { Button, Stack, Text } from '@chakra-ui/react';

/**
 * A read that failed: its message (announced) and Try again beside it. The one way every screen shows a
 * load failure; `small` suits a line inside a denser part (a drawer's list of receipts).
 */
export function RetryMessage(props: {
  message: string;
  /** What the person can do about it, on a line beneath the message. */
  detail?: string;
  onRetry?: (() => void) | undefined;
  small?: boolean;
}) {
  return (
    <Stack direction="row" align="center" gap="3" flexWrap="wrap">
      <Text role="alert" color="red.700" fontSize={props.small ? 'sm' : undefined}>
        {props.message}
        {props.detail ? (
          <Text as="span" display="block" color="fg.muted" fontSize="sm">
            {props.detail}
          </Text>
        ) : null}
      </Text>
      <Button size={props.small ? 'xs' : 'sm'} variant="outline" onClick={props.onRetry}>
        Try again
      </Button>
    </Stack>
  );
}
