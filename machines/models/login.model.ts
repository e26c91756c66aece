// The login machine's test model, shared by tests/machines/login.test.ts (paths on the actor) and
// tests/web/login-paths.test.tsx (the same model, kept to what a person can do on the screens).
import type { AnyMachineSnapshot, StateValue } from 'xstate';
import type { LoginContext, LoginEvent, LoginInput, LoginTab } from '../login';
import { selectResendCoolingDown } from '../login.otp-selectors';
import { fieldError, selectLoginScreen } from '../login.selectors';
import { ApiRequestError } from '../../src/client/errors';
import { loginKeys } from '../../src/client/login-storage';
import { testServices } from './fake-platform';
import { httpError, userProfile } from './fixtures';
import { loginMachine } from '../login';
import { modelSpec } from './model-spec';

/** A login event, or the end of an invoked request (`<invoke id>.done` / `.error`, see ./model.ts). */
export type LoginModelEvent = LoginEvent | { type: string; output?: unknown; error?: unknown };

/** The invokes whose outcome a path step decides; each is one API request. */
export const loginPromiseActors = ['sendCode', 'verifyCode', 'fetchUser', 'saveNames', 'endSession'] as const;
export type LoginPromiseActor = (typeof loginPromiseActors)[number];

export const verifiedTokens = { accessToken: 'access-1', refreshToken: 'refresh-1' };

/** What a person can type and press on each form. */
const formEvents: Array<[StateValue, LoginModelEvent[]]> = [
  [
    { email: 'editing' },
    [
      { type: 'login.change', field: 'email', value: 'ada@' },
      { type: 'login.change', field: 'email', value: ' Ada@Example.com ' },
      { type: 'login.blur', field: 'email' },
      { type: 'login.submitEmail' },
    ],
  ],
  [
    { otp: 'editing' },
    [
      { type: 'login.change', field: 'otp', value: '12' },
      { type: 'login.change', field: 'otp', value: '123456' },
      { type: 'login.blur', field: 'otp' },
      { type: 'login.submitOtp' },
      { type: 'login.resendCode' },
      { type: 'login.back' },
    ],
  ],
  // All six digits typed while a new code is on its way: back on the form they wait for Continue (a refused code
  // empties the boxes, so this is the one way a whole code stands in them).
  [{ otp: 'resending' }, [{ type: 'login.change', field: 'otp', value: '123456' }]],
  [
    { personalData: 'editing' },
    [
      { type: 'login.change', field: 'givenName', value: 'Ada' },
      { type: 'login.change', field: 'familyName', value: 'Lovelace' },
      { type: 'login.blur', field: 'givenName' },
      { type: 'login.submitPersonalData' },
      { type: 'login.back' },
    ],
  ],
  [
    { personalData: 'confirmingBack' },
    [{ type: 'login.confirmBack' }, { type: 'login.cancelBack' }, { type: 'login.blur', field: 'givenName' }],
  ],
];

/** How each request can end; the outputs and errors are what the API client gives the machine. */
const requestOutcomes: LoginModelEvent[] = [
  { type: 'sendCode.done', output: { session: 'session-2' } },
  { type: 'sendCode.error', error: httpError('signIn', 429, 'api.auth.too_many_codes') },
  { type: 'sendCode.error', error: new ApiRequestError('signIn', 'FETCH_ERROR') },
  { type: 'sendCode.error', error: new ApiRequestError('signIn', 502) },
  { type: 'verifyCode.done', output: verifiedTokens },
  { type: 'verifyCode.error', error: httpError('verifyLogin', 400, 'api.auth.wrong_otp', { session: 'session-3' }) },
  { type: 'verifyCode.error', error: httpError('verifyLogin', 400, 'api.auth.otp_expired') },
  // The sixth try: the code is spent, and Resend stops counting down.
  { type: 'verifyCode.error', error: httpError('verifyLogin', 403, 'api.auth.otp_attempts_exceeded') },
  { type: 'fetchUser.done', output: userProfile() },
  { type: 'fetchUser.done', output: userProfile({ givenName: null, familyName: null }) },
  { type: 'fetchUser.error', error: httpError('me', 500, 'api.internal_error') },
  { type: 'saveNames.done', output: userProfile() },
  { type: 'saveNames.error', error: httpError('updateProfile', 500, 'api.internal_error') },
  { type: 'endSession.done', output: { ok: true } },
  { type: 'endSession.error', error: new ApiRequestError('logout', 'FETCH_ERROR') },
];

/**
 * The `resend` region's timers (see ./model.ts: each advances the clock by its delay): a second of the countdown,
 * and the end of the wait. They matter on the code screen, where Resend shows the count.
 */
