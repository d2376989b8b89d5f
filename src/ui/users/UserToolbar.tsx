import { Box, Button, Field, Flex, Input, NativeSelect, Spinner } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { memo, useId } from 'react';
import { USER_ROLES, type UserRole } from '../../domain/users/users';
import { ROLE_LABELS } from '../../domain/users/users-table';
import { MoreFilters } from '../kit/FilterFields';
import { SelectOptions } from '../kit/FormParts';

export interface UserToolbarProps {
  search: string;
  /** A search is being answered. */
  searching: boolean;
  /** The role shown, or null for every role. */
  role: UserRole | null;
  onSearchChange(value: string): void;
  onRoleChange(role: UserRole | null): void;
}

/**
 * The search box and the role filter above the users table (01 §2). On a phone the role folds behind
 * Filters beside the search box (`MoreFilters`), so the first users are on the first screen.
 */
export const UserToolbar = memo(function UserToolbar(props: UserToolbarProps) {
  const roleId = useId();
  return (
    <Flex gap="3" wrap="wrap" align="flex-end" mb="4">
      <Field.Root flex={{ base: '1 1 12rem', sm: '1' }} minW={{ base: '0', sm: '64' }} maxW="md">
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
              role="status"
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
      <MoreFilters set={props.role ? 1 : 0}>
        <Field.Root w={{ base: 'full', sm: '44' }}>
          <Field.Label htmlFor={roleId}>Role</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              id={roleId}
              bg="white"
              value={props.role ?? ''}
              onChange={(event) => props.onRoleChange((event.target.value || null) as UserRole | null)}
            >
              <option value="">All roles</option>
              <SelectOptions
                options={USER_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
              />
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </MoreFilters>
    </Flex>
  );
});

export interface UserHeaderActionsProps {
  downloadingWaitlist: boolean;
  downloadingUsers: boolean;
  onDownloadWaitlist(): void;
  onDownloadUsers(): void;
  /** Each button takes an equal share of its row (the phone's row of downloads under the title). */
  fill?: boolean;
}

/** The users page header's secondary actions: the two CSV downloads. */
export function UserDownloads(props: UserHeaderActionsProps) {
  return (
    <>
      <DownloadButton
        label="Download Waitlist"
        fill={props.fill}
        loading={props.downloadingWaitlist}
        onClick={props.onDownloadWaitlist}
      />
      <DownloadButton
        label="Download Users List"
        fill={props.fill}
        loading={props.downloadingUsers}
        onClick={props.onDownloadUsers}
      />
    </>
  );
}

/** One CSV download: "Preparing" while the file is made. */
function DownloadButton(props: { label: string; fill?: boolean; loading: boolean; onClick(): void }) {
  const share = props.fill ? { flex: '1', minW: '0' } : {};
  return (
    <Button
      {...share}
      variant="outline"
      bg="white"
      loading={props.loading}
      loadingText="Preparing"
      onClick={props.onClick}
    >
      {props.label}
    </Button>
  );
}

/** The users page header's primary action. */
export function InviteButton() {
  return (
    <Button asChild colorPalette="teal">
      <RouterLink to="/providers/provider/invite">Invite</RouterLink>
    </Button>
  );
}
