import { Button, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * The foot of a list paged by cursor (the History trail, the Notifications inbox, the appointments
 * workspace): why the last further page could not be read, and Load older while there is one (it tries again
 * after a failure). A list in another order than newest first names the button `label` ("Load more"); `count`
 * (how many rows are shown) stands before the button, and stays when there is no further page.
 */
export function LoadOlder(props: {
  error: string | null;
  hasOlder: boolean;
  loading: boolean;
  onLoad(): void;
  label?: string;
  busyLabel?: string;
  count?: ReactNode;
}) {
  const button = (mt?: string) =>
    props.hasOlder && (
      <Button
        mt={mt}
        variant="outline"
        bg="white"
        loading={props.loading}
        loadingText={props.busyLabel ?? 'Loading older'}
        onClick={props.onLoad}
      >
        {props.label ?? 'Load older'}
      </Button>
    );
  return (
    <>
      {props.error && (
        <Text role="alert" color="red.700" mt="3">
          {props.error}
        </Text>
      )}
      {props.count ? (
        <Stack direction="row" align="center" gap="3" flexWrap="wrap" mt="3">
          {props.count}
          {button()}
        </Stack>
      ) : (
        button('3')
      )}
    </>
  );
}
