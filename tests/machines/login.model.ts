// The login machine's test model, shared by tests/machines/login.test.ts (paths on the actor) and
// tests/web/login-paths.test.tsx (the same model, kept to what a person can do on the screens).
import type { AnyMachineSnapshot, StateValue } from 'xstate';
import type { LoginContext, LoginEvent, LoginInput } from '../../machines/login';
import { fieldError, selectLoginScreen } from '../../machines/login.selectors';
import { httpError, userProfile } from './fixtures';

/** A login event, or the end of an invoked request (`<invoke id>.done` / `.error`, see ./model.ts). */
export type LoginModelEvent = LoginEvent | { type: string; output?: unknown; error?: unknown };

/** The invokes whose outcome a path step decides; each is one API request. */
export const loginPromiseActors = ['sendCode', 'verifyCode', 'fetchUser', 'saveNames'] as const;
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
      { type: 'login.submitOtp' },
      { type: 'login.resendCode' },
      { type: 'login.back' },
    ],
  ],
  [
    { personalData: 'editing' },
    [
      { type: 'login.change', field: 'givenName', value: 'Ada' },
      { type: 'login.change', field: 'familyName', value: 'Lovelace' },
      { type: 'login.submitPersonalData' },
    ],
  ],
];

/** How each request can end; the outputs and errors are what the API client gives the machine. */
const requestOutcomes: LoginModelEvent[] = [
  { type: 'sendCode.done', output: { session: 'session-2' } },
  { type: 'sendCode.error', error: httpError('signIn', 429, 'api.auth.too_many_codes') },
  { type: 'verifyCode.done', output: verifiedTokens },
  { type: 'verifyCode.error', error: httpError('verifyLogin', 400, 'api.auth.wrong_otp', { session: 'session-3' }) },
  { type: 'verifyCode.error', error: httpError('verifyLogin', 400, 'api.auth.otp_expired') },
  { type: 'fetchUser.done', output: userProfile() },
  { type: 'fetchUser.done', output: userProfile({ givenName: null, familyName: null }) },
  { type: 'fetchUser.error', error: httpError('me', 500, 'api.internal_error') },
  { type: 'saveNames.done', output: userProfile() },
  { type: 'saveNames.error', error: httpError('updateProfile', 500, 'api.internal_error') },
];

/** Sample events, offered only where a person (or the network) could produce them. */
export function loginSampleEvents(snapshot: AnyMachineSnapshot): LoginModelEvent[] {
  const panelChanges: LoginModelEvent[] = (['LOGIN', 'OTP', 'PERSONAL_DATA', 'QR'] as const).map((tab) => ({
    type: 'panel.changed',
    tab,
    overlay: null,
  }));
  const onForm = formEvents.flatMap(([state, events]) => (snapshot.matches(state) ? events : []));
  return [...panelChanges, ...onForm, ...requestOutcomes];
}

/**
 * One model vertex per state value and the facts that matter on its screen (is the field valid, was it touched, is
 * an e-mail / session stored), not per concrete text: this keeps the paths few while covering every branch.
 */
export function loginVertex(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as LoginContext;
  const screen = selectLoginScreen(snapshot as never);
  const facts: Record<string, unknown> = {
    storedEmail: context.storedEmail !== null,
    loginSession: context.loginSession !== null,
    signedIn: context.signedIn,
  };
  if (screen === 'LOGIN') Object.assign(facts, { valid: fieldError(context, 'email') === null, touched: context.touched.email });
  if (screen === 'OTP') Object.assign(facts, { valid: fieldError(context, 'otp') === null, touched: context.touched.otp });
  if (screen === 'PERSONAL_DATA') {
    Object.assign(facts, {
      valid: fieldError(context, 'givenName') === null && fieldError(context, 'familyName') === null,
      touched: context.touched.givenName || context.touched.familyName,
    });
  }
  return JSON.stringify({ value: snapshot.value, facts });
}

export const loginStarts: Array<{ name: string; input: LoginInput }> = [
  { name: 'nothing stored', input: { locale: 'en', storedEmail: null, loginSession: null, signedIn: false } },
  {
    name: 'a code already sent',
    input: { locale: 'es', storedEmail: 'ada@example.com', loginSession: 'session-1', signedIn: false },
  },
  {
    name: 'a stored e-mail and an access token',
    input: { locale: 'en', storedEmail: 'ada@example.com', loginSession: null, signedIn: true },
  },
];
