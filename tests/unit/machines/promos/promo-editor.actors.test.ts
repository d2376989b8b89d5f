import { describe, expect, it } from 'vitest';
import type { PromoCode } from '../../../../src/api/contract/promo';
import type { PromoValues } from '../../../../src/domain/promos/promos';
import { createPromoEditorActors } from '../../../../src/machines/promos/promo-editor.actors';
import { deleted } from '../../../support/api-records';
import { fakeActors } from '../../../support/fake-api';
import { runActor } from '../../../support/run-actor';

const values: PromoValues = {
  code: 'SPRING10',
  type: 'PER_USER',
  quantityAbsolute: 100,
  quantityPerUser: 1,
  amountInCents: 1_000,
  allowedServices: [9],
};
const promo: PromoCode = { id: 12, ...values, version: 2 };
const setup = () => fakeActors(createPromoEditorActors);

describe('promo code editor actors', () => {
  it('creates a checked promo code (one Idempotency-Key), and updates one with the version read', async () => {
    const { fake, actors } = setup();
    fake.on('POST /promo', promo).on('PUT /promo/12', { ...promo, version: 3 });

    await expect(runActor(actors.savePromo, { id: null, version: null, values })).resolves.toEqual(promo);
    await runActor(actors.savePromo, { id: 12, version: 2, values: { ...values, quantityPerUser: 2 } });

    expect(fake.calls).toEqual([
      { method: 'POST', path: '/promo', body: values, idempotent: true },
      {
        method: 'PUT',
        path: '/promo/12',
        body: { ...values, quantityPerUser: 2, version: 2 },
        idempotent: false,
      },
    ]);
  });

  it('saves nothing for values that were never checked (a quantity missing, an unknown type)', async () => {
    const { fake, actors } = setup();

    for (const unchecked of [
      { ...values, quantityAbsolute: null },
      { ...values, quantityPerUser: null },
      { ...values, type: 'PERCENT' },
    ])
      await expect(
        runActor(actors.savePromo, { id: null, version: null, values: unchecked }),
      ).rejects.toThrow('only a checked promo code is saved');
    expect(fake.calls).toEqual([]);
  });

  it('reads the promo code again from the list, and says so when it no longer exists', async () => {
    const { fake, actors } = setup();
    fake.on('GET /promo', [promo], []);

    await expect(runActor(actors.reloadPromo, { id: 12 })).resolves.toEqual(promo);
    await expect(runActor(actors.reloadPromo, { id: 12 })).rejects.toThrow(
      'This promo code no longer exists.',
    );
    expect(fake.routes()).toEqual(['GET /promo', 'GET /promo']);
  });

  it('deletes the promo code, answering nothing', async () => {
    const { fake, actors } = setup();
    fake.on('DELETE /promo/12', deleted(12));

    await expect(runActor(actors.deletePromo, { id: 12 })).resolves.toBeUndefined();
    expect(fake.routes()).toEqual(['DELETE /promo/12']);
  });
});
