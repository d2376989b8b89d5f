import { Button, Field, Flex, NativeSelect, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { Credit, UserCredit } from '../../api/contract/credit';
import { USER_MESSAGES } from '../../domain/shared/messages';
import { formatDollars } from '../../domain/shared/money';
import { RetryMessage } from '../kit/RetryMessage';
import { FieldError, submitWith } from '../kit/FormParts';
import { LoadingRows } from '../kit/ListStates';

export interface UserCreditListProps {
  loading: boolean;
  failed: boolean;
  /** Adding or removing is under way. */
  busy: boolean;
  canChange: boolean;
  credits: readonly UserCredit[];
  /** The credit list to add from. */
  catalogue: readonly Credit[];
  catalogueFailure: string | null;
  onAdd(creditId: number): void;
  onRemove(userCreditId: number): void;
  onRetry(): void;
}

/** Promo & Credit use (01 §2, §3): the user's credits with what was spent; add one from the list, remove one. */
export function UserCreditList(props: UserCreditListProps) {
  const selectId = useId();
  const [choice, setChoice] = useState('');
  if (props.loading) {
    return <LoadingRows label="Loading credits" rows={1} height="6" />;
  }
  if (props.failed) {
    return <RetryMessage message={USER_MESSAGES.userCreditsFetchFailed} onRetry={props.onRetry} />;
  }
  return (
    <Stack gap="4">
      {props.credits.length === 0 ? (
        <Text>No credits yet.</Text>
      ) : (
        <Table.Root size="sm" aria-label="User credits">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Credit</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Spent</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
              <Table.ColumnHeader>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {props.credits.map((userCredit) => (
              <Table.Row key={userCredit.id}>
                <Table.Cell>{userCredit.credit.title}</Table.Cell>
                <Table.Cell textAlign="end">{formatDollars(userCredit.spentInCents)}</Table.Cell>
                <Table.Cell textAlign="end">{formatDollars(userCredit.credit.totalInCents)}</Table.Cell>
                <Table.Cell textAlign="end">
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    disabled={!props.canChange}
                    aria-label={`Remove ${userCredit.credit.title}`}
                    onClick={() => props.onRemove(userCredit.id)}
                  >
                    Remove
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      <form
        onSubmit={submitWith(() => {
          if (choice) props.onAdd(Number(choice));
        })}
      >
        <Flex gap="2" align="flex-end">
          <Field.Root flex="1" invalid={props.catalogueFailure !== null}>
            <Field.Label htmlFor={selectId}>Credit to add</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                id={selectId}
                value={choice}
                onChange={(event) => setChoice(event.target.value)}
              >
                <option value="">Choose a credit…</option>
                {props.catalogue.map((credit) => (
                  <option key={credit.id} value={String(credit.id)}>
                    {credit.title} ({formatDollars(credit.totalInCents)})
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {props.catalogueFailure && <FieldError error={props.catalogueFailure} />}
          </Field.Root>
          <Button
            type="submit"
            colorPalette="teal"
            disabled={!choice || !props.canChange}
            loading={props.busy}
            loadingText="Working"
          >
            Add credit
          </Button>
        </Flex>
      </form>
    </Stack>
  );
}
