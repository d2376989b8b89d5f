import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ServiceCategory } from '../../../../src/api/contract/service-category';
import {
  createCategoryMachine,
  type CreateCategoryEmitted,
} from '../../../../src/machines/catalogue/create-category.machine';
import { assertFullCoverage, coverMachine, recordCoverage } from '../../../support/model';

const wellness: ServiceCategory = { id: 9, name: 'Wellness', iconURL: '/uploads/w.png', serviceItems: [] };

function start(outcome: ServiceCategory | Error) {
  const sent: { name: string; iconURL: string | null }[] = [];
  const actor = createActor(
    createCategoryMachine.provide({
      actors: {
        createCategory: fromPromise(
          async ({ input }: { input: { name: string; iconURL: string | null } }) => {
            sent.push(input);
            if (outcome instanceof Error) throw outcome;
            return outcome;
          },
        ),
      },
    }),
  );
  const emitted: CreateCategoryEmitted[] = [];
  actor.on('notify', (event) => emitted.push(event));
  actor.start();
  return { actor, sent, emitted };
}

describe('create category machine', () => {
  it('sends the trimmed name and the uploaded icon, then ends with the category', async () => {
    const { actor, sent, emitted } = start(wellness);
    actor.send({ type: 'name.change', value: '  Wellness ' });
    actor.send({ type: 'icon.change', path: '/uploads/w.png' });
    actor.send({ type: 'category.submit' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual([{ name: 'Wellness', iconURL: '/uploads/w.png' }]);
    expect(done.output).toEqual({ category: wellness });
    expect(emitted).toEqual([{ type: 'notify', level: 'success', message: 'Created service category' }]);
  });

  it('without an icon sends null', async () => {
    const { actor, sent } = start(wellness);
    actor.send({ type: 'name.change', value: 'Wellness' });
    actor.send({ type: 'category.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual([{ name: 'Wellness', iconURL: null }]);
  });

  it('a missing name is not sent; the field says so until typed', () => {
    const { actor, sent } = start(wellness);
    actor.send({ type: 'name.change', value: '   ' });
    actor.send({ type: 'category.submit' });
    expect(actor.getSnapshot().context.nameError).toBe('Category name is required');
    expect(sent).toEqual([]);
    actor.send({ type: 'name.change', value: 'W' });
    expect(actor.getSnapshot().context.nameError).toBeNull();
  });

  it('a failure shows the server message and keeps what was typed', async () => {
    const { actor, emitted } = start(new Error('name: name must be at most 200 characters'));
    actor.send({ type: 'name.change', value: 'Long' });
    actor.send({ type: 'category.submit' });
    await waitFor(actor, (s) => s.matches('editing') && emitted.length > 0);
    expect(emitted).toEqual([
      {
        type: 'notify',
        level: 'error',
        message: 'Could not create service category: name: name must be at most 200 characters',
      },
    ]);
    expect(actor.getSnapshot().context.name).toBe('Long');
  });

  it('walks every state and transition', async () => {
    const report = await coverMachine(createCategoryMachine, {
      events: {
        'name.change': [{ type: 'name.change', value: 'Wellness' }],
        'icon.change': [{ type: 'icon.change', path: '/uploads/w.png' }],
        'category.submit': [{ type: 'category.submit' }],
      },
      outputs: { createCategory: [wellness] },
    });
    recordCoverage(report);
    assertFullCoverage(report);
    expect(report.failures).toEqual([]);
  });
});
