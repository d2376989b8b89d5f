import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../../../src/api/contract/error-codes';
import { createCreditEditorActors } from '../../../../src/machines/credits/credit-editor.actors';
import { CREDIT, deleted } from '../../../support/api-records';
import { fakeActors, refusal } from '../../../support/fake-api';
import { runActor } from '../../../support/run-actor';

const values = { title: 'Welcome Credit', description: 'For new members', totalInCents: 2_500 };
const setup = () => fakeActors(createCreditEditorActors);

describe('credit editor actors', () => {
  it('creates a new credit (one Idempotency-Key), and updates a saved one with the version read', async () => {
    const { fake, actors } = setup();
    fake.on('POST /credits', CREDIT).on('PUT /credits/3', { ...CREDIT, version: 3 });

    await expect(runActor(actors.saveCredit, { id: null, version: null, values })).resolves.toEqual(CREDIT);
    const saved = await runActor(actors.saveCredit, { id: 3, version: 2, values });

    expect(saved.version).toBe(3);
    expect(fake.calls).toEqual([
      { method: 'POST', path: '/credits', body: values, idempotent: true },
      { method: 'PUT', path: '/credits/3', body: { ...values, version: 2 }, idempotent: false },
    ]);
  });

  it('reads the credit again from the list, and says so when it no longer exists', async () => {
    const { fake, actors } = setup();
    const fresh = { ...CREDIT, title: 'Renamed', version: 5 };
    fake.on('GET /credits', [{ ...CREDIT, id: 4 }, fresh], [{ ...CREDIT, id: 4 }]);

    await expect(runActor(actors.reloadCredit, { id: 3 })).resolves.toEqual(fresh);
    await expect(runActor(actors.reloadCredit, { id: 3 })).rejects.toThrow('This credit no longer exists.');
    expect(fake.calls[0]).toEqual({ method: 'GET', path: '/credits', query: {}, idempotent: false });
  });

  it('deletes the credit, and passes a refusal (users hold it) on', async () => {
    const { fake, actors } = setup();
    fake
      .on('DELETE /credits/3', deleted(3))
      .on('DELETE /credits/4', refusal(409, API_ERROR_CODES.creditInUse, 'Users hold this credit.'));

    await expect(runActor(actors.deleteCredit, { id: 3 })).resolves.toBeUndefined();
    await expect(runActor(actors.deleteCredit, { id: 4 })).rejects.toMatchObject({
      code: API_ERROR_CODES.creditInUse,
    });
    expect(fake.routes()).toEqual(['DELETE /credits/3', 'DELETE /credits/4']);
  });
});
