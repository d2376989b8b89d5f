import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useBlocker, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { ServiceCategory } from '../../api/contract/service-category';
import { useFlow } from '../../app/flow';
import { serviceCategoryQueries } from '../../api/catalogue/service-categories.queries';
import { CATALOGUE_MESSAGES } from '../../domain/shared/messages';
import { createCreateCategoryActors } from '../../machines/catalogue/create-category.actors';
import { createCategoryMachine } from '../../machines/catalogue/create-category.machine';
import { CategoryCreateForm } from '../../ui/catalogue/CategoryCreateForm';
import { ConfirmDialog } from '../../ui/kit/ConfirmDialog';
import { ImageUpload } from './services-upload';

const consoleRoute = getRouteApi('/_console');

/** /services/create (01 §2): name and icon, POST /svc-category, then the new category's screen. */
export function CreateCategoryScreen() {
  const { api, env } = consoleRoute.useRouteContext();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [actors] = useState(() => createCreateCategoryActors(api));
  const [snapshot, send] = useFlow(createCategoryMachine, { actors });
  const [uploading, setUploading] = useState(false);

  const created = snapshot.status === 'done' ? snapshot.output?.category : undefined;
  const unsaved = !created && (snapshot.context.name.trim() !== '' || snapshot.context.iconURL !== '');
  const unsavedRef = useRef(unsaved);
  useEffect(() => {
    unsavedRef.current = unsaved;
  }, [unsaved]);

  useEffect(() => {
    if (!created) return;
    queryClient.setQueryData<ServiceCategory[]>(serviceCategoryQueries.all, (old) =>
      old ? [...old, created] : old,
    );
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
