/**
 * The user drawer's walk (userDrawerMachine, on /users?user=<uid>): the demo admin, signed in (seeded),
 * opens the drawer of a user made for the path (registered over the API: a plain USER without providers or
 * bookings, holding one credit). Two variants:
 *
 * - 0, the account: an email typed, the provider role with the picker (refused without a provider, then one
 *   chosen), saving and its identity step (the new sign-in email works and carries the provider claim), the
 *   save's refusals (another user's invite code or email, a server failure), a stale version (kept editing,
 *   reloaded, a failed reload), deleting after a confirmation (cancelled, failed, done: the account can no
 *   longer sign in), a failed load retried, and the unsaved-changes guard; bookings and credits stay loading.
 * - 1, the lists: bookings and credits load, fail and are retried; a credit is added and removed (asked
 *   first), each of which can fail; the removed credit (nothing spent of it) comes back by the toast's Undo,
 *   which can fail and be tried again.
 *
 * The drawer's three loads run side by side, so the walk decides when each call answers: every call of the
 * drawer (GET, PUT and DELETE of /user/<uid>, its appointments and credits) is held by the browser until
 * the screen has been checked in the state before the path's step that answers it, so the answers arrive in
 * the path's order and in-flight states (saving, deleting, adding) can be seen. A call whose answer is not in
 * the path stays unanswered. Nothing is mocked: a held call goes to the reference API as sent, and the
 * failures come from it, by what a person types (another user's invite code or email; a save by someone
 * else over the API for a stale version) or by its test-only fault switch (`X-Test-Fault: user:<METHOD>`).
 */
import type { Locator, Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { ApiRequestError } from '../../../src/api/client';
import { TEST_FAULT_HEADER } from '../../../src/api/contract/onboarding';
import { API_ERROR_CODES, RECORD_STALE_MESSAGE } from '../../../src/api/contract/error-codes';
import type { User } from '../../../src/api/contract/user';
import { EDITOR_MESSAGES, PEOPLE_MESSAGES, USER_MESSAGES } from '../../../src/domain/shared/messages';
import { USER_FORM_ERRORS, validateUserForm, type UserForm } from '../../../src/domain/users/users';
import { userDrawerMachine, type UserDrawerContext } from '../../../src/machines/users/user-drawer.machine';
import { userDrawerView } from '../../../src/machines/users/user-drawer.view';
import type { ModelOptions, ModelPath } from '../../support/model';
import { api, checkA11y, expect, tokenOf } from '../fixtures';
import { DEMO, E2E } from '../stack';
import { seedSignedIn } from './seed';
import { defineWalk, passThrough, registerWalk, type ActorNameOf, type Check } from './walk';

type Actor = ActorNameOf<typeof userDrawerMachine>;

const NEVER_A_LEAF =
  'a parallel or compound state: the state value type names it, a snapshot never ends in it';
const API_ORIGIN = new URL(E2E.apiUrl).origin;
const PASSWORD = 'walk-user-password';
/** The seeded user whose invite code a save takes (01 §7: taken codes are refused). */
const TAKEN_CODE = 'JORDAN10';

/**
 * The user as the model loads it, with what the drawer reads of it: a plain USER without providers (the real
 * one is made alike in `start`).
 */
const user = {
  displayName: null,
  firstName: 'Walk',
  lastName: 'User',
  email: 'walk@upkeep.test',
  phone: '+15550001000',
  birthdate: '1990-01-01',
  photoURL: null,
  inviteCode: null,
  availablePoints: 0,
  role: 'USER',
  version: 1,
  providers: [],
} as unknown as User;
/** What a save answers in the model: every saved path picks the provider role and one provider first. */
const savedAsProvider = { ...user, role: 'PROVIDER', providers: [{ id: 1, name: 'Glow Studio' }] } as User;

/** The save's refusals, as the drawer words them (the real ones answer the same). */
const REFUSALS = {
  stale: new ApiRequestError(409, API_ERROR_CODES.recordStale, RECORD_STALE_MESSAGE, 'version'),
  inviteCode: new ApiRequestError(
    409,
    API_ERROR_CODES.userInviteCodeExists,
    USER_FORM_ERRORS.inviteCodeTaken(TAKEN_CODE),
    'inviteCode',
  ),
  email: new ApiRequestError(409, API_ERROR_CODES.userEmailExists, USER_FORM_ERRORS.emailTaken, 'email'),
  fault: new ApiRequestError(500, API_ERROR_CODES.testFault, 'This request failed on purpose (test mode)'),
};
type Refusal = keyof typeof REFUSALS;
const refusalOf = (error: unknown): Refusal =>
  (Object.keys(REFUSALS) as Refusal[]).find((key) => REFUSALS[key] === error) ?? 'fault';

const formOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as UserDrawerContext).form;
const isValid = (form: UserForm | null) => !!form && Object.keys(validateUserForm(form)).length === 0;

