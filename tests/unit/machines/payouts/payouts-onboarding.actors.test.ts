import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../../../src/api/contract/error-codes';
import type { SettlementAccountDetail as SettlementAccount } from '../../../../src/api/contract/payouts';
import type { BankNumbers } from '../../../../src/api/payouts/tokeniser';
import { createPayoutsOnboardingActors } from '../../../../src/machines/payouts/payouts-onboarding.actors';
import { LOCATION } from '../../../support/api-records';
import { fakeApi, refusal } from '../../../support/fake-api';
import { runActor } from '../../../support/run-actor';

const account: SettlementAccount = {
  id: 'acct_1',
  accountId: 'acct_1',
  details_submitted: true,
  requirements: { currently_due: [] },
  charges_enabled: true,
  payouts_enabled: false,
  business_profile: { name: 'Glow Studio' },
  external_account: null,
  payout_schedule: null,
};
const link = { id: 'link_1', accountId: 'acct_1', url: 'https://connect.example/onboarding/link_1' };
const bank = {
  routingNumber: '110000000',
  accountNumber: '000123456789',
  confirmAccountNumber: '000123456789',
};
const gone = (id: string) => ({ id, deleted: true });

/** Location 7 read, then written with the account and the version read. */
const pointLocationAt = (settlementAccount: { id: string } | null) => [
  { method: 'GET', path: '/locations', idempotent: false },
  { method: 'PUT', path: '/locations/7', body: { settlementAccount, version: 4 }, idempotent: false },
];

/** The location list holds location 7 (at version 4) beside another one. */
function setup(tokenise = async (_bank: BankNumbers) => 'btok_1') {
  const fake = fakeApi();
  const tokenised: BankNumbers[] = [];
  fake.on('GET /locations', [{ ...LOCATION, id: 6, version: 1 }, LOCATION]);
  const actors = createPayoutsOnboardingActors(fake.client, async (numbers) => {
    tokenised.push(numbers);
    return tokenise(numbers);
  });
  return { fake, actors, tokenised };
}

describe('payouts onboarding actors', () => {
  it('reads the attached account, and nothing when there is none', async () => {
    const { fake, actors } = setup();
    fake.on('GET /settlement-accounts/acct_1', account);

    await expect(runActor(actors.loadAccount, { settlementAccountId: null })).resolves.toBeNull();
    expect(fake.calls).toEqual([]);
    await expect(runActor(actors.loadAccount, { settlementAccountId: 'acct_1' })).resolves.toEqual(account);
    expect(fake.routes()).toEqual(['GET /settlement-accounts/acct_1']);
  });

  it("reads an existing account's onboarding link", async () => {
    const { fake, actors } = setup();
    fake.on('GET /settlement-accounts/onboarding-link/acct_1', link);

    await expect(runActor(actors.fetchLink, { accountId: 'acct_1' })).resolves.toEqual(link);
    expect(fake.routes()).toEqual(['GET /settlement-accounts/onboarding-link/acct_1']);
  });

  it('attaches the new account to the location as it is now: read just before, with its version', async () => {
    const { fake, actors } = setup();
    fake.on('PUT /locations/7', { ...LOCATION, settlementAccount: { id: 'acct_1' }, version: 5 });

    await runActor(actors.attachToLocation, { locationId: 7, accountId: 'acct_1' });

    expect(fake.calls).toEqual(pointLocationAt({ id: 'acct_1' }));
  });

  it('fails to attach to a location it cannot find, without writing', async () => {
    const { fake, actors } = setup();

    await expect(runActor(actors.attachToLocation, { locationId: 8, accountId: 'acct_1' })).rejects.toThrow(
      'Location 8 was not found',
    );
    expect(fake.routes()).toEqual(['GET /locations']);
  });

  it('passes a location save in between on as the refusal (409)', async () => {
    const { fake, actors } = setup();
    fake.on('PUT /locations/7', refusal(409, API_ERROR_CODES.recordStale, 'changed'));

    await expect(
      runActor(actors.attachToLocation, { locationId: 7, accountId: 'acct_1' }),
    ).rejects.toMatchObject({ status: 409, code: API_ERROR_CODES.recordStale });
  });

  it('deletes the account it just created (the compensation of a failed attach)', async () => {
    const { fake, actors } = setup();
    fake.on('DELETE /settlement-accounts/acct_1', gone('acct_1'));

    await expect(runActor(actors.deleteAccount, { accountId: 'acct_1' })).resolves.toEqual(gone('acct_1'));
    expect(fake.routes()).toEqual(['DELETE /settlement-accounts/acct_1']);
  });

  it('attaches an existing account (one Idempotency-Key), then points the location at it', async () => {
    const { fake, actors } = setup();
    fake.on('POST /settlement-accounts/', account).on('PUT /locations/7', LOCATION);

    await expect(
      runActor(actors.attachExisting, { locationId: 7, stripeAccountId: 'acct_1' }),
    ).resolves.toEqual(account);
    expect(fake.calls).toEqual([
      {
        method: 'POST',
        path: '/settlement-accounts/',
        body: { locationId: 7, stripeAccountId: 'acct_1' },
        idempotent: true,
      },
      ...pointLocationAt({ id: 'acct_1' }),
    ]);
  });

  it('touches no location when the existing account is refused', async () => {
    const { fake, actors } = setup();
    fake.on(
      'POST /settlement-accounts/',
      refusal(404, API_ERROR_CODES.paymentAccountNotFound, 'no such account', 'stripeAccountId'),
    );

    await expect(
      runActor(actors.attachExisting, { locationId: 7, stripeAccountId: 'acct_2' }),
    ).rejects.toMatchObject({ status: 404, field: 'stripeAccountId' });
    expect(fake.routes()).toEqual(['POST /settlement-accounts/']);
  });

  it('sends the bank account as its token only', async () => {
    const { fake, actors, tokenised } = setup();
    fake.on('POST /settlement-accounts/bank-account/acct_1', { ...account, payouts_enabled: true });

    const saved = await runActor(actors.connectBank, { accountId: 'acct_1', bank });

    expect(saved.payouts_enabled).toBe(true);
    expect(tokenised).toEqual([bank]);
    expect(fake.calls).toEqual([
      {
        method: 'POST',
        path: '/settlement-accounts/bank-account/acct_1',
        body: { bankAccountToken: 'btok_1' },
        idempotent: false,
      },
    ]);
  });

  it('sends nothing when the bank numbers cannot be tokenised', async () => {
    const { fake, actors } = setup(() => Promise.reject(new Error('invalid routing number')));

    await expect(runActor(actors.connectBank, { accountId: 'acct_1', bank })).rejects.toThrow(
      'invalid routing number',
    );
    expect(fake.calls).toEqual([]);
  });

  it('resets by deleting the account, or by clearing the location when there is none', async () => {
    const { fake, actors } = setup();
    fake.on('DELETE /settlement-accounts/acct_1', gone('acct_1')).on('PUT /locations/7', LOCATION);

    await runActor(actors.resetProgress, { locationId: 7, accountId: 'acct_1' });
    expect(fake.routes()).toEqual(['DELETE /settlement-accounts/acct_1']);

    await runActor(actors.resetProgress, { locationId: 7, accountId: null });
    expect(fake.calls.slice(1)).toEqual(pointLocationAt(null));
  });
});
