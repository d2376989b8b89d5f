import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiRequestError } from '../../../../src/api/client';
import type { PromoCode } from '../../../../src/api/contract/promo';
import { API_ERROR_CODES, RECORD_STALE_MESSAGE } from '../../../../src/api/contract/error-codes';
import { PROMO_ERRORS } from '../../../../src/domain/promos/promos';
import {
  promoEditorMachine,
  type PromoEditorEmitted,
  type SavePromoInput,
} from '../../../../src/machines/promos/promo-editor.machine';
import {
  assertFullCoverage,
  coverMachine,
  recordCoverage,
  type CoverageReport,
} from '../../../support/model';

const glow: PromoCode = {
  id: 2,
  code: 'GLOW50',
  type: 'PER_USER',
  quantityAbsolute: 100,
  quantityPerUser: 1,
  amountInCents: 5_000,
  allowedServices: [6, 7],
  version: 1,
};

const stale = new ApiRequestError(409, API_ERROR_CODES.recordStale, RECORD_STALE_MESSAGE, 'version');

function start(promo: PromoCode | null, outcomes: { save?: Error; remove?: Error; fresh?: PromoCode } = {}) {
  const saves: SavePromoInput[] = [];
  const deletes: number[] = [];
  const actor = createActor(
    promoEditorMachine.provide({
      actors: {
        reloadPromo: fromPromise(async () => {
          if (!outcomes.fresh) throw new Error('offline');
          return outcomes.fresh;
        }),
        savePromo: fromPromise(async ({ input }: { input: SavePromoInput }) => {
          saves.push(input);
          if (outcomes.save) throw outcomes.save;
          return { ...(input.values as PromoCode), id: input.id ?? 50, type: 'PER_USER' };
        }),
        deletePromo: fromPromise(async ({ input }: { input: { id: number } }) => {
          deletes.push(input.id);
          if (outcomes.remove) throw outcomes.remove;
        }),
      },
    }),
    { input: { promo } },
  );
  const emitted: PromoEditorEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const messages = () => emitted.flatMap((event) => (event.type === 'notify' ? [event.message] : []));
  return { actor, saves, deletes, messages };
}

function fill(actor: ReturnType<typeof start>['actor']) {
  actor.send({ type: 'field.change', field: 'code', value: 'SPRING' });
  actor.send({ type: 'field.change', field: 'quantityAbsolute', value: '100' });
  actor.send({ type: 'field.change', field: 'quantityPerUser', value: '1' });
  actor.send({ type: 'field.change', field: 'amount', value: '0.29' });
}

