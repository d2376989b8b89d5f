import { Box, Button, List, Stack, Text } from '@chakra-ui/react';

export interface SquareConnectProps {
  /** The permissions asked for, as the person reads them. */
  scopes: readonly string[];
  /** A denial's or failure's message (the server's), or null. */
  error: string | null;
  busy: boolean;
  onConnect(): void;
}

/** Square: what Upkeep asks for, and Connect (again after a denial or failure). */
export function SquareConnect(props: SquareConnectProps) {
  return (
    <Stack gap="4" align="flex-start">
      <Text>Connect your Square account. Upkeep asks to read and write your:</Text>
      <List.Root ps="5" aria-label="Requested Square permissions">
        {props.scopes.map((scope) => (
          <List.Item key={scope}>{scope}</List.Item>
        ))}
      </List.Root>
      {props.error ? (
        <Box
          role="alert"
          color="red.700"
          borderWidth="1px"
          borderColor="red.200"
          bg="red.50"
          p="3"
          rounded="md"
        >
          {props.error}
        </Box>
      ) : null}
      <Button colorPalette="teal" onClick={props.onConnect} loading={props.busy}>
        {props.error ? 'Try again' : 'Connect to Square'}
      </Button>
    </Stack>
  );
}
