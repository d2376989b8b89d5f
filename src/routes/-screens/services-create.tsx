import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useBlocker, useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type { ServiceCategory } from '../../api/contract/service-category';
import { serviceCategoriesApi } from '../../api/service-categories';
import { CATALOGUE_MESSAGES } from '../../domain/messages';
import { createCategoryMachine } from '../../machines/create-category.machine';
import { CategoryCreateForm } from '../../ui/CategoryCreateForm';
import { notify } from '../../ui/notify';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ImageUpload } from './services-upload';
import { CATEGORIES_KEY } from './services-search';

const consoleRoute = getRouteApi('/_console');

/** /services/create (01 §2): name and icon, POST /svc-category, then the new category's screen. */
export function CreateCategoryScreen() {
  const { api, env } = consoleRoute.useRouteContext();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const machine = useMemo(
    () =>
      createCategoryMachine.provide({
        actors: { createCategory: fromPromise(({ input }) => serviceCategoriesApi(api).create(input)) },
      }),
    [api],
  );
  const [snapshot, send, actor] = useMachine(machine);
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    const subscription = actor.on('notify', (event) => void notify(event.level, event.message));
    return () => subscription.unsubscribe();
  }, [actor]);

  const created = snapshot.status === 'done' ? snapshot.output?.category : undefined;
  const unsaved = !created && (snapshot.context.name.trim() !== '' || snapshot.context.iconURL !== '');
  const unsavedRef = useRef(unsaved);
  useEffect(() => {
    unsavedRef.current = unsaved;
  }, [unsaved]);

  useEffect(() => {
    if (!created) return;
    queryClient.setQueryData<ServiceCategory[]>(CATEGORIES_KEY, (old) => (old ? [...old, created] : old));
    void navigate({ to: '/services', search: { category: created.id } });
  }, [created, navigate, queryClient]);

  const blocker = useBlocker({
    shouldBlockFn: ({ next }) => unsavedRef.current && next.pathname !== '/login',
    enableBeforeUnload: () => unsavedRef.current,
    withResolver: true,
  });

  return (
    <>
      <CategoryCreateForm
        name={snapshot.context.name}
        nameError={snapshot.context.nameError}
        busy={snapshot.hasTag('busy') || Boolean(created)}
        uploading={uploading}
        onNameChange={(value) => send({ type: 'name.change', value })}
        onSubmit={() => send({ type: 'category.submit' })}
        iconField={
          <ImageUpload
            api={api}
            apiUrl={env.VITE_API_URL}
            label="Category icon"
            path={snapshot.context.iconURL}
            onUploaded={(path) => send({ type: 'icon.change', path })}
            onBusyChange={setUploading}
          />
        }
      />
      <ConfirmDialog
        open={blocker.status === 'blocked'}
        title="Leave without saving?"
        message={CATALOGUE_MESSAGES.confirmLeave}
        confirmLabel="Leave"
        cancelLabel="Stay"
        destructive
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </>
  );
}
