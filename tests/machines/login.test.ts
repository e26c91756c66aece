// Model-based tests of the login machine (SPEC §2 Login / OTP / Personal data, §4 Login flow), then the effects
// (toasts, storage, panel and session events) of its main paths.
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { loginMachine, type LoginInput } from '../../machines/login';
import { selectEmailField, selectOtpField } from '../../machines/login.selectors';
import { httpError, userProfile } from './fixtures';
import { loginPromiseActors, loginSampleEvents, loginStarts, loginVertex, verifiedTokens } from './login.model';
import { canTake, controlledActors, flush, runPathOnActor, toTestMachine } from './model';

function withSpies() {
  const spies = { persistLoginSession: vi.fn(), removeStoredLoginSession: vi.fn() };
  const machine = loginMachine.provide({
    actions: {
      persistLoginSession: (_, params) => spies.persistLoginSession(params),
      removeStoredLoginSession: () => spies.removeStoredLoginSession(),
      logError: () => {},
    },
  });
  return { machine, spies };
}

describe.each(loginStarts)('login model with $name', ({ input }) => {
  const model = createTestModel(toTestMachine(loginMachine), {
    input,
    events: loginSampleEvents as never,
    filterEvents: canTake,
    serializeState: loginVertex,
  });
  const paths = model.getShortestPaths();

  it('reaches the three sign-in screens', () => {
    const values = paths.map((path) => JSON.stringify(path.state.value));
    for (const screen of ['email', 'otp', 'personalData']) {
      expect(values.some((value) => value.includes(screen))).toBe(true);
    }
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    const { machine } = withSpies();
    await runPathOnActor(path, { machine, input, promiseActors: loginPromiseActors, vertex: loginVertex });
  });
});

