import type { ReactNode } from 'react';
import { UnsavedScopeProvider, useUnsavedScope } from '../../app/unsaved-guard';
import { UnsavedChangesDialog } from '../../ui/kit/UnsavedChangesDialog';

/**
 * The editors inside ask one question before their unsaved work is lost (see `useUnsavedScope`): a page with
 * several editors never stacks two dialogs, and switching what the page edits counts every editor's work.
 */
export function UnsavedScope({ children }: { children: ReactNode }) {
  const { value, dialog } = useUnsavedScope();
  return (
    <UnsavedScopeProvider value={value}>
      {children}
      <UnsavedChangesDialog {...dialog} />
    </UnsavedScopeProvider>
  );
}
