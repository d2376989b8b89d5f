import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../../../src/api/contract/error-codes';
import { createCreateCategoryActors } from '../../../../src/machines/catalogue/create-category.actors';
import { category } from '../../../support/api-records';
import { fakeActors, refusal } from '../../../support/fake-api';
import { runActor } from '../../../support/run-actor';

describe('create category actors', () => {
  it('creates the category once (one Idempotency-Key), and passes a refused name on', async () => {
    const { fake, actors } = fakeActors(createCreateCategoryActors);
    fake.on(
      'POST /svc-category',
      category(5, 'Brows'),
      refusal(409, API_ERROR_CODES.invalidBody, 'name is required', 'name'),
    );
    const input = { name: 'Brows', iconURL: null };

    await expect(runActor(actors.createCategory, input)).resolves.toEqual(category(5, 'Brows'));
    await expect(runActor(actors.createCategory, input)).rejects.toMatchObject({ field: 'name' });
    expect(fake.calls).toEqual([
      { method: 'POST', path: '/svc-category', body: input, idempotent: true },
      { method: 'POST', path: '/svc-category', body: input, idempotent: true },
    ]);
  });
});