describe('login effects', () => {
  function start(input: Partial<LoginInput> = {}) {
    const control = controlledActors(loginPromiseActors);
    const { machine, spies } = withSpies();
    const actor = createActor(machine.provide({ actors: control.actors }), {
      input: { locale: 'en', storedEmail: null, loginSession: null, signedIn: false, ...input },
    });
    const emitted: Array<{ type: string }> = [];
    actor.on('*', (event) => emitted.push(event));
    actor.start();
    return { actor, control, spies, emitted };
  }

  it('sends the code with the locale, stores session and e-mail, and opens the code screen', async () => {
    const { actor, control, spies, emitted } = start({ locale: 'es' });
    actor.send({ type: 'panel.changed', tab: 'LOGIN', overlay: null });
    actor.send({ type: 'login.change', field: 'email', value: ' Ada@Example.com ' });
    actor.send({ type: 'login.submitEmail' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(control.inputs.at(-1)).toEqual({ id: 'sendCode', input: { email: 'ada@example.com', locale: 'es' } });
    control.settle('sendCode', 'done', { session: 'session-1' });
    await flush();
    expect(actor.getSnapshot().matches({ otp: 'editing' })).toBe(true);
    expect(spies.persistLoginSession).toHaveBeenCalledWith({ email: 'ada@example.com', session: 'session-1' });
    expect(emitted).toContainEqual({ type: 'panel.open', tab: 'OTP' });
  });

  it('shows e-mail errors only when touched, and touches on submit', () => {
    const { actor } = start();
    actor.send({ type: 'panel.changed', tab: 'LOGIN', overlay: null });
    expect(selectEmailField(actor.getSnapshot())).toEqual({ value: '', error: null, status: 'default' });
    actor.send({ type: 'login.submitEmail' });
    expect(selectEmailField(actor.getSnapshot())).toEqual({ value: '', error: 'form.email_required', status: 'error' });
    expect(actor.getSnapshot().matches({ email: 'editing' })).toBe(true);
  });

  it('a failed code send shows request_failed', async () => {
    const { actor, control, emitted } = start();
    actor.send({ type: 'panel.changed', tab: 'LOGIN', overlay: null });
    actor.send({ type: 'login.change', field: 'email', value: 'ada@example.com' });
    actor.send({ type: 'login.submitEmail' });
    control.settle('sendCode', 'error', httpError('signIn', 429, 'api.auth.too_many_codes'));
    await flush();
    expect(actor.getSnapshot().matches({ email: 'editing' })).toBe(true);
    expect(emitted).toContainEqual({ type: 'notify', kind: 'error', key: 'request_failed' });
  });

  it('sends the code automatically to a stored e-mail on the login screen', () => {
    const { actor, control } = start({ storedEmail: 'ada@example.com', loginSession: 'old' });
    actor.send({ type: 'panel.changed', tab: 'LOGIN', overlay: null });
    expect(actor.getSnapshot().matches({ email: 'sendingCode' })).toBe(true);
    expect(control.inputs).toEqual([{ id: 'sendCode', input: { email: 'ada@example.com', locale: 'en' } }]);
  });

  it('with a stored e-mail and a token, first fetches the user', async () => {
    const { actor, control, emitted } = start({ storedEmail: 'ada@example.com', signedIn: true });
    actor.send({ type: 'panel.changed', tab: 'LOGIN', overlay: null });
    expect(actor.getSnapshot().matches({ email: 'checkingUser' })).toBe(true);
    control.settle('fetchUser', 'done', userProfile());
    await flush();
    expect(emitted).toContainEqual({ type: 'panel.open', tab: 'QR', overlay: 'HUB' });
  });

  it('returns to login from the code screen without a stored e-mail or session', () => {
    const { actor, emitted } = start({ storedEmail: 'ada@example.com', loginSession: null });
    actor.send({ type: 'panel.changed', tab: 'OTP', overlay: null });
    expect(emitted).toContainEqual({ type: 'panel.open', tab: 'LOGIN' });
    expect(actor.getSnapshot().matches('email')).toBe(true);
  });

  it('verifies the code, hands the tokens to the session, forgets the login session, and opens QR + HUB', async () => {
    const { actor, control, spies, emitted } = start({ storedEmail: 'ada@example.com', loginSession: 'session-1' });
    actor.send({ type: 'panel.changed', tab: 'OTP', overlay: null });
    actor.send({ type: 'login.change', field: 'otp', value: '123456' });
    actor.send({ type: 'login.submitOtp' });
    expect(control.inputs.at(-1)).toEqual({
      id: 'verifyCode',
      input: { otp: '123456', session: 'session-1', email: 'ada@example.com' },
    });
    control.settle('verifyCode', 'done', verifiedTokens);
    await flush();
    expect(emitted).toContainEqual({ type: 'session.signIn', ...verifiedTokens });
    expect(spies.removeStoredLoginSession).toHaveBeenCalled();
    expect(actor.getSnapshot().context.storedEmail).toBeNull();
    control.settle('fetchUser', 'done', userProfile());
    await flush();
    expect(emitted.at(-1)).toEqual({ type: 'panel.open', tab: 'QR', overlay: 'HUB' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('goes to personal data when the user has no given name, then to QR + HUB after saving', async () => {
    const { actor, control, emitted } = start({ storedEmail: 'ada@example.com', loginSession: 'session-1' });
    actor.send({ type: 'panel.changed', tab: 'OTP', overlay: null });
    actor.send({ type: 'login.change', field: 'otp', value: '123456' });
    actor.send({ type: 'login.submitOtp' });
    control.settle('verifyCode', 'done', verifiedTokens);
    await flush();
    control.settle('fetchUser', 'done', userProfile({ givenName: null }));
    await flush();
    expect(emitted.at(-1)).toEqual({ type: 'panel.open', tab: 'PERSONAL_DATA' });
    expect(actor.getSnapshot().matches({ personalData: 'editing' })).toBe(true);

    actor.send({ type: 'login.change', field: 'givenName', value: ' Ada ' });
    actor.send({ type: 'login.change', field: 'familyName', value: 'Lovelace' });
    actor.send({ type: 'login.submitPersonalData' });
    expect(control.inputs.at(-1)).toEqual({ id: 'saveNames', input: { givenName: 'Ada', familyName: 'Lovelace' } });
    control.settle('saveNames', 'error', httpError('updateProfile', 500, 'api.internal_error'));
    await flush();
    expect(emitted.at(-1)).toEqual({ type: 'notify', kind: 'error', key: 'request_failed' });
    actor.send({ type: 'login.submitPersonalData' });
    control.settle('saveNames', 'done', userProfile());
    await flush();
    expect(emitted.at(-1)).toEqual({ type: 'panel.open', tab: 'QR', overlay: 'HUB' });
  });

  it('a wrong code stores the new session id and toasts the server code', async () => {
    const { actor, control, spies, emitted } = start({ storedEmail: 'ada@example.com', loginSession: 'session-1' });
    actor.send({ type: 'panel.changed', tab: 'OTP', overlay: null });
    actor.send({ type: 'login.change', field: 'otp', value: '000000' });
    actor.send({ type: 'login.submitOtp' });
    control.settle('verifyCode', 'error', httpError('verifyLogin', 400, 'api.auth.wrong_otp', { session: 'session-2' }));
    await flush();
    expect(actor.getSnapshot().context.loginSession).toBe('session-2');
    expect(spies.persistLoginSession).toHaveBeenCalledWith({ email: 'ada@example.com', session: 'session-2' });
    expect(emitted.at(-1)).toEqual({ type: 'notify', kind: 'error', key: 'api.auth.wrong_otp' });
    expect(actor.getSnapshot().matches({ otp: 'editing' })).toBe(true);
  });

  it('a verification failure without an error code toasts invalid_token', async () => {
    const { actor, control, emitted } = start({ storedEmail: 'ada@example.com', loginSession: 'session-1' });
    actor.send({ type: 'panel.changed', tab: 'OTP', overlay: null });
    actor.send({ type: 'login.change', field: 'otp', value: '000000' });
    actor.send({ type: 'login.submitOtp' });
    control.settle('verifyCode', 'error', new Error('offline'));
    await flush();
    expect(emitted.at(-1)).toEqual({ type: 'notify', kind: 'error', key: 'invalid_token' });
  });

  it('resends the code with a success toast; a resend failure is only logged', async () => {
    const { actor, control, emitted } = start({ storedEmail: 'ada@example.com', loginSession: 'session-1' });
    actor.send({ type: 'panel.changed', tab: 'OTP', overlay: null });
    actor.send({ type: 'login.resendCode' });
    control.settle('sendCode', 'done', { session: 'session-9' });
    await flush();
    expect(emitted.at(-1)).toEqual({ type: 'notify', kind: 'success', key: 'login.code_resent' });
    expect(actor.getSnapshot().context.loginSession).toBe('session-9');
    const count = emitted.length;
    actor.send({ type: 'login.resendCode' });
    control.settle('sendCode', 'error', httpError('signIn', 429, 'api.auth.too_many_codes'));
    await flush();
    expect(emitted).toHaveLength(count);
    expect(actor.getSnapshot().matches({ otp: 'editing' })).toBe(true);
  });

  it('the code screen needs six digits before it verifies', () => {
    const { actor, control } = start({ storedEmail: 'ada@example.com', loginSession: 'session-1' });
    actor.send({ type: 'panel.changed', tab: 'OTP', overlay: null });
    actor.send({ type: 'login.change', field: 'otp', value: '12345' });
    actor.send({ type: 'login.submitOtp' });
    expect(control.inputs).toEqual([]);
    expect(selectOtpField(actor.getSnapshot()).error).toBe('form.code_length');
  });

  it('the back link forgets the stored e-mail and session and shows the e-mail form', () => {
    const { actor, spies, emitted } = start({ storedEmail: 'ada@example.com', loginSession: 'session-1' });
    actor.send({ type: 'panel.changed', tab: 'OTP', overlay: null });
    actor.send({ type: 'login.back' });
    expect(spies.removeStoredLoginSession).toHaveBeenCalled();
    expect(emitted.at(-1)).toEqual({ type: 'panel.open', tab: 'LOGIN' });
    expect(actor.getSnapshot().matches({ email: 'editing' })).toBe(true);
    expect(selectEmailField(actor.getSnapshot()).value).toBe('ada@example.com');
  });
});