/** One sample each of events without a payload. */
const plain = <T extends string>(...types: T[]) =>
  Object.fromEntries(types.map((type) => [type, [{ type }]])) as { [K in T]: [{ type: K }] };

const account: ModelOptions<typeof userDrawerMachine> = {
  input: { firebaseUid: 'walk' },
  events: {
    'field.change': [{ type: 'field.change', field: 'email', value: 'new@example.com' }],
    'role.change': [{ type: 'role.change', role: 'PROVIDER' }],
    'providers.change': [{ type: 'providers.change', providerIds: [1] }],
    ...plain('user.save', 'user.delete', 'delete.confirm', 'delete.cancel', 'user.retry'),
    ...plain('stale.reload', 'stale.dismiss'),
  },
  outputs: { loadUser: [user], saveUser: [savedAsProvider], loadAppointments: [], loadCredits: [] },
  errors: { saveUser: Object.values(REFUSALS), loadAppointments: [], loadCredits: [] },
  // The form's role, providers and email tell the graph's states apart, so that every save and delete of
  // the walk starts from a form that picked the provider role and a provider (the picker's whole story).
  serializeState: (snapshot) => {
    const form = formOf(snapshot);
    return JSON.stringify({
      value: snapshot.value,
      status: snapshot.status,
      valid: isValid(form),
      role: form?.role,
      providers: form?.providerIds.length,
      email: form?.email,
    });
  },
};

const lists: ModelOptions<typeof userDrawerMachine> = {
  input: { firebaseUid: 'walk' },
  events: {
    ...plain('bookings.retry', 'credits.retry', 'remove.confirm', 'remove.cancel'),
    'credit.add': [{ type: 'credit.add', creditId: 2 }],
    'credit.remove': [{ type: 'credit.remove', userCreditId: 1 }],
    'credit.undo': [{ type: 'credit.undo', userCreditId: 1 }],
  },
  outputs: {
    loadUser: [user],
    loadAppointments: [[]],
    loadCredits: [[{ id: 1, creditId: 1, credit: { title: 'granted' }, spentInCents: 0 }]],
    addCredit: [{ id: 2, creditId: 2, credit: { title: 'added' }, spentInCents: 0 }],
    removeCredit: [1],
  },
  // The account's failures are the account variant's.
  errors: { loadUser: [] },
  // Whether a removed credit can still be given back tells apart where the toast's Undo leads.
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      undoable: (snapshot.context as UserDrawerContext).undoableCredit !== null,
    }),
};

// ---------------------------------------------------------------------------------------------------------
// Holding the drawer's calls until the path's step that answers them
// ---------------------------------------------------------------------------------------------------------

interface Answer {
  /** The path's step that answers the call. */
  index: number;
  /** The reference API fails it on purpose (X-Test-Fault). */
  fault: boolean;
}

interface Data {
  uid: string;
  /** The email the account signs in with. */
  email: string;
  name: string;
  /** What the form's Email field holds. */
  typedEmail: string;
  /** The phone someone else saved over the API (a stale version). */
  otherPhone: string | null;
  /** The answers of each of the drawer's calls, in the order the calls are made. */
  answers: Record<Actor, Answer[]>;
  /** A GET failed on purpose: the client tries it once more, and that fails too. */
  retrying: Set<Actor>;
  /** The last step whose screen was checked (-1: the initial state; -2: none yet). */
  checked: number;
  waiting: Array<{ index: number; go: () => void }>;
}

