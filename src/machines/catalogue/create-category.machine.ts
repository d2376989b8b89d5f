/**
 * Create a service category (01 §2 /services/create, §7 POST /svc-category): a name and an icon.
 *
 *   editing ──category.submit [name missing]── the field says so (stays in editing)
 *      └──category.submit──► submitting ──done──► created (final; output: the category)
 *                                 └──error──► editing (the server's message; what was typed is kept)
 *
 * The icon is uploaded by its own image-upload machine; the route puts the returned path in with
 * icon.change. Toasts leave as emitted `notify` events.
 */
import { assign, emit, setup } from 'xstate';
import { errorMessage } from '../shared/errors';
import type { Notice } from '../shared/notice';
import { placeholder } from '../shared/placeholder';
import type { ServiceCategory } from '../../api/contract/service-category';
import { CATALOGUE_MESSAGES } from '../../domain/shared/messages';

export interface CreateCategoryContext {
  name: string;
  iconURL: string;
  nameError: string | null;
  created: ServiceCategory | null;
}

export type CreateCategoryEvent =
  | { type: 'name.change'; value: string }
  | { type: 'icon.change'; path: string }
  | { type: 'category.submit' };

export type CreateCategoryEmitted = Notice;

export const createCategoryMachine = setup({
  types: {
    context: {} as CreateCategoryContext,
    events: {} as CreateCategoryEvent,
    emitted: {} as CreateCategoryEmitted,
    output: {} as { category: ServiceCategory },
  },
  actors: {
    createCategory: placeholder<ServiceCategory, { name: string; iconURL: string | null }>('createCategory'),
  },
  guards: {
    nameMissing: ({ context }) => context.name.trim() === '',
  },
  actions: {
    showNameMissing: assign({ nameError: CATALOGUE_MESSAGES.categoryNameRequired }),
    notifyCreated: emit({
      type: 'notify' as const,
      level: 'success' as const,
      message: CATALOGUE_MESSAGES.categoryCreated,
    }),
    notifyFailed: emit(({ event }) => ({
      type: 'notify' as const,
      level: 'error' as const,
      message: CATALOGUE_MESSAGES.categoryCreateFailed(errorMessage((event as { error?: unknown }).error)),
    })),
  },
}).createMachine({
  id: 'createCategory',
  description: 'Create a service category: a name and an uploaded icon.',
  context: { name: '', iconURL: '', nameError: null, created: null },
  initial: 'editing',
  output: ({ context }) => ({ category: context.created as ServiceCategory }),
  states: {
    editing: {
      on: {
        'name.change': { actions: assign({ name: ({ event }) => event.value, nameError: null }) },
        'icon.change': { actions: assign({ iconURL: ({ event }) => event.path }) },
        'category.submit': [{ guard: 'nameMissing', actions: 'showNameMissing' }, { target: 'submitting' }],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        src: 'createCategory',
        input: ({ context }) => ({ name: context.name.trim(), iconURL: context.iconURL || null }),
        onDone: {
          target: 'created',
          actions: [assign({ created: ({ event }) => event.output }), 'notifyCreated'],
        },
        onError: { target: 'editing', actions: 'notifyFailed' },
      },
    },
    created: { type: 'final' },
  },
});
