import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import { ApiRequestError } from '../../../../src/api/client';
import type { Availability } from '../../../../src/api/contract/onboarding';
import type { WeekSlots } from '../../../../src/domain/onboarding/availability';
import { availabilityEditorMachine } from '../../../../src/machines/availability/availability-editor.machine';
import type {
  LoadedAvailability,
  SaveAvailabilityInput,
} from '../../../../src/machines/availability/availability-editor.rules';
import { onboardingWizardMachine } from '../../../../src/machines/onboarding/onboarding-wizard.machine';
import { providerCreationMachine } from '../../../../src/machines/onboarding/provider-creation.machine';
import type { Credentials } from '../../../../src/api/contract/onboarding';
import type { Location, Provider } from '../../../../src/api/contract/provider';
import { assertFullCoverage, coverMachine, recordCoverage } from '../../../support/model';
import { COMPLETE_PROFILE, mergeReports, progress } from './fixtures';

/** The availability editor child with stubbed calls: one category, nothing stored; saves recorded. */
function availabilityChild(saves: SaveAvailabilityInput[], refuse = false) {
  return availabilityEditorMachine.provide({
    actors: {
      loadAvailability: fromPromise(async (): Promise<LoadedAvailability> => ({
        categories: [{ id: 1, name: 'Facials' }],
        availabilities: [],
      })),
      saveAvailability: fromPromise(async ({ input }: { input: SaveAvailabilityInput }) => {
        saves.push(input);
        if (refuse) throw new ApiRequestError(400, 'request/invalid-body', 'Monday has at most 96 slots');
        const saved: Availability = {
          id: 90,
          serviceCategoryId: input.categoryId,
          locationId: 22,
          timeslots: input.body.timeslots as WeekSlots,
          version: 1,
        };
        return saved;
      }),
    },
  });
}

type AvailabilityRef = ActorRefFrom<typeof availabilityEditorMachine>;

function wizard(
  strategy: 'MANUAL' | 'MINDBODY',
  fail = false,
  saves: SaveAvailabilityInput[] = [],
  refuse = false,
) {
  let calls = 0;
  const creation = providerCreationMachine.provide({
    actors: {
      saveLocation: fromPromise(async () => {
        calls += 1;
        return { id: 22 } as Location;
      }),
      saveProvider: fromPromise(async () => {
        if (fail) throw new Error('refused');
        return { id: 33 } as Provider;
      }),
      saveCredentials: fromPromise(async () => ({ id: 11 }) as Credentials),
      deleteLocation: fromPromise(async (): Promise<unknown> => undefined),
      deleteCredentials: fromPromise(async (): Promise<unknown> => undefined),
    },
  });
  const actor = createActor(
    onboardingWizardMachine.provide({
      actors: { providerCreation: creation, availabilityEditor: availabilityChild(saves, refuse) },
    }),
    { input: { progress: progress(strategy), step: 3 } },
  );
  actor.start();
  return { actor, calls: () => calls };
}