const ACTORS: readonly Actor[] = [
  'loadUser',
  'saveUser',
  'deleteUser',
  'loadAppointments',
  'loadCredits',
  'addCredit',
  'removeCredit',
];

function answersOf(path: ModelPath): Record<Actor, Answer[]> {
  const answers = Object.fromEntries(ACTORS.map((actor) => [actor, [] as Answer[]])) as Record<
    Actor,
    Answer[]
  >;
  for (const [index, step] of path.steps.entries()) {
    if (step.kind !== 'done.actor' && step.kind !== 'error.actor') continue;
    const actor = step.label.replace(/^(done|error): /, '') as Actor;
    const error = (step.event as { error?: unknown }).error;
    // The save's refusals other than the fault come from what was typed or saved before (see outcomes).
    const fault = step.kind === 'error.actor' && (actor !== 'saveUser' || refusalOf(error) === 'fault');
    answers[actor].push({ index, fault });
  }
  return answers;
}

/** Which of the drawer's calls a request is, if it is one. */
function callOf(url: URL, method: string, uid: string): Actor | null {
  const own = `/user/${encodeURIComponent(uid)}`;
  const path = url.pathname;
  if (path === '/user/appointments' && url.searchParams.get('firebaseUid') === uid)
    return method === 'GET' ? 'loadAppointments' : null;
  if (path === own)
    return ({ GET: 'loadUser', PUT: 'saveUser', DELETE: 'deleteUser' } as const)[method as 'GET'] ?? null;
  if (path === `${own}/credits`)
    return ({ GET: 'loadCredits', POST: 'addCredit' } as const)[method as 'GET'] ?? null;
  if (path.startsWith(`${own}/credits/`) && method === 'DELETE') return 'removeCredit';
  return null;
}

function checkedUpTo(data: Data, index: number): Promise<void> {
  if (data.checked >= index) return Promise.resolve();
  return new Promise((go) => data.waiting.push({ index, go }));
}

function markChecked(data: Data, index: number) {
  data.checked = index;
  for (const waiter of data.waiting.filter((w) => w.index <= index)) waiter.go();
  data.waiting = data.waiting.filter((w) => w.index > index);
}

async function answer(route: Route, data: Data) {
  const request = route.request();
  const actor = callOf(new URL(request.url()), request.method(), data.uid);
  if (!actor) return route.continue();
  const fail = () =>
    route.continue({
      headers: { ...request.headers(), [TEST_FAULT_HEADER]: `user:${request.method()}` },
    });
  if (data.retrying.delete(actor)) return fail();
  const next = data.answers[actor].shift();
  // Not answered in this path: the screen stays in its in-flight state until the page closes.
  if (!next) return new Promise<void>(() => {});
  await checkedUpTo(data, next.index - 1);
  if (!next.fault) return route.continue();
  if (request.method() === 'GET') data.retrying.add(actor);
  return fail();
}

/** Dotted leaf paths of a state value, in the order the walk checks them. */
function leavesOf(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [`${prefix}${value}`];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    leavesOf(child, `${prefix}${key}.`),
  );
}

/** A state's check; once the snapshot's last leaf is checked, the call the next step answers may go. */
function screen(leaf: string, check: Check<Data>): Check<Data> {
  return async (context) => {
    await check(context);
    if (leavesOf(context.snapshot.value).at(-1) === leaf) markChecked(context.data, context.index);
  };
}

// ---------------------------------------------------------------------------------------------------------
// Records and the screen
// ---------------------------------------------------------------------------------------------------------

/** The stale notice over a disabled form is checked with axe once per run (it costs a second). */
let staleA11yChecked = false;
let adminToken: Promise<string> | undefined;
const admin = () => (adminToken ??= tokenOf(DEMO.admin));
let serial = 0;

