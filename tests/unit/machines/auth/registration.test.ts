import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiRequestError } from '../../../../src/api/client';
import type { InviteCheck, RegisterResult } from '../../../../src/api/contract/invite';
import type { IdentityUser } from '../../../../src/api/auth/identity';
import { REGISTRATION_MESSAGES } from '../../../../src/domain/shared/messages';
import {
  registrationMachine,
  type RegistrationEmitted,
  type RegistrationEvent,
} from '../../../../src/machines/auth/registration.machine';
import { registrationView } from '../../../../src/machines/auth/registration.view';
import { assertFullCoverage, coverMachine, recordCoverage } from '../../../support/model';

const check: InviteCheck = {
  email: 'new@upkeep.test',
  providers: [{ id: 1, name: 'Glow Studio' }],
  expiresAt: '2030-01-01T00:00:00.000Z',
};
const registered: RegisterResult = { providers: check.providers };
const user = (role: unknown): IdentityUser => ({
  uid: 'u9',
  email: 'new@upkeep.test',
  idToken: 'a.b.c',
  role,
  expiresAt: 0,
});

interface Options {
  check?: () => Promise<InviteCheck>;
  register?: () => Promise<RegisterResult>;
  signIn?: () => Promise<IdentityUser>;
}

function start(options: Options = {}, email: string | undefined = 'new@upkeep.test') {
  const calls: { register: unknown[]; signIn: unknown[]; check: unknown[] } = {
    register: [],
    signIn: [],
    check: [],
  };
  const actor = createActor(
    registrationMachine.provide({
      actors: {
        checkInvite: fromPromise(async ({ input }) => {
          calls.check.push(input);
          return (options.check ?? (async () => check))();
        }),
        register: fromPromise(async ({ input }) => {
          calls.register.push(input);
          return (options.register ?? (async () => registered))();
        }),
        signIn: fromPromise(async ({ input }) => {
          calls.signIn.push(input);
          return (options.signIn ?? (async () => user('provider')))();
        }),
      },
    }),
    { input: { code: 'CODE1', email } },
  );
  const notices: RegistrationEmitted[] = [];
  actor.on('notify', (event) => notices.push(event));
  actor.start();
  return { actor, calls, notices };
}

const fill = (actor: ReturnType<typeof start>['actor'], values: Record<string, string>) => {
  for (const [field, value] of Object.entries(values)) {
    actor.send({ type: 'field.change', field, value } as RegistrationEvent);
  }
};

