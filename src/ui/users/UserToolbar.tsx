import { Box, Button, Field, Flex, Input, Spinner } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';

export interface UserToolbarProps {
  search: string;
  /** A search is being answered. */
  searching: boolean;
  downloadingWaitlist: boolean;
  downloadingUsers: boolean;
  onSearchChange(value: string): void;
  onDownloadWaitlist(): void;
  onDownloadUsers(): void;
}

/** Search box, Invite, Download Waitlist and Download Users List (01 §2). */
export function UserToolbar(props: UserToolbarProps) {
  return (
    <Flex gap="3" wrap="wrap" align="flex-end" mb="4">
      <Field.Root flex="1" minW="64" maxW="md">
        <Field.Label>Search by name, email or phone</Field.Label>
        <Box position="relative" w="full">
          <Input
            type="search"
            name="search"
            autoComplete="off"
            bg="white"
            value={props.search}
            onChange={(event) => props.onSearchChange(event.target.value)}
            pe="10"
          />
          {props.searching && (
            <Spinner
              size="sm"
              position="absolute"
              right="3"
              top="50%"
              transform="translateY(-50%)"
              aria-label="Searching"
            />
          )}
        </Box>
      </Field.Root>
      <Flex gap="2" wrap="wrap">
        <Button asChild colorPalette="teal">
          <RouterLink to="/providers/provider/invite">Invite</RouterLink>
        </Button>
        <Button
          variant="outline"
          bg="white"
          loading={props.downloadingWaitlist}
          loadingText="Preparing"
          onClick={props.onDownloadWaitlist}
        >
          Download Waitlist
        </Button>
        <Button
          variant="outline"
          bg="white"
          loading={props.downloadingUsers}
          loadingText="Preparing"
          onClick={props.onDownloadUsers}
        >
          Download Users List
        </Button>
      </Flex>
    </Flex>
  );
}