describe('promo editor machine', () => {
  it("creates a PER_USER code with cents and the chosen services, and says 'Created promocode'", async () => {
    const { actor, saves, messages } = start(null);
    fill(actor);
    actor.send({ type: 'services.change', ids: [7, 3, 7] });
    actor.send({ type: 'promo.save' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(saves).toEqual([
      {
        id: null,
        version: null,
        values: {
          code: 'SPRING',
          type: 'PER_USER',
          quantityAbsolute: 100,
          quantityPerUser: 1,
          amountInCents: 29,
          allowedServices: [3, 7],
        },
      },
    ]);
    expect(done.output).toMatchObject({ created: { id: 50, code: 'SPRING' } });
    expect(messages()).toEqual(['Created promocode']);
  });

  it('shows the field errors of an incomplete code and sends nothing; a new code cannot be deleted', () => {
    const { actor, saves } = start(null);
    actor.send({ type: 'promo.save' });
    expect(Object.keys(actor.getSnapshot().context.errors).sort()).toEqual([
      'amount',
      'code',
      'quantityAbsolute',
      'quantityPerUser',
    ]);
    actor.send({ type: 'promo.delete' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(saves).toEqual([]);
  });

  it('a duplicate code is shown on the code field (the field the server names) and the form keeps what was typed', async () => {
    const { actor, messages } = start(null, {
      save: new ApiRequestError(
        409,
        API_ERROR_CODES.promoCodeExists,
        'The code glow50 already exists (codes are compared without case).',
        'code',
      ),
    });
    fill(actor);
    actor.send({ type: 'field.change', field: 'code', value: 'glow50' });
    actor.send({ type: 'promo.save' });
    const snapshot = await waitFor(actor, (s) => s.context.errors.code !== undefined);
    expect(snapshot.context.errors.code).toBe(
      'The code glow50 already exists (codes are compared without case).',
    );
    expect(snapshot.context.saveError).toBeNull();
    expect(snapshot.context.draft.code).toBe('glow50');
    expect(messages()).toEqual(['Error saving promocode']);
  });

  it('a refusal that names no form field shows the whole message above the buttons', async () => {
    const { actor, messages } = start(null, {
      save: new ApiRequestError(409, API_ERROR_CODES.promoCodeExists, 'code: the code glow50 already exists'),
    });
    fill(actor);
    actor.send({ type: 'promo.save' });
    const snapshot = await waitFor(actor, (s) => s.matches('editing') && s.context.saveError !== null);
    expect(snapshot.context.saveError).toBe('code: the code glow50 already exists');
    expect(snapshot.context.errors.code).toBeUndefined();
    expect(messages()).toEqual(['Error saving promocode']);
  });

  it("saves an existing code and says 'Saved promocode'; other failures 'Error saving promocode'", async () => {
    const ok = start(glow);
    expect(ok.actor.getSnapshot().context.draft).toMatchObject({
      code: 'GLOW50',
      amount: '50.00',
      allowedServices: [6, 7],
    });
    ok.actor.send({ type: 'services.change', ids: [] });
    ok.actor.send({ type: 'promo.save' });
    await waitFor(ok.actor, (s) => s.matches('editing') && ok.saves.length === 1);
    expect(ok.saves[0]?.values.allowedServices).toEqual([]);
    expect(ok.messages()).toEqual(['Saved promocode']);

    const failing = start(glow, { save: new Error('offline') });
    failing.actor.send({ type: 'field.change', field: 'quantityPerUser', value: '101' });
    failing.actor.send({ type: 'promo.save' });
    expect(failing.actor.getSnapshot().context.errors.quantityPerUser).toBe(PROMO_ERRORS.perUserOverTotal);
    failing.actor.send({ type: 'field.change', field: 'quantityPerUser', value: '2' });
    failing.actor.send({ type: 'promo.save' });
    const snapshot = await waitFor(
      failing.actor,
      (s) => s.matches('editing') && s.context.saveError !== null,
    );
    expect(snapshot.context.saveError).toBe('offline');
    expect(failing.messages()).toEqual(['Error saving promocode']);
  });

  it('deletes only after a confirmation', async () => {
    const { actor, deletes, messages } = start(glow);
    actor.send({ type: 'promo.delete' });
    expect(actor.getSnapshot().value).toBe('confirmingDelete');
    actor.send({ type: 'delete.cancel' });
    expect(deletes).toEqual([]);
    actor.send({ type: 'promo.delete' });
    actor.send({ type: 'delete.confirm' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.output).toEqual({ deleted: 2 });
    expect(deletes).toEqual([2]);
    expect(messages()).toEqual(['Deleted promocode']);

    const failing = start(glow, { remove: new Error('x') });
    failing.actor.send({ type: 'promo.delete' });
    failing.actor.send({ type: 'delete.confirm' });
    await waitFor(failing.actor, (s) => s.matches('editing') && failing.messages().length === 1);
    expect(failing.messages()).toEqual(['Error deleting promocode']);
  });

  it('a stale save keeps what was typed; Reload rebases it on the fresh code and takes its version', async () => {
    const fresh: PromoCode = { ...glow, amountInCents: 7_500, version: 3 };
    const { actor, saves, messages } = start(glow, { save: stale, fresh });
    actor.send({ type: 'field.change', field: 'code', value: 'GLOW60' });
    actor.send({ type: 'promo.save' });
    await waitFor(actor, (s) => s.matches('stale'));
    expect(saves[0]?.version).toBe(1);
    actor.send({ type: 'stale.dismiss' });
    expect(actor.getSnapshot().context.draft.code).toBe('GLOW60');
    actor.send({ type: 'promo.save' });
    await waitFor(actor, (s) => s.matches('stale'));
    actor.send({ type: 'stale.reload' });
    const reloaded = await waitFor(actor, (s) => s.matches('editing'));
    expect(reloaded.context.promo).toEqual(fresh);
    expect(reloaded.context.draft).toMatchObject({ code: 'GLOW60', amount: '75.00' });
    expect(messages()).toEqual([]);
  });

  it('walks every state and transition, creating and editing', async () => {
    const reports: CoverageReport[] = [];
    for (const promo of [null, glow]) {
      reports.push(
        await coverMachine(promoEditorMachine, {
          input: { promo },
          events: {
            'field.change': [
              { type: 'field.change', field: 'code', value: '' },
              { type: 'field.change', field: 'code', value: 'SPRING' },
              { type: 'field.change', field: 'quantityAbsolute', value: '10' },
              { type: 'field.change', field: 'quantityPerUser', value: '1' },
              { type: 'field.change', field: 'amount', value: '5' },
            ],
            'services.change': [{ type: 'services.change', ids: [1] }],
            'promo.save': [{ type: 'promo.save' }],
            'promo.delete': [{ type: 'promo.delete' }],
            'delete.confirm': [{ type: 'delete.confirm' }],
            'delete.cancel': [{ type: 'delete.cancel' }],
            'stale.reload': [{ type: 'stale.reload' }],
            'stale.dismiss': [{ type: 'stale.dismiss' }],
          },
          outputs: { savePromo: [glow], reloadPromo: [{ ...glow, version: 2 }] },
          errors: {
            savePromo: [
              stale,
              { code: API_ERROR_CODES.promoCodeExists, field: 'code', message: 'That code is taken.' },
              new Error('offline'),
            ],
          },
          serializeState: (snapshot) =>
            JSON.stringify({
              value: snapshot.value,
              status: snapshot.status,
              promo: snapshot.context.promo?.id ?? null,
              draft: snapshot.context.draft,
            }),
          limit: 20_000,
          summaryDir: false,
        }),
      );
    }
    const [creating, editing] = reports as [CoverageReport, CoverageReport];
    const missingStates = creating.states.missing.filter((s) => editing.states.missing.includes(s));
    const missing = creating.transitions.missing.filter((t) => editing.transitions.missing.includes(t));
    expect([...creating.failures, ...editing.failures]).toEqual([]);
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