describe('registration machine', () => {
  it('validates the invite with the code and the email from the link, then shows the form', async () => {
    const { actor, calls } = start();
    expect(registrationView(actor.getSnapshot()).phase).toBe('validating');
    const snapshot = await waitFor(actor, (s) => s.matches('editing'));
    expect(calls.check).toEqual([{ code: 'CODE1', email: 'new@upkeep.test' }]);
    expect(registrationView(snapshot)).toMatchObject({
      phase: 'form',
      providers: check.providers,
      fields: { email: { value: 'new@upkeep.test', error: null } },
    });
  });

  it('any failure of the check means the invite is invalid', async () => {
    const { actor } = start({ check: () => Promise.reject(new ApiRequestError(404, 'x', 'y')) });
    const snapshot = await waitFor(actor, (s) => s.status === 'done');
    expect(registrationView(snapshot)).toMatchObject({
      phase: 'invalid',
      invalidMessage: 'The invite code provided is either expired or invalid.',
    });
    expect(snapshot.output).toEqual({ user: null });
  });

  it('shows each field rule once the field is left, in the words of the spec', async () => {
    const { actor } = start({}, '');
    await waitFor(actor, (s) => s.matches('editing'));
    expect(registrationView(actor.getSnapshot()).fields.email.error).toBeNull();
    for (const field of ['email', 'password', 'confirmPassword'] as const) {
      actor.send({ type: 'field.blur', field });
    }
    expect(registrationView(actor.getSnapshot()).fields).toEqual({
      email: { value: '', error: 'Email required' },
      password: { value: '', error: 'Password needs 8 characters' },
      confirmPassword: { value: '', error: 'Password does not match' },
    });
    fill(actor, { email: 'x@y.co', password: 'short', confirmPassword: 'short' });
    expect(registrationView(actor.getSnapshot()).fields.password.error).toBe('Password needs 8 characters');
    expect(registrationView(actor.getSnapshot()).fields.confirmPassword.error).toBe(
      'Password does not match',
    );
    fill(actor, { password: 'long-enough', confirmPassword: 'long-enougH' });
    expect(registrationView(actor.getSnapshot()).fields.password.error).toBeNull();
    expect(registrationView(actor.getSnapshot()).fields.confirmPassword.error).toBe(
      'Password does not match',
    );
    fill(actor, { confirmPassword: 'long-enough' });
    expect(registrationView(actor.getSnapshot()).fields.confirmPassword.error).toBeNull();
  });

  it('on submit, mismatching passwords show the submit message once, on the field, and nothing is sent', async () => {
    const { actor, calls, notices } = start();
    await waitFor(actor, (s) => s.matches('editing'));
    fill(actor, { password: 'long-enough', confirmPassword: 'different-one' });
    actor.send({ type: 'registration.submit' });
    const view = registrationView(actor.getSnapshot());
    expect(view.fields.confirmPassword.error).toBe('Passwords do not match, please ensure passwords match');
    expect(view.failure).toBeNull();
    expect(notices).toEqual([]);
    expect(calls.register).toEqual([]);
    fill(actor, { confirmPassword: 'long-enough' });
    expect(registrationView(actor.getSnapshot()).fields.confirmPassword.error).toBeNull();
  });

  it('a submit with empty fields shows every rule without the mismatch message', async () => {
    const { actor, notices } = start({}, '');
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'registration.submit' });
    const view = registrationView(actor.getSnapshot());
    expect(view.failure).toBeNull();
    expect(Object.values(view.fields).map((f) => f.error)).toEqual([
      'Email required',
      'Password needs 8 characters',
      'Password does not match',
    ]);
    expect(notices).toEqual([]);
  });

  it('registers, then signs the new provider in', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (s) => s.matches('editing'));
    fill(actor, { email: ' new@upkeep.test', password: 'long-enough', confirmPassword: 'long-enough' });
    actor.send({ type: 'registration.submit' });
    const snapshot = await waitFor(actor, (s) => s.status === 'done');
    expect(calls.register).toEqual([{ email: 'new@upkeep.test', password: 'long-enough', code: 'CODE1' }]);
    expect(calls.signIn).toEqual([{ email: 'new@upkeep.test', password: 'long-enough' }]);
    expect(snapshot.output).toEqual({ user: user('provider') });
    expect(snapshot.context).toMatchObject({ password: '', confirmPassword: '' });
  });

  it('user-exists marks the email field, and changing the email clears it', async () => {
    const { actor } = start({
      register: () =>
        Promise.reject(new ApiRequestError(409, 'provider/invite/register/user-exists', 'exists')),
    });
    await waitFor(actor, (s) => s.matches('editing'));
    fill(actor, { password: 'long-enough', confirmPassword: 'long-enough' });
    actor.send({ type: 'registration.submit' });
    const snapshot = await waitFor(actor, (s) => s.matches('editing') && s.context.emailTaken);
    expect(registrationView(snapshot).fields.email.error).toBe("Looks like there's an existing account");
    fill(actor, { email: 'other@upkeep.test' });
    expect(registrationView(actor.getSnapshot()).fields.email.error).toBeNull();
  });

  it('an invite that became invalid meanwhile shows the invalid message', async () => {
    const { actor } = start({
      register: () => Promise.reject(new ApiRequestError(404, 'provider/invite/invalid', 'gone')),
    });
    await waitFor(actor, (s) => s.matches('editing'));
    fill(actor, { password: 'long-enough', confirmPassword: 'long-enough' });
    actor.send({ type: 'registration.submit' });
    const snapshot = await waitFor(actor, (s) => s.status === 'done');
    expect(registrationView(snapshot).phase).toBe('invalid');
  });

  it('any other failure shows the catalogue message once (no toast) and keeps what was typed', async () => {
    const { actor, notices } = start({
      register: () => Promise.reject(new ApiRequestError(500, 'server/internal', 'boom')),
    });
    await waitFor(actor, (s) => s.matches('editing'));
    fill(actor, { password: 'long-enough', confirmPassword: 'long-enough' });
    actor.send({ type: 'registration.submit' });
    const snapshot = await waitFor(actor, (s) => s.matches('editing') && s.context.failure !== null);
    expect(snapshot.context.failure).toBe(REGISTRATION_MESSAGES.failed);
    expect(snapshot.context.password).toBe('long-enough');
    expect(registrationView(snapshot).failure).toBe(REGISTRATION_MESSAGES.failed);
    expect(notices).toEqual([]);
  });

  it('when signing in afterwards fails, the account exists and the page says to sign in', async () => {
    const { actor } = start({ signIn: () => Promise.reject(new Error('offline')) });
    await waitFor(actor, (s) => s.matches('editing'));
    fill(actor, { password: 'long-enough', confirmPassword: 'long-enough' });
    actor.send({ type: 'registration.submit' });
    const snapshot = await waitFor(actor, (s) => s.status === 'done');
    expect(registrationView(snapshot).phase).toBe('registered');
    expect(snapshot.context.password).toBe('');
  });

  it('walks every state and transition', async () => {
    const report = await coverMachine(registrationMachine, {
      input: { code: 'CODE1', email: 'new@upkeep.test' },
      events: {
        'field.change': [
          { type: 'field.change', field: 'password', value: 'long-enough' },
          { type: 'field.change', field: 'confirmPassword', value: 'long-enough' },
          { type: 'field.change', field: 'confirmPassword', value: 'different!' },
        ],
        'field.blur': [{ type: 'field.blur', field: 'email' }],
        'registration.submit': [{ type: 'registration.submit' }],
      },
      outputs: { checkInvite: [check], register: [registered], signIn: [user('provider'), user('user')] },
      errors: {
        register: [
          // Plain values: the walk tells samples apart by their JSON.
          { code: 'provider/invite/register/user-exists', message: 'x' },
          { code: 'provider/invite/invalid', message: 'x' },
          { code: 'server/internal', message: 'x' },
        ],
      },
      serializeState: (snapshot) =>
        JSON.stringify([
          snapshot.value,
          snapshot.context.password,
          snapshot.context.confirmPassword,
          snapshot.context.emailTaken,
        ]),
    });
    recordCoverage(report);
    assertFullCoverage(report);
    expect(report.failures).toEqual([]);
  });
});
