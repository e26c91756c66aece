// Model-based tests of the login machine (docs/product.md §2 Login / OTP / Personal data, §4 Login flow), then the effects
// (toasts, storage, what it reports to the wallet) of its main paths.
import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock } from 'xstate';
import { loginMachine, type LoginTab } from '../../machines/login';
import { selectFamilyNameField, selectGivenNameField } from '../../machines/login.names-selectors';
import { selectCanResendCode, selectCodeRefusals, selectOtpField, selectResendCoolingDown, selectResendSecondsLeft } from '../../machines/login.otp-selectors';
import { selectEmailField } from '../../machines/login.selectors';
import { RESEND_COOLDOWN_MS } from '../../machines/login.timing';
import { ApiRequestError } from '../../src/client/errors';
import { loginKeys } from '../../src/client/login-storage';
import { httpError, userProfile } from '../../machines/models/fixtures';
import { loginInput, loginPromiseActors, loginSpec, loginVertex, verifiedTokens } from '../../machines/models/login.model';
import { controlledActors, expectFullCoverage, flush, runPathOnActor, startAsChild } from '../../machines/models/model';
import { pathsOf } from '../../machines/models/model-spec';

const { testMachine, runs: models } = pathsOf(loginSpec);

describe.each(models)('login model from $start.name', ({ start, paths }) => {
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    await runPathOnActor(path, {
      machine: loginMachine.provide({ actions: { logError: () => {} } }),
      input: start.input(),
      promiseActors: loginPromiseActors,
      vertex: loginVertex,
      asChild: true,
      // The vertex leaves the count out; the actor's clock must count the same seconds as the model's steps.
      check: (actor, step) =>
        expect(actor.getSnapshot().context.resendSecondsLeft, 'seconds left').toBe(step.state.context.resendSecondsLeft),
    });
  });
});

describe('login model coverage', () => {
  it('reaches the three sign-in screens and takes every transition', () => {
    const paths = models.flatMap((model) => model.paths);
    const values = paths.map((path) => JSON.stringify(path.state.value));
    for (const screen of ['email', 'otp', 'personalData', 'done']) expect(values.some((value) => value.includes(screen))).toBe(true);
    expectFullCoverage(loginSpec.name, testMachine, paths, loginSpec.excused);
  });
});