/** A user of a path's own, registered by the admin over the API (role USER), holding one credit. */
async function makeUser(): Promise<Person> {
  const token = await admin();
  const stamp = `${Date.now().toString(36)}${(serial++).toString(36)}`;
  const email = `walk-drawer-${stamp}@upkeep.test`;
  const made = await api<{ firebaseUid: string }>(token, 'POST', '/user/register', {
    email,
    firstName: 'Walk',
    lastName: `User${stamp}`,
    password: PASSWORD,
    phone: '+15550001000',
    birthdate: '1990-01-01',
  });
  const credits = await api<Array<{ id: number }>>(token, 'GET', '/credits');
  await api(token, 'POST', `/user/${made.firebaseUid}/credits`, { creditId: credits[0]?.id });
  return { uid: made.firebaseUid, email, name: `Walk User${stamp}` };
}

interface Person {
  uid: string;
  email: string;
  name: string;
}

/** Users are made a few at a time, side by side; each path takes one no other path has used. */
let made: Array<Promise<Person>> = [];
function freshUser(): Promise<Person> {
  if (made.length === 0) made = Array.from({ length: process.env.WALK ? 1 : 4 }, () => makeUser());
  return made.shift() as Promise<Person>;
}

/**
 * The drawer and its parts. A confirmation open over the drawer hides it from the accessibility tree (it is
 * still on screen), so roles inside it are looked up with hidden ones included; visibility is still checked.
 */
const ALL = { includeHidden: true } as const;
const drawerOf = (page: Page) => page.getByRole('dialog', ALL);
const fieldOf = (page: Page, label: string) => drawerOf(page).getByLabel(label, { exact: true });
const section = (page: Page, name: string) => drawerOf(page).getByRole('region', { name, ...ALL });
const buttonIn = (scope: Locator, name: string | RegExp) =>
  scope.getByRole('button', { name, exact: typeof name === 'string', ...ALL });

/** The role claim the identity service holds for the account, from a fresh sign-in. */
async function roleClaimOf(account: { email: string; password: string }): Promise<string | undefined> {
  const token = await tokenOf(account);
  return (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { role?: string })
    .role;
}

/** The user's drawer asks before unsaved changes are lost: Close asks, Stay keeps the drawer and the form. */
async function guardAsks(page: Page, data: Data) {
  await buttonIn(drawerOf(page), 'Close').click();
  const question = page.getByRole('alertdialog', { name: EDITOR_MESSAGES.discardTitle });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(question).toHaveCount(0);
  await expect(fieldOf(page, 'Email')).toHaveValue(data.typedEmail);
}

/** Answers the confirmation titled `title` over the drawer. */
const answerDialog = (page: Page, title: string, button: string) =>
  page.getByRole('alertdialog', { name: title }).getByRole('button', { name: button, exact: true }).click();

/** The Undo of the latest toast that offers one (a failed Undo's toast offers it again). */
const undoButton = (page: Page) => page.getByRole('button', { name: /^Undo: / }).last();

/** The step came out of the credits' Undo (its call is the same POST as adding a credit). */
const afterUndo = (path: ModelPath, index: number) =>
  (path.steps[index - 1]?.snapshot ?? path.initial).matches({ ready: { credits: 'undoing' } });

const GUARDED = new Set(['delete.cancel', 'stale.dismiss', 'done: loadUser']);
const isDirty = (snapshot: AnyMachineSnapshot) =>
  userDrawerView(snapshot as Parameters<typeof userDrawerView>[0]).dirty;

