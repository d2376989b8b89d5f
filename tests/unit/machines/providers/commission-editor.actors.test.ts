import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../../../src/api/contract/error-codes';
import type { Commission } from '../../../../src/api/contract/commission';
import { createCommissionEditorActors } from '../../../../src/machines/providers/commission-editor.actors';
import { category, PROVIDER, SETTINGS } from '../../../support/api-records';
import { fakeActors, refusal } from '../../../support/fake-api';
import { runActor } from '../../../support/run-actor';

const commission: Commission = {
  id: 30,
  commissionId: 30,
  name: null,
  serviceCategory: { id: 1, name: 'Facials' },
  providerId: 3,
  percentage: 15,
  version: 2,
};
const setup = () => fakeActors(createCommissionEditorActors);

describe('commission editor actors', () => {
  it("reads the categories, the provider's commissions, its fees flag and version, and the presets together", async () => {
    const { fake, actors } = setup();
    fake
      .on('GET /svc-category', [category(1, 'Facials'), category(2, 'Massage')])
      .on('GET /commission', [[commission]])
      .on('GET /providers', [{ ...PROVIDER, isUpkeepPayingProcessingFees: true }])
      .on('GET /settings', SETTINGS);

    await expect(runActor(actors.loadCommissions, { providerId: 3 })).resolves.toEqual({
      categories: [
        { id: 1, name: 'Facials' },
        { id: 2, name: 'Massage' },
      ],
      commissions: [commission],
      provider: { version: 2, isUpkeepPayingProcessingFees: true },
      presets: { presets: [10, 15, 20], defaultCommission: 15 },
    });
    expect(fake.calls).toEqual([
      { method: 'GET', path: '/svc-category', query: {}, idempotent: false },
      { method: 'GET', path: '/commission', query: { providerId: 3 }, idempotent: false },
      { method: 'GET', path: '/providers', query: { id: 3 }, idempotent: false },
      { method: 'GET', path: '/settings', idempotent: false },
    ]);
  });

  it('fails with "Provider not found" when the provider is not among the caller\'s', async () => {
    const { fake, actors } = setup();
    fake
      .on('GET /svc-category', [])
      .on('GET /commission', [[]])
      .on('GET /providers', [])
      .on('GET /settings', SETTINGS);

    await expect(runActor(actors.loadCommissions, { providerId: 3 })).rejects.toThrow('Provider not found');
  });

  it('saves the fees flag on the provider with the version read, answering the new flag and version', async () => {
    const { fake, actors } = setup();
    fake.on('PUT /providers/3', { ...PROVIDER, isUpkeepPayingProcessingFees: true, version: 3 });

    await expect(
      runActor(actors.saveChange, { kind: 'fees', providerId: 3, value: true, version: 2 }),
    ).resolves.toEqual({ kind: 'fees', value: true, version: 3 });
    expect(fake.calls).toEqual([
      {
        method: 'PUT',
        path: '/providers/3',
        body: { isUpkeepPayingProcessingFees: true, version: 2 },
        idempotent: false,
      },
    ]);
  });

  it("creates a category's first commission (one Idempotency-Key), and updates a stored one with its version", async () => {
    const { fake, actors } = setup();
    fake.on('POST /commission', { ...commission, id: 31, commissionId: 31, version: 1 });
    fake.on('PUT /commission/30', { ...commission, percentage: 20, version: 3 });
    const change = { kind: 'commission' as const, providerId: 3, categoryId: 2, percentage: 12 };

    const created = await runActor(actors.saveChange, { ...change, commissionId: null, version: null });
    const updated = await runActor(actors.saveChange, {
      ...change,
      categoryId: 1,
      commissionId: 30,
      version: 2,
      percentage: 20,
    });

    expect(created).toMatchObject({ kind: 'commission', commission: { id: 31 } });
    expect(updated).toMatchObject({ kind: 'commission', commission: { percentage: 20, version: 3 } });
    expect(fake.calls).toEqual([
      {
        method: 'POST',
        path: '/commission',
        body: { serviceCategoryId: 2, providerId: 3, percentage: 12 },
        idempotent: true,
      },
      { method: 'PUT', path: '/commission/30', body: { percentage: 20, version: 2 }, idempotent: false },
    ]);
  });

  it('passes a stale save on as the refusal', async () => {
    const { fake, actors } = setup();
    fake.on('PUT /providers/3', refusal(409, API_ERROR_CODES.recordStale, 'changed'));

    await expect(
      runActor(actors.saveChange, { kind: 'fees', providerId: 3, value: false, version: 1 }),
    ).rejects.toMatchObject({ status: 409, code: API_ERROR_CODES.recordStale });
  });
});