describe('onboarding wizard machine', () => {
  it('starts at the furthest step reached even when the URL names a later one', () => {
    const { actor } = wizard('MANUAL');
    expect(actor.getSnapshot().value).toEqual({ profile: 'editing' });
  });

  it('enables Next only under the §5 rule, creates once on a double Next, then steps on', async () => {
    const { actor, calls } = wizard('MANUAL');
    actor.send({ type: 'wizard.next' });
    expect(actor.getSnapshot().value).toEqual({ profile: 'editing' });
    actor.send({ type: 'profile.change', patch: COMPLETE_PROFILE });
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'wizard.next' });
    const services = await waitFor(actor, (s) => s.matches('services'));
    expect(calls()).toBe(1);
    expect(services.context.progress.ids).toEqual({ credentialsId: null, locationId: 22, providerId: 33 });
    expect(services.context.progress.reached).toBe(2);
    expect(services.value).toEqual({ services: 'availability' });
    const child = services.children.availability as AvailabilityRef;
    await waitFor(child, (s) => s.matches('editing'));
    actor.send({ type: 'wizard.next' });
    expect(actor.getSnapshot().value).toBe('completed');
    actor.send({ type: 'wizard.goTo', step: 1 });
    expect(actor.getSnapshot().value).toEqual({ profile: 'editing' });
    actor.send({ type: 'wizard.goTo', step: 3 });
    expect(actor.getSnapshot().value).toBe('completed');
    actor.send({ type: 'wizard.finish' });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('MANUAL step 2: Get Started saves the ticked category and slots first, then moves on', async () => {
    const saves: SaveAvailabilityInput[] = [];
    const { actor } = wizard('MANUAL', false, saves);
    actor.send({ type: 'profile.change', patch: COMPLETE_PROFILE });
    actor.send({ type: 'wizard.next' });
    const services = await waitFor(actor, (s) => s.matches({ services: 'availability' }));
    const child = services.children.availability as AvailabilityRef;
    await waitFor(child, (s) => s.matches('editing'));
    child.send({ type: 'category.toggle', categoryId: 1 });
    child.send({ type: 'slots.set', cells: [{ day: 'Monday', time: '06:00' }], checked: true });
    actor.send({ type: 'wizard.next' });
    await waitFor(actor, (s) => s.matches('completed'));
    expect(saves).toHaveLength(1);
    expect(saves[0]).toMatchObject({ categoryId: 1, id: null, body: { location: { id: 22 } } });
    expect(saves[0]?.body.timeslots.Monday[0]).toEqual({ time: '06:00', checked: true });
  });

  it('MANUAL step 2: a refused save stays on the step with its error and what was typed', async () => {
    const saves: SaveAvailabilityInput[] = [];
    const { actor } = wizard('MANUAL', false, saves, true);
    actor.send({ type: 'profile.change', patch: COMPLETE_PROFILE });
    actor.send({ type: 'wizard.next' });
    const services = await waitFor(actor, (s) => s.matches({ services: 'availability' }));
    const child = services.children.availability as AvailabilityRef;
    await waitFor(child, (s) => s.matches('editing'));
    child.send({ type: 'category.toggle', categoryId: 1 });
    actor.send({ type: 'wizard.next' });
    const refused = await waitFor(child, (s) => s.matches('editing') && saves.length === 1);
    expect(refused.context.saveError).toBe('Monday has at most 96 slots');
    expect(refused.context.draft.checked).toEqual([1]);
    expect(actor.getSnapshot().value).toEqual({ services: 'availability' });
  });

  it('step 2 of a strategy that maps service items: Get Started moves on at once', async () => {
    const { actor } = wizard('MINDBODY');
    actor.send({ type: 'profile.change', patch: COMPLETE_PROFILE });
    actor.send({ type: 'credentials.change', patch: { username: 'owner', password: 'pw', siteId: '-99' } });
    actor.send({ type: 'wizard.next' });
    await waitFor(actor, (s) => s.matches({ services: 'mapping' }));
    actor.send({ type: 'wizard.next' });
    expect(actor.getSnapshot().value).toBe('completed');
  });

  it('stays on step 1 when creation fails', async () => {
    const { actor } = wizard('MANUAL', true);
    actor.send({ type: 'profile.change', patch: COMPLETE_PROFILE });
    actor.send({ type: 'wizard.next' });
    await waitFor(actor, (s) => s.matches({ profile: 'editing' }) && s.context.progress.reached === 1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(actor.getSnapshot().value).toEqual({ profile: 'editing' });
    expect(actor.getSnapshot().context.progress.ids.locationId).toBeNull();
  });

  it('Back from step 1 leaves to the strategy choice for MANUAL and BOOKER, else to credentials', () => {
    const manual = wizard('MANUAL').actor;
    manual.send({ type: 'wizard.back' });
    expect(manual.getSnapshot().context.exit).toBe('strategy');
    const mindbody = wizard('MINDBODY').actor;
    mindbody.send({ type: 'wizard.back' });
    expect(mindbody.getSnapshot().context.exit).toBe('credentials');
  });

  it('walks every state and transition', async () => {
    const events = {
      'profile.change': [{ type: 'profile.change', patch: COMPLETE_PROFILE }],
      'credentials.change': [{ type: 'credentials.change', patch: { username: 'owner' } }],
      'wizard.next': [{ type: 'wizard.next' }],
      'wizard.back': [{ type: 'wizard.back' }],
      'wizard.goTo': [
        { type: 'wizard.goTo', step: 1 },
        { type: 'wizard.goTo', step: 2 },
      ],
      'wizard.finish': [{ type: 'wizard.finish' }],
      'wizard.abort': [{ type: 'wizard.abort' }],
    } as const;
    const outputs = {
      creation: [
        { created: true, ids: { credentialsId: null, locationId: 22, providerId: 33 } },
        { created: false, ids: { credentialsId: null, locationId: null, providerId: null } },
      ],
    };
    const reports = [];
    const withLocation = { credentialsId: null, locationId: 22, providerId: 33 };
    for (const input of [
      { progress: progress('MANUAL'), step: 1 as const },
      { progress: progress('MANUAL', { reached: 3, profile: COMPLETE_PROFILE }), step: 3 as const },
      {
        progress: progress('MANUAL', { reached: 3, profile: COMPLETE_PROFILE, ids: withLocation }),
        step: 2 as const,
      },
    ]) {
      reports.push(
        await coverMachine(onboardingWizardMachine, {
          input,
          events,
          outputs,
          summaryDir: false,
        }),
      );
    }
    const report = mergeReports(reports);
    recordCoverage(report);
    assertFullCoverage(report);
    expect(report.failures).toEqual([]);
  });
});