registerWalk(
  defineWalk<typeof userDrawerMachine, Data>({
    machine: userDrawerMachine,
    file: 'tests/e2e/walks/user-drawer.walk.spec.ts',
    model: [account, lists],
    // A transition is told apart by where the account is and which refusal it shows; where the bookings and
    // credits are does not matter (each of their transitions has an event of its own), so their
    // interleavings need no paths of their own. The one exception: adding a credit and the Undo of a removed
    // one end with the same call (POST), so whether the credits are undoing is told apart too.
    coverKey: (snapshot) => {
      const value = snapshot.value as string | { ready: { account: string } };
      if (typeof value === 'string') return value;
      const { errors, saveError } = snapshot.context as UserDrawerContext;
      const shown = Object.keys(errors).filter((key) => errors[key as keyof typeof errors]);
      return JSON.stringify({
        account: value.ready.account,
        shown,
        saveError: saveError !== null,
        undoing: snapshot.matches({ ready: { credits: 'undoing' } }),
      });
    },
    // Until a reload the form keeps sending the version it read, so after a stale refusal the API answers
    // every save stale again (the model generates no such path today; one would be left out, not faked).
    // Undo is a toast's button: only a removal that can be undone (or its failed Undo) shows one, so the
    // model's Undo with nothing to give back (ignored by its guard) has nothing to press on the screen.
    unplayable: (path) => {
      let stale = false;
      let before = path.initial;
      for (const step of path.steps) {
        if (step.label === 'credit.undo' && !(before.context as UserDrawerContext).undoableCredit)
          return 'no toast offers Undo: no credit that can be given back was removed';
        before = step.snapshot;
        if (step.label === 'done: loadUser') stale = false;
        if (
          step.label === 'error: saveUser' &&
          refusalOf((step.event as { error?: unknown }).error) === 'stale'
        )
          stale = true;
        else if (stale && (step.label === 'done: saveUser' || step.label === 'error: saveUser'))
          return 'a save after a stale one without a reload is refused as stale again';
      }
      return false;
    },
    start: async (page, path, arrange): Promise<Data> => {
      const person = await freshUser();
      const data: Data = {
        uid: person.uid,
        email: person.email,
        name: person.name,
        typedEmail: person.email,
        otherPhone: null,
        answers: answersOf(path),
        retrying: new Set(),
        checked: -2,
        waiting: [],
      };
      await page.route(
        (url) => url.origin === API_ORIGIN && url.pathname.startsWith('/user/'),
        (route) => answer(route, data),
      );
      await arrange(data);
      await seedSignedIn(page, DEMO.admin);
      await page.goto(`/users?q=${encodeURIComponent(person.email)}&user=${encodeURIComponent(person.uid)}`);
      return data;
    },
    events: {
      // The model's sample only makes the form valid and unsaved; the path types an address of its own.
      'field.change': async ({ page, data }) => {
        data.typedEmail = `walk-drawer-${Date.now().toString(36)}-${serial++}@upkeep.test`;
        await fieldOf(page, 'Email').fill(data.typedEmail);
      },
      'role.change': async ({ page, event }) => {
        await fieldOf(page, 'Role').selectOption(event.role);
      },
      'providers.change': async ({ page }) => {
        // The providers are found by name and chosen as a chip (the kit's ChipPicker).
        const drawer = drawerOf(page);
        await drawer.getByRole('combobox', { name: 'Providers' }).fill('Glow Studio');
        await drawer.getByRole('option', { name: /^Glow Studio/ }).click();
        await expect(drawer.getByRole('button', { name: 'Remove Glow Studio' })).toBeVisible();
      },
      'user.save': async ({ page }) => buttonIn(drawerOf(page), 'Save').click(),
      'user.delete': async ({ page }) => buttonIn(drawerOf(page), 'Delete user').click(),
      'delete.confirm': async ({ page }) => answerDialog(page, 'Delete user', 'Delete'),
      'delete.cancel': async ({ page }) => answerDialog(page, 'Delete user', 'Cancel'),
      'user.retry': async ({ page }) => buttonIn(drawerOf(page), 'Try again').click(),
      'stale.reload': async ({ page }) => buttonIn(drawerOf(page), EDITOR_MESSAGES.reload).click(),
      'stale.dismiss': async ({ page }) => buttonIn(drawerOf(page), EDITOR_MESSAGES.keepEditing).click(),
      'bookings.retry': async ({ page }) => buttonIn(section(page, 'Booking History'), 'Try again').click(),
      'credits.retry': async ({ page }) => buttonIn(section(page, 'Promo & Credit use'), 'Try again').click(),
      'credit.add': async ({ page }) => {
        const credits = section(page, 'Promo & Credit use');
        await credits.getByLabel('Credit to add').selectOption({ index: 1 });
        await buttonIn(credits, 'Add credit').click();
      },
      'credit.remove': async ({ page }) =>
        buttonIn(section(page, 'Promo & Credit use'), /^Remove /)
          .first()
          .click(),
      'remove.confirm': async ({ page }) => answerDialog(page, 'Remove credit', 'Remove'),
      'remove.cancel': async ({ page }) => answerDialog(page, 'Remove credit', 'Cancel'),
      'credit.undo': async ({ page }) => undoButton(page).click(),
    },
    // The answers themselves are armed from the path in `start` (`answersOf`); a save's refusals other than
    // the fault are brought about here, before Save is pressed.
    outcomes: {
      loadUser: { done: async () => {}, error: async () => {} },
      saveUser: {
        done: async () => {},
        error: async ({ page, data, event }) => {
          const refusal = refusalOf(event.error);
          if (refusal === 'inviteCode') await fieldOf(page, 'Invite code').fill(TAKEN_CODE.toLowerCase());
          if (refusal === 'email') {
            data.typedEmail = DEMO.customer.email;
            await fieldOf(page, 'Email').fill(data.typedEmail);
          }
          if (refusal === 'stale') {
            // Someone else saves the user first: a newer version with another phone.
            const token = await admin();
            const now = await api<User>(token, 'GET', `/user/${data.uid}`);
            data.otherPhone = `+1555000${String(Date.now() % 10_000).padStart(4, '0')}`;
            await api(token, 'PUT', `/user/${data.uid}`, {
              email: now.email,
              firstName: now.firstName,
              lastName: now.lastName,
              phone: data.otherPhone,
              birthdate: now.birthdate,
              version: now.version,
            });
          }
        },
      },
      deleteUser: { done: async () => {}, error: async () => {} },
      loadAppointments: { done: async () => {}, error: async () => {} },
      loadCredits: { done: async () => {}, error: async () => {} },
      addCredit: { done: async () => {}, error: async () => {} },
      removeCredit: { done: async () => {}, error: async () => {} },
    },
    delays: {},
    checks: {
      loading: screen('loading', async ({ page }) => {
        await expect(drawerOf(page).getByLabel('Loading user')).toBeVisible();
      }),
      loadFailed: screen('loadFailed', async ({ page }) => {
        await expect(drawerOf(page).getByText(USER_MESSAGES.fetchFailed)).toBeVisible();
        await expect(buttonIn(drawerOf(page), 'Try again')).toBeEnabled();
      }),
      deleted: screen('deleted', async ({ page, data }) => {
        await expect(page.getByText(USER_MESSAGES.deleted)).toBeVisible();
        await expect(drawerOf(page)).toHaveCount(0);
        await expect(page).not.toHaveURL(/user=/);
        await expect(page.getByText(USER_MESSAGES.notFound)).toBeVisible();
        // The identity service followed: the account can no longer sign in.
        await expect(tokenOf({ email: data.email, password: PASSWORD })).rejects.toThrow(/USER_DISABLED/);
      }),
      ready: passThrough(NEVER_A_LEAF),
      'ready.account': passThrough(NEVER_A_LEAF),
      'ready.bookings': passThrough(NEVER_A_LEAF),
      'ready.credits': passThrough(NEVER_A_LEAF),
      'ready.account.editing': screen('ready.account.editing', async ({ page, data, snapshot, step }) => {
        const context = snapshot.context as UserDrawerContext;
        const drawer = drawerOf(page);
        await expect(buttonIn(drawer, 'Save')).toBeEnabled();
        await expect(buttonIn(drawer, EDITOR_MESSAGES.reload)).toHaveCount(0);
        await expect(fieldOf(page, 'Email')).toHaveValue(data.typedEmail);
        await expect(fieldOf(page, 'Role')).toHaveValue(context.form?.role ?? '');
        // The providers' picker (the kit's ChipPicker): one chip per chosen provider.
        const picker = drawer.getByRole('combobox', { name: 'Providers' });
        if (context.form?.role === 'PROVIDER') {
          await expect(picker).toBeVisible();
          await expect(
            drawer.getByRole('list', { name: 'Chosen: Providers' }).getByRole('listitem'),
          ).toHaveCount(context.form.providerIds.length);
        } else await expect(picker).toHaveCount(0);
        // The refusals where the drawer puts them: on their field, or above the buttons.
        for (const message of Object.values(context.errors).filter(Boolean))
          await expect(drawer.getByText(message as string)).toBeVisible();
        if (context.saveError) await expect(drawer.getByText(context.saveError)).toBeVisible();
        if (step?.label === 'error: saveUser')
          await expect(page.getByText(USER_MESSAGES.saveFailed).first()).toBeVisible();
        if (step?.label === 'error: deleteUser')
          await expect(page.getByText(USER_MESSAGES.deleteFailed).first()).toBeVisible();
        if (step?.label === 'done: saveUser') {
          await expect(page.getByText(USER_MESSAGES.saved).first()).toBeVisible();
          // The identity step: the new sign-in email works and carries the saved role's claim.
          data.email = data.typedEmail;
          expect(await roleClaimOf({ email: data.email, password: PASSWORD })).toBe('provider');
          await expect(section(page, 'Associated Providers').getByRole('listitem')).toHaveText([
            'Glow Studio',
          ]);
        }
        if (step?.label === 'done: loadUser' && data.otherPhone) {
          // Reloaded: what someone else saved shows, what was typed stays on top.
          await expect(fieldOf(page, 'Phone')).toHaveValue(data.otherPhone);
        }
        // The unsaved-changes guard, where typed changes outlive something else: a cancelled delete, a
        // stale save kept editing, a reload (typing alone is asked about in users.spec.ts).
        if (isDirty(snapshot) && GUARDED.has(step?.label ?? '')) await guardAsks(page, data);
      }),
      'ready.account.saving': screen('ready.account.saving', async ({ page }) => {
        await expect(buttonIn(drawerOf(page), /Saving/)).toBeVisible();
        await expect(fieldOf(page, 'Email')).toBeDisabled();
      }),
      'ready.account.stale': screen('ready.account.stale', async ({ page, data, step }) => {
        const drawer = drawerOf(page);
        await expect(drawer.getByText(RECORD_STALE_MESSAGE)).toBeVisible();
        await expect(buttonIn(drawer, EDITOR_MESSAGES.reload)).toBeEnabled();
        await expect(buttonIn(drawer, EDITOR_MESSAGES.keepEditing)).toBeEnabled();
        await expect(buttonIn(drawer, 'Save')).toBeDisabled();
        await expect(fieldOf(page, 'Email')).toHaveValue(data.typedEmail);
        if (step?.label === 'error: loadUser')
          await expect(page.getByText(EDITOR_MESSAGES.reloadFailed).first()).toBeVisible();
        else if (!staleA11yChecked) {
          staleA11yChecked = true;
          await checkA11y(page, 'user drawer with a stale save');
        }
      }),
      'ready.account.reloading': screen('ready.account.reloading', async ({ page }) => {
        await expect(buttonIn(drawerOf(page), /Reloading/)).toBeVisible();
      }),
      'ready.account.confirmingDelete': screen('ready.account.confirmingDelete', async ({ page, data }) => {
        const confirm = page.getByRole('alertdialog', { name: 'Delete user' });
        await expect(confirm).toContainText(PEOPLE_MESSAGES.confirmDeleteUser(data.name));
        await expect(confirm.getByRole('button', { name: 'Delete', exact: true })).toBeEnabled();
      }),
      'ready.account.deleting': screen('ready.account.deleting', async ({ page }) => {
        const confirm = page.getByRole('alertdialog', { name: 'Delete user' });
        await expect(confirm.getByRole('button', { name: /Deleting/ })).toBeVisible();
      }),
      'ready.bookings.loading': screen('ready.bookings.loading', async ({ page }) => {
        await expect(drawerOf(page).getByLabel('Loading appointments')).toBeVisible();
      }),
      'ready.bookings.loaded': screen('ready.bookings.loaded', async ({ page }) => {
        await expect(section(page, 'Booking History').getByText(USER_MESSAGES.noAppointments)).toBeVisible();
      }),
      'ready.bookings.failed': screen('ready.bookings.failed', async ({ page }) => {
        const bookings = section(page, 'Booking History');
        await expect(bookings.getByText(USER_MESSAGES.appointmentsFailed)).toBeVisible();
        await expect(buttonIn(bookings, 'Try again')).toBeEnabled();
      }),
      'ready.credits.loading': screen('ready.credits.loading', async ({ page }) => {
        await expect(drawerOf(page).getByLabel('Loading credits')).toBeVisible();
      }),
      'ready.credits.failed': screen('ready.credits.failed', async ({ page }) => {
        const credits = section(page, 'Promo & Credit use');
        await expect(credits.getByText(USER_MESSAGES.userCreditsFetchFailed)).toBeVisible();
        await expect(buttonIn(credits, 'Try again')).toBeEnabled();
      }),
      'ready.credits.listed': screen(
        'ready.credits.listed',
        async ({ page, snapshot, step, path, index }) => {
          const credits = section(page, 'Promo & Credit use');
          const { credits: heldCredits, undoableCredit } = snapshot.context as UserDrawerContext;
          const held = heldCredits.length;
          if (held === 0) await expect(credits.getByText('No credits yet.')).toBeVisible();
          else {
            await expect(buttonIn(credits, /^Remove /)).toHaveCount(held);
            await expect(buttonIn(credits, /^Remove /).first()).toBeEnabled();
          }
          await expect(buttonIn(credits, 'Add credit')).toBeVisible();
          if (step && afterUndo(path, index)) {
            if (step.label === 'done: addCredit') {
              // The credit is back in the list (its Remove button is counted above), and the toast says so.
              await expect(page.getByText(EDITOR_MESSAGES.creditRestored).last()).toBeVisible();
            } else {
              // Why it failed, and Undo offered again.
              await expect(page.getByText(/^Could not give the credit back: /).last()).toBeVisible();
              await expect(
                page.getByRole('button', { name: /^Undo: Could not give the credit back: / }).last(),
              ).toBeEnabled();
            }
            return;
          }
          const notice = {
            'error: addCredit': USER_MESSAGES.userCreditCreateFailed,
            'done: removeCredit': EDITOR_MESSAGES.creditRemoved,
            'error: removeCredit': USER_MESSAGES.userCreditRemoveFailed,
          }[step?.label ?? ''];
          if (notice) await expect(page.getByText(notice).first()).toBeVisible();
          // Nothing of the walk's credit was spent: its removal's toast offers Undo.
          if (step?.label === 'done: removeCredit' && undoableCredit)
            await expect(
              page.getByRole('button', { name: `Undo: ${EDITOR_MESSAGES.creditRemoved}` }).last(),
            ).toBeEnabled();
        },
      ),
      'ready.credits.confirmingRemove': screen('ready.credits.confirmingRemove', async ({ page }) => {
        const confirm = page.getByRole('alertdialog', { name: 'Remove credit' });
        await expect(confirm).toBeVisible();
        await expect(confirm.getByRole('button', { name: 'Remove', exact: true })).toBeEnabled();
      }),
      'ready.credits.adding': screen('ready.credits.adding', async ({ page }) => {
        await expect(buttonIn(section(page, 'Promo & Credit use'), /Working/)).toBeVisible();
      }),
      'ready.credits.removing': screen('ready.credits.removing', async ({ page }) => {
        await expect(page.getByRole('alertdialog', { name: 'Remove credit' })).toHaveCount(0);
        await expect(buttonIn(section(page, 'Promo & Credit use'), /Working/)).toBeVisible();
      }),
      'ready.credits.undoing': screen('ready.credits.undoing', async ({ page, snapshot }) => {
        await expect(buttonIn(section(page, 'Promo & Credit use'), /Working/)).toBeVisible();
        // The credit is not listed again until the server has given it back.
        const held = (snapshot.context as UserDrawerContext).credits.length;
        await expect(buttonIn(section(page, 'Promo & Credit use'), /^Remove /)).toHaveCount(held);
      }),
    },
  }),
);
