import { Box, Button, Flex, Heading, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import * as v from 'valibot';
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../../api/client';
import type { Credit } from '../../../api/contract/credit';
import { creditsApi } from '../../../api/credits';
import { guard } from '../../../app/guards';
import { USER_MESSAGES } from '../../../domain/messages';
import { creditEditorMachine } from '../../../machines/credit-editor.machine';
import { CreditForm } from '../../../ui/CreditForm';
import { CreditPicker } from '../../../ui/CreditPicker';
import { notify } from '../../../ui/notify';

const SearchSchema = v.object({
  id: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
});

export const Route = createFileRoute('/_console/credits/')({
  beforeLoad: guard('/credits'),
  validateSearch: SearchSchema,
  component: CreditsRoute,
});

const creditsKey = ['credits'] as const;

/** Credits (01 §2): pick a credit from the list and edit it; Create New goes to the create form. */
function CreditsRoute() {
  const { api } = Route.useRouteContext();
  const { id } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const credits = useQuery({ queryKey: creditsKey, queryFn: () => creditsApi(api).list() });
  useEffect(() => {
    if (credits.isError) void notify('error', USER_MESSAGES.creditsFailed);
  }, [credits.isError]);
  const chosen = credits.data?.find((credit) => credit.id === id) ?? null;

  return (
    <Box p="6">
      <Flex justify="space-between" align="center" mb="4">
        <Heading as="h1" size="xl">
          Credits
        </Heading>
        <Button asChild colorPalette="teal">
          <Link to="/credits/create">Create New</Link>
        </Button>
      </Flex>
      <Flex gap="6" align="flex-start" wrap={{ base: 'wrap', md: 'nowrap' }}>
        <Box as="nav" aria-label="Credit list" w={{ base: 'full', md: '72' }} flexShrink={0}>
          <CreditPicker
            credits={credits.data ?? []}
            loading={credits.isPending}
            failed={credits.isError}
            chosenId={chosen?.id ?? null}
            onChoose={(creditId) => void navigate({ search: { id: creditId } })}
            onRetry={() => void credits.refetch()}
          />
        </Box>
        <Box
          as="section"
          aria-labelledby="credit-heading"
          flex="1"
          bg="white"
          p="5"
          rounded="md"
          borderWidth="1px"
        >
          {chosen ? (
            <>
              <Heading as="h2" id="credit-heading" size="lg" mb="4">
                {chosen.title}
              </Heading>
              <CreditEditor key={chosen.id} api={api} credit={chosen} />
            </>
          ) : (
            <>
              <Heading as="h2" id="credit-heading" size="lg" mb="2">
                Edit a credit
              </Heading>
              <Text color="gray.700">
                {id !== undefined && credits.isSuccess
                  ? 'That credit does not exist. Choose one from the list.'
                  : 'Choose a credit from the list to edit its title and description.'}
              </Text>
            </>
          )}
        </Box>
      </Flex>
    </Box>
  );
}

function CreditEditor({ api, credit }: { api: ApiClient; credit: Credit }) {
  const queryClient = useQueryClient();
  const machine = useMemo(
    () =>
      creditEditorMachine.provide({
        actors: {
          saveCredit: fromPromise(({ input }) =>
            input.id === null
              ? creditsApi(api).create(input.values)
              : creditsApi(api).update(input.id, input.values),
          ),
        },
      }),
    [api],
  );
  const [snapshot, send, actor] = useMachine(machine, { input: { credit } });
  useEffect(() => {
    const subscriptions = [
      actor.on('notify', (event) => void notify(event.status, event.message)),
      actor.on('credit.saved', (event) =>
        queryClient.setQueryData<Credit[]>(creditsKey, (list) =>
          list?.map((item) => (item.id === event.credit.id ? event.credit : item)),
        ),
      ),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, queryClient]);
  const { context } = snapshot;
  return (
    <CreditForm
      draft={context.draft}
      errors={context.errors}
      saveError={context.saveError}
      fixedTotalInCents={context.credit?.totalInCents ?? null}
      saving={snapshot.hasTag('saving')}
      submitLabel="Save"
      onFieldChange={(field, value) => send({ type: 'field.change', field, value })}
      onSubmit={() => send({ type: 'credit.save' })}
    />
  );
}
