/**
 * The main flows whose browser walks `npm test` requires (issue 19): each must have a walk spec that
 * registers its machine (checked by tests/unit/required-walks.test.ts), and each walk's gate test fails when
 * the walk leaves any state or transition neither covered nor excluded; for these flows no state may be
 * excluded either (tests/e2e/walks/walk.ts), so a required flow cannot lose browser coverage of a screen
 * state by marking it unreachable.
 */
export interface RequiredWalk {
  /** The flow as the issue names it. */
  flow: string;
  /** The machine's id (its `id:`), as the walk records and the QA report name it. */
  machineId: string;
  /** The machine's module under src/machines and its export. */
  module: string;
  exportName: string;
  /** The walk spec that registers it. */
  file: string;
}

export const REQUIRED_WALKS: readonly RequiredWalk[] = [
  {
    flow: 'sign-in',
    machineId: 'signIn',
    module: 'src/machines/auth/sign-in.machine.ts',
    exportName: 'signInMachine',
    file: 'tests/e2e/walks/sign-in.walk.spec.ts',
  },
  {
    flow: 'invite registration',
    machineId: 'registration',
    module: 'src/machines/auth/registration.machine.ts',
    exportName: 'registrationMachine',
    file: 'tests/e2e/walks/registration.walk.spec.ts',
  },
  {
    flow: 'the service-item editor',
    machineId: 'serviceItems',
    module: 'src/machines/catalogue/service-items.machine.ts',
    exportName: 'serviceItemsMachine',
    file: 'tests/e2e/walks/service-items.walk.spec.ts',
  },
  {
    flow: 'the user drawer',
    machineId: 'userDrawer',
    module: 'src/machines/users/user-drawer.machine.ts',
    exportName: 'userDrawerMachine',
    file: 'tests/e2e/walks/user-drawer.walk.spec.ts',
  },
  {
    flow: 'the provider-creation rollback',
    machineId: 'providerCreation',
    module: 'src/machines/onboarding/provider-creation.machine.ts',
    exportName: 'providerCreationMachine',
    file: 'tests/e2e/walks/provider-creation.walk.spec.ts',
  },
  {
    flow: 'the Boulevard connection',
    machineId: 'boulevardConnection',
    module: 'src/machines/connections/boulevard-connection.machine.ts',
    exportName: 'boulevardConnectionMachine',
    file: 'tests/e2e/walks/boulevard-connection.walk.spec.ts',
  },
  {
    flow: 'appointment status and cancel',
    machineId: 'appointmentStatus',
    module: 'src/machines/appointments/appointment-status.machine.ts',
    exportName: 'appointmentStatusMachine',
    file: 'tests/e2e/walks/appointment-status.walk.spec.ts',
  },
  {
    flow: 'payouts onboarding',
    machineId: 'payoutsOnboarding',
    module: 'src/machines/payouts/payouts-onboarding.machine.ts',
    exportName: 'payoutsOnboardingMachine',
    file: 'tests/e2e/walks/payouts-onboarding.walk.spec.ts',
  },
];

export function isRequiredWalk(machineId: string): boolean {
  return REQUIRED_WALKS.some((walk) => walk.machineId === machineId);
}