const resendTimers: LoginModelEvent[] = [{ type: 'after.resendTick' }, { type: 'after.resendCooldown' }];

/**
 * The flow raises `login.codeSent` itself with every code that goes out (the sendCode.done steps), which the
 * coverage count does not follow: a sample of its own lets the transition cover add one path that sends it.
 */
const codeSentEvent: LoginModelEvent = { type: 'login.codeSent' };
/** Likewise `login.codeSpent`, raised by the flow when a code is refused as spent. */
const codeSpentEvent: LoginModelEvent = { type: 'login.codeSpent' };

/** The router moving between the sign-in panels (browser back and forward). */
const routerEvents: LoginModelEvent[] = (['LOGIN', 'OTP', 'PERSONAL_DATA'] as const).map((tab) => ({ type: 'login.show', tab }));

/** Sample events, offered only where a person (or the network, or the router) could produce them. */
export function loginSampleEvents(snapshot: AnyMachineSnapshot): LoginModelEvent[] {
  const onForm = formEvents.flatMap(([state, events]) => (snapshot.matches({ flow: state }) ? events : []));
  const timers = snapshot.matches({ flow: { otp: 'editing' }, resend: 'coolingDown' }) ? resendTimers : [];
  return [...routerEvents, ...onForm, ...timers, ...requestOutcomes];
}

/** Every sample event, whatever the state (for the transition cover). */
export const allLoginSampleEvents: LoginModelEvent[] = [
  ...routerEvents,
  ...formEvents.flatMap(([, events]) => events),
  ...resendTimers,
  codeSentEvent,
  codeSpentEvent,
  ...requestOutcomes,
];

/**
 * One model vertex per state value and the facts that matter on its screen (is the field valid, was it touched, is
 * an e-mail / session stored), not per concrete text: this keeps the paths few while covering every branch.
 */
export function loginVertex(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as LoginContext;
  const screen = selectLoginScreen(snapshot as never);
  const facts: Record<string, unknown> = { storedEmail: context.storedEmail !== null, loginSession: context.loginSession !== null };
  if (screen === 'LOGIN') Object.assign(facts, { valid: fieldError(context, 'email') === null, touched: context.touched.email });
  if (screen === 'OTP') {
    Object.assign(facts, { valid: fieldError(context, 'otp') === null, touched: context.touched.otp, coolingDown: selectResendCoolingDown(snapshot as never) });
  }
  if (screen === 'PERSONAL_DATA') {
    // Each name on its own: the form becomes valid one field at a time.
    Object.assign(facts, {
      givenNameValid: fieldError(context, 'givenName') === null,
      familyNameValid: fieldError(context, 'familyName') === null,
      touched: context.touched.givenName || context.touched.familyName,
    });
  }
  return JSON.stringify({ value: snapshot.value, facts });
}

const codeSent = { [loginKeys.loginEmail]: 'ada@example.com', [loginKeys.loginSession]: 'session-1' };

export interface LoginStart {
  name: string;
  tab: LoginTab;
  locale: 'en' | 'es';
  /** What storage holds when the flow starts. */
  stored: Record<string, string>;
}

export const loginStarts: LoginStart[] = [
  { name: 'LOGIN, nothing stored', tab: 'LOGIN', locale: 'en', stored: {} },
  { name: 'LOGIN after a code was sent (it is sent again)', tab: 'LOGIN', locale: 'es', stored: codeSent },
  { name: 'OTP with a code sent', tab: 'OTP', locale: 'en', stored: codeSent },
  { name: 'OTP without a code (back to LOGIN)', tab: 'OTP', locale: 'en', stored: {} },
  { name: 'PERSONAL_DATA of a new account', tab: 'PERSONAL_DATA', locale: 'en', stored: {} },
];

/** A fresh input (and storage) for one run: the actor writes to storage, so runs must not share it. */
export function loginInput(start: LoginStart): LoginInput & { services: ReturnType<typeof testServices> } {
  return { services: testServices({ storage: start.stored }), tab: start.tab, locale: start.locale };
}

/**
 * The login machine's model-based test (tests/machines/login.test.ts, the visualiser's paths): each state offers
 * its own samples (loginSampleEvents), coverage tries them all.
 */
export const loginSpec = modelSpec({
  name: 'login',
  machine: loginMachine,
  starts: loginStarts.map((start) => ({ name: start.name, input: () => loginInput(start) })),
  events: loginSampleEvents,
  samples: allLoginSampleEvents,
  serializeState: loginVertex,
});
