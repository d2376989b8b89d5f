import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiRequestError } from '../../../src/api/client';
import type { Credit } from '../../../src/api/contract/credit';
import { AMOUNT_ERRORS, CREDIT_ERRORS } from '../../../src/domain/credits';
import {
  creditEditorMachine,
  type CreditEditorEmitted,
  type SaveCreditInput,
} from '../../../src/machines/credit-editor.machine';
import { assertFullCoverage, coverMachine, recordCoverage, type CoverageReport } from '../../support/model';

const welcome: Credit = {
  id: 4,
  title: 'Welcome Credit',
  description: 'For new members.',
  totalInCents: 2_500,
};

function start(credit: Credit | null, fail?: Error) {
  const calls: SaveCreditInput[] = [];
  const actor = createActor(
    creditEditorMachine.provide({
      actors: {
        saveCredit: fromPromise(async ({ input }: { input: SaveCreditInput }) => {
          calls.push(input);
          if (fail) throw fail;
          return {
            id: input.id ?? 99,
            ...input.values,
            description: input.values.description ?? null,
          } as Credit;
        }),
      },
    }),
    { input: { credit } },
  );
  const emitted: CreditEditorEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const messages = () => emitted.flatMap((event) => (event.type === 'notify' ? [event.message] : []));
  return { actor, calls, emitted, messages };
}

describe('credit editor machine', () => {
  it("creates a credit from dollars typed, exactly in cents, and says 'Created credit.'", async () => {
    const { actor, calls, messages } = start(null);
    actor.send({ type: 'field.change', field: 'title', value: ' Holiday Gift ' });
    actor.send({ type: 'field.change', field: 'description', value: 'Line one\nLine two' });
    actor.send({ type: 'field.change', field: 'total', value: '19.99' });
    actor.send({ type: 'credit.save' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual([
      { id: null, values: { title: 'Holiday Gift', description: 'Line one\nLine two', totalInCents: 1999 } },
    ]);
    expect(done.output?.credit).toMatchObject({ id: 99, totalInCents: 1999 });
    expect(messages()).toEqual(['Created credit.']);
  });

  it('shows field errors and sends nothing for an incomplete credit', () => {
    const { actor, calls } = start(null);
    actor.send({ type: 'field.change', field: 'total', value: '0.299' });
    actor.send({ type: 'credit.save' });
    expect(actor.getSnapshot().context.errors).toEqual({
      title: CREDIT_ERRORS.titleRequired,
      total: AMOUNT_ERRORS.invalid,
    });
    actor.send({ type: 'field.change', field: 'total', value: '0.29' });
    expect(actor.getSnapshot().context.errors.total).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it("edits title and description of an existing credit, keeping its total, and says 'Saved credit.'", async () => {
    const { actor, calls, messages, emitted } = start(welcome);
    expect(actor.getSnapshot().context.draft).toEqual({
      title: 'Welcome Credit',
      description: 'For new members.',
      total: '25.00',
    });
    actor.send({ type: 'field.change', field: 'title', value: 'Welcome!' });
    actor.send({ type: 'field.change', field: 'total', value: '999' });
    actor.send({ type: 'credit.save' });
    const snapshot = await waitFor(actor, (s) => s.matches('editing') && calls.length === 1);
    expect(calls[0]).toEqual({
      id: 4,
      values: { title: 'Welcome!', description: 'For new members.', totalInCents: 2_500 },
    });
    expect(snapshot.context.draft.total).toBe('25.00');
    expect(messages()).toEqual(['Saved credit.']);
    expect(emitted.some((event) => event.type === 'credit.saved')).toBe(true);
  });

  it('keeps what was typed when saving fails, with the catalogue message for create and update', async () => {
    const create = start(null, new ApiRequestError(500, 'server/internal', 'Internal server error'));
    create.actor.send({ type: 'field.change', field: 'title', value: 'Kept' });
    create.actor.send({ type: 'field.change', field: 'total', value: '5' });
    create.actor.send({ type: 'credit.save' });
    const failed = await waitFor(create.actor, (s) => s.matches('editing') && create.calls.length === 1);
    expect(failed.context.draft).toMatchObject({ title: 'Kept', total: '5' });
    expect(failed.context.saveError).toBe('Internal server error');
    expect(create.messages()).toEqual(['There was an error creating the credit.']);

    const update = start(welcome, new Error('offline'));
    update.actor.send({ type: 'credit.save' });
    await waitFor(update.actor, (s) => s.matches('editing') && update.calls.length === 1);
    expect(update.messages()).toEqual(['Error updating credit.']);
  });

  it('walks every state and transition, creating and editing', async () => {
    const reports: CoverageReport[] = [];
    for (const credit of [null, welcome]) {
      reports.push(
        await coverMachine(creditEditorMachine, {
          input: { credit },
          events: {
            'field.change': [
              { type: 'field.change', field: 'title', value: '' },
              { type: 'field.change', field: 'title', value: 'Gift' },
              { type: 'field.change', field: 'total', value: '10' },
            ],
            'credit.save': [{ type: 'credit.save' }],
          },
          outputs: { saveCredit: [welcome] },
          summaryFile: false,
        }),
      );
    }
    const [creating, editing] = reports as [CoverageReport, CoverageReport];
    const missingStates = creating.states.missing.filter((s) => editing.states.missing.includes(s));
    const missing = creating.transitions.missing.filter((t) => editing.transitions.missing.includes(t));
    expect([...creating.failures, ...editing.failures]).toEqual([]);
    // One report for the summary: what the two walks covered together.
    const combined: CoverageReport = {
      ...creating,
      states: {
        covered: creating.states.total - missingStates.length,
        total: creating.states.total,
        missing: missingStates,
      },
      transitions: {
        covered: creating.transitions.total - missing.length,
        total: creating.transitions.total,
        missing,
      },
      paths: creating.paths + editing.paths,
    };
    recordCoverage(combined);
    assertFullCoverage(combined);
  });
});
