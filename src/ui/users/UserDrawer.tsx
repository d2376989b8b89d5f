import { Box, Button, Drawer, Heading, List, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { USER_MESSAGES } from '../../domain/shared/messages';
import { UserAccountActions, UserAccountForm, type UserAccountFormProps } from './UserAccountForm';
import { UserBookingList, type UserBookingListProps } from './UserBookingList';
import { ConfirmDialog } from '../kit/ConfirmDialog';
import { StaleNotice, type StaleNoticeProps } from '../kit/StaleNotice';
import { UserCreditList, type UserCreditListProps } from './UserCreditList';
import { DrawerShell } from '../kit/DrawerShell';
import { RetryMessage } from '../kit/RetryMessage';

export interface UserDrawerProps {
  open: boolean;
  /** The user's name, or a placeholder while loading. */
  title: string;
  email: string | null;
  loading: boolean;
  loadFailed: boolean;
  onRetryLoad(): void;
  onClose(): void;
  /** Null until the user is loaded. */
  account: UserAccountFormProps | null;
  /** Associated Providers, for provider users only (null hides the section). */
  associatedProviders: readonly { id: number; name: string }[] | null;
  /** Opens the console as that provider (view as provider), from the provider's name. */
  onViewAsProvider?(providerId: number): void;
  bookings: UserBookingListProps;
  credits: UserCreditListProps;
  confirmDelete: { open: boolean; busy: boolean; onConfirm(): void; onCancel(): void; message: string };
  /** Taking a credit from the user asks first. */
  confirmRemoveCredit: { open: boolean; message: string; onConfirm(): void; onCancel(): void };
  /** Shown when a save was refused because someone else saved the user first. */
  stale: StaleNoticeProps | null;
  /** Who last changed the user, and when (under the email). */
  changedBy?: ReactNode;
  /** Previous and next in the list the drawer was opened from (`RecordPager`), under the title. */
  pager?: ReactNode;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-labelledby={id} borderTopWidth="1px" pt="5">
      <Heading as="h3" id={id} size="md" mb="3">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

/** One user's drawer (01 §2): Account Information, Associated Providers, Booking History, Promo & Credit use. */
export function UserDrawer(props: UserDrawerProps) {
  return (
    <DrawerShell
      open={props.open}
      onClose={props.onClose}
      size="lg"
      // Stepping to the previous or next user replaces this drawer with the next one's: the focus the old one
      // gives back to the list must not close the new one (a modal drawer holds the focus otherwise).
      keepOnFocusOutside
      busy={props.loading}
      footer={props.account && <UserAccountActions {...props.account} />}
      header={
        <Stack gap="0">
          <Drawer.Title>{props.title}</Drawer.Title>
          {props.email && (
            <Text fontSize="sm" color="gray.600">
              {props.email}
            </Text>
          )}
          {props.changedBy}
          {props.pager && <Box mt="2">{props.pager}</Box>}
        </Stack>
      }
      beside={
        <>
          <ConfirmDialog title="Delete user" confirmLabel="Delete" {...props.confirmDelete} />
          <ConfirmDialog title="Remove credit" confirmLabel="Remove" {...props.confirmRemoveCredit} />
        </>
      }
    >
      {props.loading && (
        <Stack aria-label="Loading user">
          <Skeleton h="8" />
          <Skeleton h="8" />
          <Skeleton h="8" />
        </Stack>
      )}
      {props.loadFailed && <RetryMessage message={USER_MESSAGES.fetchFailed} onRetry={props.onRetryLoad} />}
      {props.account && (
        <Stack gap="6">
          <Section id="user-account" title="Account Information">
            {props.stale && <StaleNotice {...props.stale} />}
            <UserAccountForm {...props.account} />
          </Section>
          {props.associatedProviders && (
            <Section id="user-providers" title="Associated Providers">
              {props.associatedProviders.length === 0 ? (
                <Text>{USER_MESSAGES.noProviders}</Text>
              ) : (
                <List.Root ps="5">
                  {props.associatedProviders.map((provider) => (
                    <List.Item key={provider.id}>
                      {props.onViewAsProvider ? (
                        <Button
                          variant="plain"
                          p="0"
                          h="auto"
                          color="teal.800"
                          textDecoration="underline"
                          aria-label={`View as ${provider.name}`}
                          title={`View the console as ${provider.name}`}
                          onClick={() => props.onViewAsProvider?.(provider.id)}
                        >
                          {provider.name}
                        </Button>
                      ) : (
                        provider.name
                      )}
                    </List.Item>
                  ))}
                </List.Root>
              )}
            </Section>
          )}
          <Section id="user-bookings" title="Booking History">
            <UserBookingList {...props.bookings} />
          </Section>
          <Section id="user-credits" title="Promo & Credit use">
            <UserCreditList {...props.credits} />
          </Section>
        </Stack>
      )}
    </DrawerShell>
  );
}