describe('login effects', () => {
  function start(options: { tab?: LoginTab; locale?: 'en' | 'es'; storedEmail?: string; loginSession?: string; device?: string; clock?: SimulatedClock } = {}) {
    const control = controlledActors(loginPromiseActors);
    const stored: Record<string, string> = {};
    if (options.storedEmail) stored[loginKeys.loginEmail] = options.storedEmail;
    if (options.loginSession) stored[loginKeys.loginSession] = options.loginSession;
    if (options.device) stored[loginKeys.device] = options.device;
    const input = loginInput({ name: 'effects', tab: options.tab ?? 'LOGIN', locale: options.locale ?? 'en', stored });
    const machine = loginMachine.provide({ actors: control.actors, actions: { logError: () => {} } });
    const { flow: actor, reports: emitted } = startAsChild(machine, input, { clock: options.clock });
    const storage = input.services.platform.storage;
    return { actor, control, emitted, storage };
  }

  it('sends the code with the locale, stores session and e-mail, and opens the code screen', async () => {
    const { actor, control, storage, emitted } = start({ locale: 'es' });
    actor.send({ type: 'login.change', field: 'email', value: ' Ada@Example.com ' });
    actor.send({ type: 'login.submitEmail' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(control.inputs.at(-1)).toMatchObject({ id: 'sendCode', input: { email: 'ada@example.com', locale: 'es' } });
    control.settle('sendCode', 'done', { session: 'session-1' });
    await flush();
    expect(actor.getSnapshot().matches({ flow: { otp: 'editing' } })).toBe(true);
    expect([storage.getItem(loginKeys.loginEmail), storage.getItem(loginKeys.loginSession)]).toEqual(['ada@example.com', 'session-1']);
    expect(emitted).toContainEqual({ type: 'panel.open', tab: 'OTP' });
  });

  it('shows e-mail errors only when touched, and touches on submit', () => {
    const { actor } = start();
    expect(selectEmailField(actor.getSnapshot())).toEqual({ value: '', error: null, status: 'default' });
    actor.send({ type: 'login.submitEmail' });
    expect(selectEmailField(actor.getSnapshot())).toEqual({ value: '', error: 'form.email_required', status: 'error' });
    expect(actor.getSnapshot().matches({ flow: { email: 'editing' } })).toBe(true);
  });

  it.each([
    ['the rate limit says so', httpError('signIn', 429, 'api.auth.too_many_codes'), 'api.auth.too_many_codes'],
    ['offline says so', new ApiRequestError('signIn', 'FETCH_ERROR'), 'api.offline'],
    ['any other failure shows request_failed', new ApiRequestError('signIn', 502), 'request_failed'],
  ])('a failed code send: %s', async (_, error, key) => {
    const { actor, control, emitted } = start();
    actor.send({ type: 'login.change', field: 'email', value: 'ada@example.com' });
    actor.send({ type: 'login.submitEmail' });
    control.settle('sendCode', 'error', error);
    await flush();
    expect(actor.getSnapshot().matches({ flow: { email: 'editing' } })).toBe(true);
    expect(emitted).toContainEqual({ type: 'notify', kind: 'error', key });
  });

  it('submits the code by itself when its sixth digit arrives, once', async () => {
    const { actor, control } = start({ tab: 'OTP', storedEmail: 'ada@example.com', loginSession: 'session-1' });
    actor.send({ type: 'login.change', field: 'otp', value: '31437' });
    expect(actor.getSnapshot().matches({ flow: { otp: 'editing' } })).toBe(true);
    actor.send({ type: 'login.change', field: 'otp', value: '314376' });
    expect(actor.getSnapshot().matches({ flow: { otp: 'verifying' } })).toBe(true);
    expect(control.inputs.at(-1)).toMatchObject({ id: 'verifyCode', input: { otp: '314376', session: 'session-1' } });
    control.settle('verifyCode', 'error', httpError('verifyLogin', 400, 'api.auth.wrong_otp', { session: 'session-2' }));
    await flush();
    // The refused code left the boxes: a re-render of the empty field sends nothing.
    expect(actor.getSnapshot().context.fields.otp).toBe('');
    actor.send({ type: 'login.change', field: 'otp', value: '' });
    expect(actor.getSnapshot().matches({ flow: { otp: 'editing' } })).toBe(true);
    expect(control.inputs.filter((call) => call.id === 'verifyCode')).toHaveLength(1);
  });

  it('says nothing about an empty code field the person only left, but does after Continue', () => {
    const { actor } = start({ tab: 'OTP', storedEmail: 'ada@example.com', loginSession: 'session-1' });
    actor.send({ type: 'login.blur', field: 'otp' });
    expect(selectOtpField(actor.getSnapshot()).error).toBeNull();
    actor.send({ type: 'login.submitOtp' });
    expect(selectOtpField(actor.getSnapshot()).error).toBe('form.code_required');
  });

  it('sends the code automatically to a stored e-mail on the login screen', () => {
    const { actor, control } = start({ storedEmail: 'ada@example.com', loginSession: 'old' });
    expect(actor.getSnapshot().matches({ flow: { email: 'sendingCode' } })).toBe(true);
    expect(control.inputs).toMatchObject([{ id: 'sendCode', input: { email: 'ada@example.com', locale: 'en' } }]);
  });

  it('returns to login from the code screen without a stored e-mail or session', () => {
    const { actor, emitted } = start({ tab: 'OTP', storedEmail: 'ada@example.com' });
    expect(emitted).toContainEqual({ type: 'panel.open', tab: 'LOGIN' });
    expect(actor.getSnapshot().matches({ flow: 'email' })).toBe(true);
  });

  it('verifies the code, hands the tokens to the session, forgets the login session, and goes on (the wallet return-to, else QR + HUB)', async () => {
    const { actor, control, storage, emitted } = start({ tab: 'OTP', storedEmail: 'ada@example.com', loginSession: 'session-1' });
    actor.send({ type: 'login.change', field: 'otp', value: '123456' });
    actor.send({ type: 'login.submitOtp' });
    expect(control.inputs.at(-1)).toMatchObject({
      id: 'verifyCode',
      input: { otp: '123456', session: 'session-1', email: 'ada@example.com' },
    });
    control.settle('verifyCode', 'done', verifiedTokens);
    await flush();
    expect(emitted).toContainEqual({ type: 'session.signIn', ...verifiedTokens });
    expect(storage.getItem(loginKeys.loginSession)).toBeNull();
    expect(actor.getSnapshot().context.storedEmail).toBeNull();
    control.settle('fetchUser', 'done', userProfile());
    await flush();
    expect(emitted.at(-1)).toEqual({ type: 'panel.continue' });
    expect(actor.getSnapshot().matches({ flow: 'done' })).toBe(true);
  });

  it('goes to personal data when the user has no given name, then goes on after saving', async () => {
    const { actor, control, emitted } = start({ tab: 'OTP', storedEmail: 'ada@example.com', loginSession: 'session-1' });
    actor.send({ type: 'login.change', field: 'otp', value: '123456' });
    actor.send({ type: 'login.submitOtp' });
    control.settle('verifyCode', 'done', verifiedTokens);
    await flush();
    control.settle('fetchUser', 'done', userProfile({ givenName: null }));
    await flush();
    expect(emitted.at(-1)).toEqual({ type: 'panel.open', tab: 'PERSONAL_DATA' });
    expect(actor.getSnapshot().matches({ flow: { personalData: 'editing' } })).toBe(true);

    actor.send({ type: 'login.change', field: 'givenName', value: ' Ada ' });
    actor.send({ type: 'login.change', field: 'familyName', value: 'Lovelace' });
    actor.send({ type: 'login.submitPersonalData' });
    expect(control.inputs.at(-1)).toMatchObject({ id: 'saveNames', input: { givenName: 'Ada', familyName: 'Lovelace' } });
    control.settle('saveNames', 'error', httpError('updateProfile', 500, 'api.internal_error'));
    await flush();
    expect(emitted.at(-1)).toEqual({ type: 'notify', kind: 'error', key: 'request_failed' });
    actor.send({ type: 'login.submitPersonalData' });
    control.settle('saveNames', 'done', userProfile());
    await flush();
    expect(emitted.at(-1)).toEqual({ type: 'panel.continue' });
  });

  it('a wrong code stores the new session id, empties the boxes and keeps the server code as their error until the person types', async () => {
    const { actor, control, storage, emitted } = start({ tab: 'OTP', storedEmail: 'ada@example.com', loginSession: 'session-1' });
    actor.send({ type: 'login.change', field: 'otp', value: '000000' });
    actor.send({ type: 'login.submitOtp' });
    control.settle('verifyCode', 'error', httpError('verifyLogin', 400, 'api.auth.wrong_otp', { session: 'session-2' }));
    await flush();
    expect(actor.getSnapshot().context.loginSession).toBe('session-2');
    expect(storage.getItem(loginKeys.loginSession)).toBe('session-2');
    expect(actor.getSnapshot().matches({ flow: { otp: 'editing' } })).toBe(true);
    // One message, under the boxes, not a toast that goes away by itself.
    expect(emitted.filter((report) => report.type === 'notify')).toEqual([]);
    expect(selectOtpField(actor.getSnapshot())).toEqual({ value: '', error: 'api.auth.wrong_otp', status: 'error' });
    expect(selectCodeRefusals(actor.getSnapshot())).toBe(1);
    // Leaving the empty boxes keeps the message; Continue on them says the code is needed.
    actor.send({ type: 'login.blur', field: 'otp' });
    expect(selectOtpField(actor.getSnapshot()).error).toBe('api.auth.wrong_otp');
    // Typing takes it away.
    actor.send({ type: 'login.change', field: 'otp', value: '3' });
    expect(selectOtpField(actor.getSnapshot())).toEqual({ value: '3', error: null, status: 'default' });
  });

  it('the right code typed after a wrong one signs in, with exactly two verify calls', async () => {
    const { actor, control, emitted } = start({ tab: 'OTP', storedEmail: 'ada@example.com', loginSession: 'session-1' });
    actor.send({ type: 'login.change', field: 'otp', value: '000000' });
    control.settle('verifyCode', 'error', httpError('verifyLogin', 400, 'api.auth.wrong_otp', { session: 'session-2' }));
    await flush();
    // Continue on the emptied boxes does not send the wrong code again.
    actor.send({ type: 'login.submitOtp' });
    expect(actor.getSnapshot().matches({ flow: { otp: 'editing' } })).toBe(true);
    for (const typed of ['3', '31', '314', '3143', '31437', '314376']) actor.send({ type: 'login.change', field: 'otp', value: typed });
    expect(actor.getSnapshot().matches({ flow: { otp: 'verifying' } })).toBe(true);
    control.settle('verifyCode', 'done', { accessToken: 'access', refreshToken: 'refresh' });
    await flush();
    const verifies = control.inputs.filter((call) => call.id === 'verifyCode');
    expect(verifies.map((call) => (call.input as { otp: string; session: string }).otp)).toEqual(['000000', '314376']);
    expect((verifies[1]!.input as { session: string }).session).toBe('session-2');
    expect(emitted).toContainEqual({ type: 'session.signIn', accessToken: 'access', refreshToken: 'refresh' });
  });

  it('a verification failure without an error code says invalid_token under the boxes', async () => {
    const { actor, control } = start({ tab: 'OTP', storedEmail: 'ada@example.com', loginSession: 'session-1' });
    actor.send({ type: 'login.change', field: 'otp', value: '000000' });
    actor.send({ type: 'login.submitOtp' });
    control.settle('verifyCode', 'error', new Error('offline'));
    await flush();
    expect(selectOtpField(actor.getSnapshot())).toEqual({ value: '', error: 'invalid_token', status: 'error' });
  });

  it('resends the code with a success toast; a resend failure is only logged', async () => {
    const clock = new SimulatedClock();
    const { actor, control, emitted } = start({ tab: 'OTP', storedEmail: 'ada@example.com', loginSession: 'session-1', clock });
    actor.send({ type: 'login.resendCode' });
    control.settle('sendCode', 'done', { session: 'session-9' });
    await flush();
    expect(emitted.at(-1)).toEqual({ type: 'notify', kind: 'success', key: 'otp.code_resent' });
    expect(actor.getSnapshot().context.loginSession).toBe('session-9');
    const count = emitted.length;
    clock.increment(RESEND_COOLDOWN_MS); // the cooldown runs out
    actor.send({ type: 'login.resendCode' });
    control.settle('sendCode', 'error', new ApiRequestError('signIn', 502));
    await flush();
    expect(emitted).toHaveLength(count);
    expect(actor.getSnapshot().matches({ flow: { otp: 'editing' } })).toBe(true);
  });

  it('tells why a resend failed when there is a reason: the rate limit, or being offline', async () => {
    const { actor, control, emitted } = start({ tab: 'OTP', storedEmail: 'ada@example.com', loginSession: 'session-1' });
    actor.send({ type: 'login.resendCode' });
    control.settle('sendCode', 'error', httpError('signIn', 429, 'api.auth.too_many_codes'));
    await flush();
    expect(emitted.at(-1)).toEqual({ type: 'notify', kind: 'error', key: 'api.auth.too_many_codes' });
    actor.send({ type: 'login.resendCode' });
    control.settle('sendCode', 'error', new ApiRequestError('signIn', 'FETCH_ERROR'));
    await flush();
    expect(emitted.at(-1)).toEqual({ type: 'notify', kind: 'error', key: 'api.offline' });
  });

  it('a resend names its sign-in session; both sends carry the device token a sign-in kept', async () => {
    const { actor, control, storage } = start({ tab: 'OTP', storedEmail: 'ada@example.com', loginSession: 'session-1' });
    actor.send({ type: 'login.change', field: 'otp', value: '123456' });
    actor.send({ type: 'login.submitOtp' });
    control.settle('verifyCode', 'done', { ...verifiedTokens, device: 'device-1' });
    await flush();
    expect(storage.getItem(loginKeys.device)).toBe('device-1');
    const later = start({ tab: 'LOGIN', device: 'device-1' });
    later.actor.send({ type: 'login.change', field: 'email', value: 'ada@example.com' });
    later.actor.send({ type: 'login.submitEmail' });
    expect(later.control.inputs.at(-1)).toMatchObject({ id: 'sendCode', input: { device: 'device-1' } });
    expect(later.control.inputs.at(-1)?.input).not.toHaveProperty('session');
    const next = start({ tab: 'OTP', storedEmail: 'ada@example.com', loginSession: 'session-2', device: 'device-1' });
    next.actor.send({ type: 'login.resendCode' });
    expect(next.control.inputs.at(-1)).toMatchObject({ id: 'sendCode', input: { session: 'session-2', device: 'device-1' } });
  });

  it('a refusal with Retry-After toasts when to try again', async () => {
    const { actor, control, emitted } = start({ tab: 'OTP', storedEmail: 'ada@example.com', loginSession: 'session-1' });
    actor.send({ type: 'login.resendCode' });
    control.settle(
      'sendCode',
      'error',
      new ApiRequestError('signIn', 429, { statusCode: 429, code: 'api.auth.too_many_codes', message: 'Too many', retryAfterSeconds: 540 }),
    );
    await flush();
    expect(emitted.at(-1)).toEqual({ type: 'notify', kind: 'error', key: 'api.auth.too_many_codes', retryAfterSeconds: 540 });
  });

  it('after five wrong codes the refusal says "request a new code", and Resend is offered at once, not counting down', async () => {
    vi.useFakeTimers();
    try {
      const { actor, control } = start();
      actor.send({ type: 'login.change', field: 'email', value: 'ada@example.com' });
      actor.send({ type: 'login.submitEmail' });
      control.settle('sendCode', 'done', { session: 'session-1' });
      await vi.advanceTimersByTimeAsync(0);
      // A wrong code keeps the wait: another try of the same code is still possible.
      actor.send({ type: 'login.change', field: 'otp', value: '000000' });
      control.settle('verifyCode', 'error', httpError('verifyLogin', 400, 'api.auth.wrong_otp', { session: 'session-1' }));
      await vi.advanceTimersByTimeAsync(1_000);
      expect(selectCanResendCode(actor.getSnapshot())).toBe(false);
      expect(selectResendSecondsLeft(actor.getSnapshot())).toBe(29);
      // The sixth try: the code is spent.
      actor.send({ type: 'login.change', field: 'otp', value: '111111' });
      control.settle('verifyCode', 'error', httpError('verifyLogin', 403, 'api.auth.otp_attempts_exceeded'));
      await vi.advanceTimersByTimeAsync(0);
      expect(selectOtpField(actor.getSnapshot())).toMatchObject({ error: 'api.auth.otp_attempts_exceeded', status: 'error' });
      expect(selectResendCoolingDown(actor.getSnapshot())).toBe(false);
      expect(selectResendSecondsLeft(actor.getSnapshot())).toBe(0);
      expect(selectCanResendCode(actor.getSnapshot())).toBe(true);
      actor.send({ type: 'login.resendCode' });
      expect(control.inputs.at(-1)).toMatchObject({ id: 'sendCode', input: { session: 'session-1' } });
      control.settle('sendCode', 'done', { session: 'session-2' });
      await vi.advanceTimersByTimeAsync(0);
      // The new code starts the usual wait again.
      expect(selectResendSecondsLeft(actor.getSnapshot())).toBe(30);
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds Resend back for 30 s after a code went out, then gives it back', async () => {
    vi.useFakeTimers();
    try {
      const { actor, control } = start();
      actor.send({ type: 'login.change', field: 'email', value: 'ada@example.com' });
      actor.send({ type: 'login.submitEmail' });
      control.settle('sendCode', 'done', { session: 'session-1' });
      await vi.advanceTimersByTimeAsync(0);
      expect(selectResendCoolingDown(actor.getSnapshot())).toBe(true);
      expect(selectCanResendCode(actor.getSnapshot())).toBe(false);
      expect(selectResendSecondsLeft(actor.getSnapshot())).toBe(30);
      await vi.advanceTimersByTimeAsync(999);
      expect(selectResendSecondsLeft(actor.getSnapshot())).toBe(30);
      await vi.advanceTimersByTimeAsync(1);
      expect(selectResendSecondsLeft(actor.getSnapshot())).toBe(29);
      await vi.advanceTimersByTimeAsync(9_000);
      expect(selectResendSecondsLeft(actor.getSnapshot())).toBe(20);
      await vi.advanceTimersByTimeAsync(RESEND_COOLDOWN_MS - 10_000 - 1);
      expect(selectResendSecondsLeft(actor.getSnapshot())).toBe(1);
      expect(selectCanResendCode(actor.getSnapshot())).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(selectCanResendCode(actor.getSnapshot())).toBe(true);
      expect(selectResendCoolingDown(actor.getSnapshot())).toBe(false);
      expect(selectResendSecondsLeft(actor.getSnapshot())).toBe(0);
      // A resend starts the wait again.
      actor.send({ type: 'login.resendCode' });
      control.settle('sendCode', 'done', { session: 'session-2' });
      await vi.advanceTimersByTimeAsync(0);
      expect(selectCanResendCode(actor.getSnapshot())).toBe(false);
      expect(selectResendSecondsLeft(actor.getSnapshot())).toBe(30);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the code screen needs six digits before it verifies', () => {
    const { actor, control } = start({ tab: 'OTP', storedEmail: 'ada@example.com', loginSession: 'session-1' });
    actor.send({ type: 'login.change', field: 'otp', value: '12345' });
    actor.send({ type: 'login.submitOtp' });
    expect(control.inputs).toEqual([]);
    expect(selectOtpField(actor.getSnapshot()).error).toBe('form.code_length');
  });

  it('the back link forgets the stored e-mail and session and shows the e-mail form', () => {
    const { actor, storage, emitted } = start({ tab: 'OTP', storedEmail: 'ada@example.com', loginSession: 'session-1' });
    actor.send({ type: 'login.back' });
    expect(storage.getItem(loginKeys.loginEmail)).toBeNull();
    expect(emitted.at(-1)).toEqual({ type: 'panel.open', tab: 'LOGIN' });
    expect(actor.getSnapshot().matches({ flow: { email: 'editing' } })).toBe(true);
    expect(selectEmailField(actor.getSnapshot()).value).toBe('ada@example.com');
  });

  it('Back on the names asks before it signs the new account out; Stay keeps the names', async () => {
    const { actor, control, emitted } = start({ tab: 'PERSONAL_DATA' });
    actor.send({ type: 'login.change', field: 'givenName', value: 'Ada' });
    actor.send({ type: 'login.back' });
    expect(actor.getSnapshot().matches({ flow: { personalData: 'confirmingBack' } })).toBe(true);
    expect(control.inputs.filter((call) => call.id === 'endSession')).toEqual([]);
    actor.send({ type: 'login.cancelBack' });
    expect(actor.getSnapshot().matches({ flow: { personalData: 'editing' } })).toBe(true);
    expect(selectGivenNameField(actor.getSnapshot()).value).toBe('Ada');
    actor.send({ type: 'login.back' });
    actor.send({ type: 'login.confirmBack' });
    expect(control.inputs.filter((call) => call.id === 'endSession')).toHaveLength(1);
    control.settle('endSession', 'done', { ok: true });
    await flush();
    expect(emitted.slice(-2)).toEqual([{ type: 'session.signOut' }, { type: 'panel.open', tab: 'LOGIN' }]);
  });

  it('Back from the empty names does not mark them: leaving a name field untyped touches nothing, Continue still does', () => {
    const { actor } = start({ tab: 'PERSONAL_DATA' });
    // Pressing Back takes the focus from the empty first name (the blur comes before the press).
    actor.send({ type: 'login.blur', field: 'givenName' });
    actor.send({ type: 'login.back' });
    actor.send({ type: 'login.blur', field: 'givenName' });
    expect(actor.getSnapshot().matches({ flow: { personalData: 'confirmingBack' } })).toBe(true);
    expect(selectGivenNameField(actor.getSnapshot()).status).not.toBe('error');
    actor.send({ type: 'login.cancelBack' });
    expect(selectGivenNameField(actor.getSnapshot()).error).toBeNull();
    // Typed in and left: the field is judged from then on.
    actor.send({ type: 'login.change', field: 'familyName', value: ' ' });
    actor.send({ type: 'login.blur', field: 'familyName' });
    expect(selectFamilyNameField(actor.getSnapshot()).status).toBe('error');
    // Continue marks the untyped first name.
    actor.send({ type: 'login.submitPersonalData' });
    expect(selectGivenNameField(actor.getSnapshot()).status).toBe('error');
  });

  it('follows the router between its panels without starting over', () => {
    const { actor } = start({ tab: 'OTP', storedEmail: 'ada@example.com', loginSession: 'session-1' });
    actor.send({ type: 'login.change', field: 'otp', value: '12' });
    actor.send({ type: 'login.show', tab: 'OTP' });
    expect(selectOtpField(actor.getSnapshot()).value).toBe('12');
    actor.send({ type: 'login.show', tab: 'PERSONAL_DATA' });
    expect(actor.getSnapshot().matches({ flow: { personalData: 'editing' } })).toBe(true);
  });
});
