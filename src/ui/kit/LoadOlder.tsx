import { Button, Text } from '@chakra-ui/react';

/**
 * The foot of a list paged by cursor (the History trail, the Notifications inbox): why the last older page
 * could not be read, and Load older while there is one (it tries again after a failure).
 */
export function LoadOlder(props: {
  error: string | null;
  hasOlder: boolean;
  loading: boolean;
  onLoad(): void;
}) {
  return (
    <>
      {props.error && (
        <Text role="alert" color="red.700" mt="3">
          {props.error}
        </Text>
      )}
      {props.hasOlder && (
        <Button
          mt="3"
          variant="outline"
          bg="white"
          loading={props.loading}
          loadingText="Loading older"
          onClick={props.onLoad}
        >
          Load older
        </Button>
      )}
    </>
  );
}
