import { Box, Heading, Link as ChakraLink } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { creditsApi } from '../../../api/credits';
import { guard } from '../../../app/guards';
import { creditEditorMachine } from '../../../machines/credit-editor.machine';
import { CreditForm } from '../../../ui/CreditForm';
import { notify } from '../../../ui/notify';

export const Route = createFileRoute('/_console/credits/create')({
  beforeLoad: guard('/credits/create'),
  component: CreateCreditRoute,
});

/** Create credit (01 §2): title, description and a total in dollars, stored in cents. */
function CreateCreditRoute() {
  const { api } = Route.useRouteContext();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const machine = useMemo(
    () =>
      creditEditorMachine.provide({
        actors: { saveCredit: fromPromise(({ input }) => creditsApi(api).create(input.values)) },
      }),
    [api],
  );
  const [snapshot, send, actor] = useMachine(machine, { input: { credit: null } });
  useEffect(() => {
    const subscription = actor.on('notify', (event) => void notify(event.status, event.message));
    return () => subscription.unsubscribe();
  }, [actor]);
  const output = snapshot.status === 'done' ? snapshot.output : undefined;
  const created = output && 'created' in output ? output.created : undefined;
  useEffect(() => {
    if (!created) return;
    void queryClient.invalidateQueries({ queryKey: ['credits'] });
    void navigate({ to: '/credits', search: { id: created.id } });
  }, [created, navigate, queryClient]);

  const { context } = snapshot;
  return (
    <Box p="6" maxW="2xl">
      <ChakraLink asChild color="teal.800" fontSize="sm" mb="2">
        <Link to="/credits">← Credits</Link>
      </ChakraLink>
      <Heading as="h1" size="xl" mb="4">
        Create credit
      </Heading>
      <Box bg="white" p="5" rounded="md" borderWidth="1px">
        <CreditForm
          draft={context.draft}
          errors={context.errors}
          saveError={context.saveError}
          fixedTotalInCents={null}
          saving={snapshot.hasTag('saving') || snapshot.status === 'done'}
          submitLabel="Create"
          onFieldChange={(field, value) => send({ type: 'field.change', field, value })}
          onSubmit={() => send({ type: 'credit.save' })}
        />
      </Box>
    </Box>
  );
}
