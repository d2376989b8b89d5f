import { Button, Stack, Text } from '@chakra-ui/react';

/**
 * A read that failed: its message (announced) and Try again beside it. The one way every screen shows a
 * load failure; `small` suits a line inside a denser part (a drawer's list of receipts); `muted` suits a
 * part missing from a read that otherwise showed (the dashboard's payout figures when the payment provider
 * did not answer): a quiet line, announced politely, instead of an alert.
 */
export function RetryMessage(props: {
  message: string;
  /** What the person can do about it, on a line beneath the message. */
  detail?: string;
  onRetry?: (() => void) | undefined;
  small?: boolean;
  muted?: boolean;
  /** Try again is reading again (the button shows it and cannot be pressed twice). */
  busy?: boolean;
}) {
  return (
    <Stack direction="row" align="center" gap="3" flexWrap="wrap">
      <Text
        role={props.muted ? 'status' : 'alert'}
        color={props.muted ? 'fg.muted' : 'red.700'}
        fontSize={props.small ? 'sm' : undefined}
      >
        {props.message}
        {props.detail ? (
          <Text as="span" display="block" color="fg.muted" fontSize="sm">
            {props.detail}
          </Text>
        ) : null}
      </Text>
      <Button
        size={props.small ? 'xs' : 'sm'}
        variant="outline"
        onClick={props.onRetry}
        loading={props.busy}
        loadingText="Try again"
      >
        Try again
      </Button>
    </Stack>
  );
}
