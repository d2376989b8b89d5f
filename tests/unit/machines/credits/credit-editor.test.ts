import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiRequestError } from '../../../../src/api/client';
import { RECORD_STALE_MESSAGE } from '../../../../src/api/contract/error-codes';
import type { Credit } from '../../../../src/api/contract/credit';
import { AMOUNT_ERRORS, CREDIT_ERRORS } from '../../../../src/domain/credits/credits';
import {
  creditEditorMachine,
  type CreditEditorEmitted,
  type SaveCreditInput,
} from '../../../../src/machines/credits/credit-editor.machine';
import { isDraftDirty } from '../../../../src/machines/shared/record-editor';
import {
  assertFullCoverage,
  coverMachine,
  recordCoverage,
  type CoverageReport,
} from '../../../support/model';

const welcome: Credit = {
  id: 4,
  title: 'Welcome Credit',
  description: 'For new members.',
  totalInCents: 2_500,
  version: 1,
  createdAt: '2025-01-02T00:00:00.000Z',
};

const stale = new ApiRequestError(409, 'record/stale', RECORD_STALE_MESSAGE, 'version');

function start(
  credit: Credit | null,
  fail?: Error,
  outcomes: { remove?: Error; fresh?: Credit; reloadFails?: boolean } = {},
) {
  const calls: SaveCreditInput[] = [];
  const deletes: number[] = [];
  const actor = createActor(
    creditEditorMachine.provide({
      actors: {
        reloadCredit: fromPromise(async () => {
          if (outcomes.reloadFails || !outcomes.fresh) throw new Error('offline');
          return outcomes.fresh;
        }),
        saveCredit: fromPromise(async ({ input }: { input: SaveCreditInput }) => {
          calls.push(input);
          if (fail) throw fail;
          return {
            id: input.id ?? 99,
            ...input.values,
            description: input.values.description ?? null,
          } as Credit;
        }),
        deleteCredit: fromPromise(async ({ input }: { input: { id: number } }) => {
          deletes.push(input.id);
          if (outcomes.remove) throw outcomes.remove;
        }),
      },
    }),
    { input: { credit } },
  );
  const emitted: CreditEditorEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const messages = () => emitted.flatMap((event) => (event.type === 'notify' ? [event.message] : []));
  return { actor, calls, deletes, emitted, messages };
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
      {
        id: null,
        version: null,
        values: { title: 'Holiday Gift', description: 'Line one\nLine two', totalInCents: 1999 },
      },
    ]);
    expect(done.output).toMatchObject({ created: { id: 99, totalInCents: 1999 } });
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
      version: 1,
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

  it('a stale save shows the message; Reload keeps what was typed on the fresh credit and its version', async () => {
    const fresh: Credit = { ...welcome, description: 'Changed by someone else.', version: 2 };
    const { actor, calls, messages, emitted } = start(welcome, stale, { fresh });
    actor.send({ type: 'field.change', field: 'title', value: 'Mine' });
    expect(isDraftDirty(actor.getSnapshot().context)).toBe(true);
    actor.send({ type: 'credit.save' });
    const staleSnapshot = await waitFor(actor, (s) => s.matches('stale'));
    expect(staleSnapshot.hasTag('stale')).toBe(true);
    expect(staleSnapshot.context.draft.title).toBe('Mine');
    // The message is shown in the form, once; no toast repeats it.
    expect(messages()).toEqual([]);
    actor.send({ type: 'stale.reload' });
    const reloaded = await waitFor(actor, (s) => s.matches('editing'));
    expect(reloaded.context.credit).toEqual(fresh);
    expect(reloaded.context.draft).toEqual({
      title: 'Mine',
      description: 'Changed by someone else.',
      total: '25.00',
    });
    expect(isDraftDirty(reloaded.context)).toBe(true);
    expect(emitted).toContainEqual({ type: 'credit.saved', credit: fresh });
    // The next save sends the new version.
    actor.send({ type: 'credit.save' });
    await waitFor(actor, (s) => s.matches('stale'));
    expect(calls.map((call) => call.version)).toEqual([1, 2]);
  });

  it('after a stale save, Keep editing goes back with the draft as typed; a failed reload stays stale', async () => {
    const { actor, messages } = start(welcome, stale, { reloadFails: true });
    actor.send({ type: 'field.change', field: 'description', value: 'Typed' });
    actor.send({ type: 'credit.save' });
    await waitFor(actor, (s) => s.matches('stale'));
    actor.send({ type: 'stale.reload' });
    await waitFor(actor, (s) => s.matches('stale'));
    expect(messages()).toEqual(['The record could not be reloaded. Try again.']);
    actor.send({ type: 'stale.dismiss' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.draft.description).toBe('Typed');
  });

  it('deletes a saved credit only after a confirmation; Cancel sends nothing', async () => {
    const { actor, deletes, messages } = start(welcome);
    actor.send({ type: 'credit.delete' });
    expect(actor.getSnapshot().value).toBe('confirmingDelete');
    // Nothing but the answer to the question is taken while it is asked.
    actor.send({ type: 'credit.save' });
    expect(actor.getSnapshot().value).toBe('confirmingDelete');
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(deletes).toEqual([]);

    actor.send({ type: 'credit.delete' });
    actor.send({ type: 'delete.confirm' });
    expect(actor.getSnapshot().hasTag('deleting')).toBe(true);
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.value).toBe('deleted');
    expect(done.output).toEqual({ deleted: 4 });
    expect(deletes).toEqual([4]);
    expect(messages()).toEqual(['Deleted credit.']);
  });

  it('a credit being created cannot be deleted', () => {
    const { actor } = start(null);
    actor.send({ type: 'credit.delete' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().can({ type: 'credit.delete' })).toBe(false);
  });

  it("a refused delete keeps the form and what was typed, with the server's reason", async () => {
    const reason =
      '"Welcome Credit" is held by 1 user, so it cannot be deleted: that would take it from them. Remove it from their credits first.';
    const { actor, deletes, messages } = start(welcome, undefined, {
      remove: new ApiRequestError(409, 'credit/in-use', reason),
    });
    actor.send({ type: 'field.change', field: 'title', value: 'Typed, not saved' });
    actor.send({ type: 'credit.delete' });
    actor.send({ type: 'delete.confirm' });
    const snapshot = await waitFor(actor, (s) => s.matches('editing') && deletes.length === 1);
    expect(snapshot.context.deleteError).toBe(reason);
    expect(snapshot.context.draft.title).toBe('Typed, not saved');
    expect(snapshot.context.credit).toEqual(welcome);
    expect(messages()).toEqual(['Error deleting credit.']);

    // Confirming again clears the old reason, and so does a save.
    actor.send({ type: 'credit.delete' });
    expect(actor.getSnapshot().context.deleteError).toBe(reason);
    actor.send({ type: 'delete.confirm' });
    expect(actor.getSnapshot().context.deleteError).toBeNull();
    await waitFor(actor, (s) => s.matches('editing') && deletes.length === 2);
    actor.send({ type: 'credit.save' });
    expect(actor.getSnapshot().context.deleteError).toBeNull();
  });

  it('a failure without a message still says it failed', async () => {
    const { actor, deletes, messages } = start(welcome, undefined, { remove: { nope: true } as never });
    actor.send({ type: 'credit.delete' });
    actor.send({ type: 'delete.confirm' });
    const snapshot = await waitFor(actor, (s) => s.matches('editing') && deletes.length === 1);
    expect(snapshot.context.deleteError).toBeNull();
    expect(messages()).toEqual(['Error deleting credit.']);
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
            'credit.delete': [{ type: 'credit.delete' }],
            'delete.confirm': [{ type: 'delete.confirm' }],
            'delete.cancel': [{ type: 'delete.cancel' }],
            'stale.reload': [{ type: 'stale.reload' }],
            'stale.dismiss': [{ type: 'stale.dismiss' }],
          },
          outputs: { saveCredit: [welcome], reloadCredit: [{ ...welcome, version: 2 }] },
          errors: {
            saveCredit: [stale, new Error('offline')],
            deleteCredit: [new ApiRequestError(409, 'credit/in-use', 'held by 1 user')],
          },
          summaryDir: false,
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
