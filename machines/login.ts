// Sign-in (docs/product.md §2 Login, OTP, Personal data; §4 Login flow): the e-mail form sends a one-time code, the code form
// verifies it and hands the tokens to the wallet, a new account gives first and last name. One child of the wallet
// across the LOGIN, OTP and PERSONAL_DATA panels: it starts on the panel it was opened on, hears `login.show` when
// the router moves between them (browser back), and asks the wallet to move on (`panel.open`) as the flow advances.
import { and, assign, enqueueActions, fromPromise, not, raise, sendParent, setup, stateIn, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Tokens, UserProfile } from '../src/contract/entities';
import { isFormValid, loginForm, otpForm, personalDataForm } from '../src/contract/forms';
import type { Language } from '../src/contract/languages';
import { addRoutes } from '../src/client/client';
import { errorCode, failureKey, isApiRequestError, retryAfterSeconds } from '../src/client/errors';
import { RESEND_COOLDOWN_MS, RESEND_TICK_MS } from './login.timing';
import { forgetLogin, readDevice, readLogin, writeDevice, writeLogin } from '../src/client/login-storage';
import { type FlowInput, type LogParams, reportError, type Toast, type WalletServices } from './services';
import type { PanelOverlay, PanelTab } from './tabs';
import { doc } from './doc' with { type: 'macro' };
import { compactRoutes } from '../src/contract/route-table' with { type: 'macro' };

/** The routes of the calls this module makes: its chunk brings them to the client. */
addRoutes(compactRoutes('signIn', 'verifyLogin', 'me', 'updateProfile', 'logout'));

export type LoginField = 'email' | 'otp' | 'givenName' | 'familyName';
export type LoginTab = Extract<PanelTab, 'LOGIN' | 'OTP' | 'PERSONAL_DATA'>;

export interface LoginInput extends FlowInput {
  /** The panel the flow opens on. */
  tab: LoginTab;
  locale: Language;
}

export interface LoginContext {
  services: WalletServices;
  startTab: LoginTab;
  locale: Language;
  /** The e-mail a code was sent to (tw.loginEmail), if any. */
  storedEmail: string | null;
  /** The login session id of that code (tw.loginSession), if any. */
  loginSession: string | null;
  /** This browser's device token from its last sign-in with a code (tw.device), sent with every code request. */
  device: string | null;
  fields: Record<LoginField, string>;
  touched: Record<LoginField, boolean>;
  /**
   * The whole seconds until Resend comes back, counted down by the `resend` region while it is `coolingDown` (a code
   * went out less than RESEND_COOLDOWN_MS ago; the server's own limit comes after); 0 when Resend is ready.
   */
  resendSecondsLeft: number;
  /**
   * Why the last code was refused (a locale key: a wrong code, too many tries), shown under the emptied boxes until
   * the person types again; null otherwise.
   */
  codeRefusal: string | null;
  /** How many codes were refused so far: each refusal gives the first box the focus again, even a second alike. */
  codeRefusals: number;
}

export type LoginEvent =
  | { type: 'login.change'; field: LoginField; value: string }
  | { type: 'login.blur'; field: LoginField }
  | { type: 'login.submitEmail' }
  | { type: 'login.submitOtp' }
  | { type: 'login.resendCode' }
  /**
   * The back link. On the code screen: forget the code's e-mail and session, back to the e-mail form. On personal
   * data (a new account, already signed in): end that session and go back to the e-mail form, the address kept.
   */
  | { type: 'login.back' }
  /** On the "Going back signs you out" question of the names step: go back (sign out) or stay. */
  | { type: 'login.confirmBack' }
  | { type: 'login.cancelBack' }
  | { type: 'login.submitPersonalData' }
  /** From the wallet: the router now shows this sign-in panel. */
  | { type: 'login.show'; tab: LoginTab }
  /** Raised by the flow each time a code went out (sent or resent): the `resend` region starts its countdown. */
  | { type: 'login.codeSent' }
  /** Raised by the flow when the server says the code is spent (five wrong tries): the `resend` region stops waiting. */
  | { type: 'login.codeSpent' };

/** The refusal of a code tried too often: only a new code helps. */
export const CODE_SPENT = 'api.auth.otp_attempts_exceeded';

/** What the flow tells the wallet. */
export type LoginReport =
  | { type: 'panel.open'; tab: PanelTab; overlay?: PanelOverlay | null }
  /** Signed in (and named): the wallet goes where the person was going, or to the QR code with the HUB. */
  | { type: 'panel.continue' }
  | { type: 'session.signIn'; accessToken: string; refreshToken: string }
  | { type: 'session.signOut' }
  | ({ type: 'notify' } & Toast);

export type LoginTag = 'form' | 'loading';

export interface SendCodeInput {
  services: WalletServices;
  email: string;
  locale: Language;
  /** A resend: the sign-in session whose code is replaced (its wrong tries kept). */
  session?: string;
  /** The device token: the request draws on the owner's share of the mailbox's codes. */
  device?: string;
}
export interface VerifyCodeInput {
  services: WalletServices;
  otp: string;
  session: string;
  email: string;
}
export interface SaveNamesInput {
  services: WalletServices;
  givenName: string;
  familyName: string;
}

export const loginToastKeys = {
  codeResent: 'otp.code_resent',
  requestFailed: 'request_failed',
  invalidToken: 'invalid_token',
} as const;

const emptyFields: Record<LoginField, string> = { email: '', otp: '', givenName: '', familyName: '' };
const untouched: Record<LoginField, boolean> = { email: false, otp: false, givenName: false, familyName: false };

/** A wrong code answers a new login session id to use for the next try (docs/product.md §4). */
function sessionFromError(error: unknown): string | undefined {
  return isApiRequestError(error) ? error.body?.session : undefined;
}

/** An error toast; a refusal that says when to try again (Retry-After) carries it, and the toast tells it. */
function refusalToast(error: unknown, key: string): Toast {
  const seconds = retryAfterSeconds(error);
  return seconds === undefined ? { kind: 'error', key } : { kind: 'error', key, retryAfterSeconds: seconds };
}

const normalisedEmail = (context: LoginContext) => context.fields.email.trim().toLowerCase();

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
    tags: {} as LoginTag,
  },
  actions: {
    // The code's e-mail and session survive a reload (tw.loginEmail, tw.loginSession).
    persistLoginSession: ({ context }, params: { email: string; session: string }) =>
      writeLogin(context.services.platform.storage, params),
    removeStoredLoginSession: ({ context }) => forgetLogin(context.services.platform.storage),
    // The device token of a sign-in with a code outlives the session (tw.device): it names this browser as the owner's.
    keepDevice: assign(({ context }, params: { device?: string }) => {
      writeDevice(context.services.platform.storage, params.device);
      return { device: params.device ?? context.device };
    }),
    logError: ({ context }, params: LogParams) => reportError(context.services, params),
    notify: sendParent((_, params: Toast) => ({ type: 'notify' as const, ...params })),
    openPanel: sendParent((_, params: { tab: PanelTab; overlay?: PanelOverlay | null }) => ({ type: 'panel.open' as const, ...params })),
    signOut: sendParent({ type: 'session.signOut' as const }),
    /** The wallet's return-to rule (machines/router.ts) picks the panel: the one asked for before sign-in, or QR + HUB. */
    continueAfterSignIn: sendParent({ type: 'panel.continue' as const }),
    signIn: sendParent((_, params: Tokens) => ({
      type: 'session.signIn' as const,
      accessToken: params.accessToken,
      refreshToken: params.refreshToken,
    })),
    changeField: assign(({ context }, params: { field: LoginField; value: string }) => ({
      fields: { ...context.fields, [params.field]: params.value },
    })),
    touchFields: assign(({ context }, params: { fields: LoginField[] }) => ({
      touched: { ...context.touched, ...Object.fromEntries(params.fields.map((field) => [field, true])) },
    })),
    resetOtpField: assign(({ context }) => ({
      fields: { ...context.fields, otp: '' },
      touched: { ...context.touched, otp: false },
      codeRefusal: null,
    })),
    // The refused code leaves the boxes, so the next one is typed into empty boxes (and not sent again by Continue).
    refuseCode: assign(({ context }, params: { key: string }) => ({
      fields: { ...context.fields, otp: '' },
      touched: { ...context.touched, otp: false },
      codeRefusal: params.key,
      codeRefusals: context.codeRefusals + 1,
    })),
    forgetCodeRefusal: assign({ codeRefusal: null }),
    // Five wrong codes spend the code: the refusal says "Request a new code", so Resend is offered at once rather
    // than still counting down (the server has no wait of its own between codes, only its count per session).
    lapseCodeWhenSpent: enqueueActions(({ enqueue }, params: { key: string }) => {
      if (params.key === CODE_SPENT) enqueue.raise({ type: 'login.codeSpent' });
    }),
    prefillStoredEmail: assign(({ context }) => ({ fields: { ...context.fields, email: context.storedEmail ?? '' } })),
    rememberLoginSession: assign((_, params: { email: string; session: string }) => ({
      storedEmail: params.email,
      loginSession: params.session,
    })),
    forgetLoginSession: assign({ storedEmail: null, loginSession: null }),
    codeSent: raise({ type: 'login.codeSent' as const }),
    startCountdown: assign({ resendSecondsLeft: Math.ceil(RESEND_COOLDOWN_MS / 1000) }),
    // The last second stays on screen until resendCooldown ends the wait.
    countDownSecond: assign(({ context }) => ({ resendSecondsLeft: Math.max(1, context.resendSecondsLeft - 1) })),
    clearCountdown: assign({ resendSecondsLeft: 0 }),
  },
  delays: {
    resendCooldown: RESEND_COOLDOWN_MS,
    resendTick: RESEND_TICK_MS,
  },
  guards: {
    startsOn: ({ context }, params: { tab: LoginTab }) => context.startTab === params.tab,
    shows: ({ event }, params: { tab: LoginTab }) => event.type === 'login.show' && event.tab === params.tab,
    hasStoredEmail: ({ context }) => context.storedEmail !== null,
    hasLoginSession: ({ context }) => context.loginSession !== null,
    resendCoolingDown: stateIn('#login.resend.coolingDown'),
    /** The failure has a reason to tell (offline, or the server's code such as its rate limit). */
    failureHasReason: (_, params: { error: unknown }) => failureKey(params.error, '') !== '',
    emailValid: ({ context }) => isFormValid(loginForm, context.fields),
    /** The change fills the code's last digit: the code goes off without a press of Continue. */
    completesOtp: ({ context, event }) =>
      event.type === 'login.change' && event.field === 'otp' && event.value !== context.fields.otp && isFormValid(otpForm, { otp: event.value }),
    /** Leaving the code field before typing anything is no mistake to point out (no "Code is required" yet). */
    leavesOtpUntyped: ({ context, event }) => event.type === 'login.blur' && event.field === 'otp' && context.fields.otp === '',
    /**
     * Leaving a name field before typing in it is no mistake either: pressing Back takes the focus from the empty
     * first name, and that must not mark it "required" behind the sign-out question (Continue still marks both).
     */
    leavesNameUntyped: ({ context, event }) => event.type === 'login.blur' && context.fields[event.field] === '',
    otpValid: ({ context }) => isFormValid(otpForm, context.fields),
    personalDataValid: ({ context }) => isFormValid(personalDataForm, context.fields),
    userHasGivenName: (_, params: { user: UserProfile }) => Boolean(params.user.givenName?.trim()),
    errorCarriesSession: (_, params: { error: unknown }) => sessionFromError(params.error) !== undefined,
  },
  actors: {
    sendCode: fromPromise<{ session: string }, SendCodeInput>(({ input: { services, session, device, ...body } }) =>
      services.api.call('signIn', { body: { ...body, ...(session ? { session } : {}), ...(device ? { device } : {}) } }),
    ),
    verifyCode: fromPromise<Tokens, VerifyCodeInput>(({ input: { services, ...body } }) =>
      services.api.call('verifyLogin', { body }),
    ),
    // fresh: right after sign-in nothing older may answer; the session's own profile load shares the request.
    fetchUser: fromPromise<UserProfile, { services: WalletServices }>(({ input }) => input.services.api.call('me', { fresh: true })),
    saveNames: fromPromise<UserProfile, SaveNamesInput>(({ input: { services, ...body } }) =>
      services.api.call('updateProfile', { body }),
    ),
    endSession: fromPromise<{ ok: true }, { services: WalletServices }>(({ input }) => input.services.api.call('logout')),
  },
}).createMachine({
  id: 'login',
  meta: { ...doc('Sign-in: e-mail, the one-time code, then the names a new account needs') },
  context: ({ input }) => {
    const stored = readLogin(input.services.platform.storage);
    return {
      services: input.services,
      startTab: input.tab,
      locale: input.locale,
      storedEmail: stored.email,
      loginSession: stored.session,
      device: readDevice(input.services.platform.storage),
      fields: { ...emptyFields, email: stored.email ?? '' },
      touched: untouched,
      resendSecondsLeft: 0,
      codeRefusal: null,
      codeRefusals: 0,
    };
  },
  type: 'parallel',
  states: {
    flow: {
      ...doc('The sign-in screens, one after the other'),
      on: {
        'login.change': { actions: [{ type: 'changeField', params: ({ event }) => event }, 'forgetCodeRefusal'] },
        'login.blur': [
          { guard: 'leavesOtpUntyped' },
          { actions: { type: 'touchFields', params: ({ event }) => ({ fields: [event.field] }) } },
        ],
        // The router moved to another sign-in panel (browser back or forward): follow it.
        'login.show': [
          { guard: { type: 'shows', params: { tab: 'LOGIN' } }, target: '.email' },
          { guard: { type: 'shows', params: { tab: 'OTP' } }, target: '.otp' },
          { guard: { type: 'shows', params: { tab: 'PERSONAL_DATA' } }, target: '.personalData' },
        ],
      },
      initial: 'starting',
      states: {
        starting: {
          ...doc('Opens on the panel the wallet showed'),
          always: [
            { guard: { type: 'startsOn', params: { tab: 'OTP' } }, target: 'otp' },
            { guard: { type: 'startsOn', params: { tab: 'PERSONAL_DATA' } }, target: 'personalData' },
            { target: 'email' },
          ],
        },

        email: {
          meta: { screen: 'LOGIN', ...doc('Login: e-mail field and Continue') },
          initial: 'deciding',
          on: { 'login.show': { guard: { type: 'shows', params: { tab: 'LOGIN' } } } },
          states: {
            deciding: {
              ...doc('With a stored e-mail (a code was sent before), send the code to it again at once'),
              always: [{ guard: 'hasStoredEmail', target: 'sendingCode', actions: 'prefillStoredEmail' }, { target: 'editing' }],
            },
            editing: {
              tags: ['form'],
              on: {
                'login.submitEmail': [
                  { guard: 'emailValid', target: 'sendingCode' },
                  { actions: { type: 'touchFields', params: { fields: ['email'] } } },
                ],
              },
            },
            sendingCode: {
              tags: ['form', 'loading'],
              invoke: {
                id: 'sendCode',
                src: 'sendCode',
                input: ({ context }) => ({
                  services: context.services,
                  email: normalisedEmail(context),
                  locale: context.locale,
                  device: context.device ?? undefined,
                }),
                onDone: {
                  target: '#login.flow.otp',
                  actions: [
                    { type: 'rememberLoginSession', params: ({ context, event }) => ({ email: normalisedEmail(context), session: event.output.session }) },
                    { type: 'persistLoginSession', params: ({ context, event }) => ({ email: normalisedEmail(context), session: event.output.session }) },
                    'codeSent',
                    { type: 'openPanel', params: { tab: 'OTP' } },
                  ],
                },
                onError: {
                  target: 'editing',
                  actions: [
                    { type: 'logError', params: ({ event }) => ({ message: 'login: sending the code failed', error: event.error }) },
                    { type: 'notify', params: ({ event }) => refusalToast(event.error, failureKey(event.error, loginToastKeys.requestFailed)) },
                  ],
                },
              },
            },
          },
        },

        otp: {
          meta: { screen: 'OTP', ...doc('One-time code: six digits, Continue and Resend code') },
          initial: 'checking',
          entry: 'resetOtpField',
          on: { 'login.show': { guard: { type: 'shows', params: { tab: 'OTP' } } } },
          states: {
            checking: {
              ...doc('Without a stored e-mail or login session the code screen returns to login'),
              always: [
                { guard: and(['hasStoredEmail', 'hasLoginSession']), target: 'editing' },
                { target: '#login.flow.email', actions: { type: 'openPanel', params: { tab: 'LOGIN' } } },
              ],
            },
            editing: {
              tags: ['form'],
              on: {
                'login.change': {
                  guard: 'completesOtp',
                  target: 'verifying',
                  actions: [{ type: 'changeField', params: ({ event }) => event }, 'forgetCodeRefusal'],
                },
                'login.submitOtp': [
                  { guard: 'otpValid', target: 'verifying' },
                  { actions: { type: 'touchFields', params: { fields: ['otp'] } } },
                ],
                'login.resendCode': { guard: not('resendCoolingDown'), target: 'resending' },
                'login.back': {
                  target: '#login.flow.email',
                  actions: ['forgetLoginSession', 'removeStoredLoginSession', { type: 'openPanel', params: { tab: 'LOGIN' } }],
                },
              },
            },
            resending: {
              tags: ['form'],
              invoke: {
                id: 'sendCode',
                src: 'sendCode',
                input: ({ context }) => ({
                  services: context.services,
                  email: context.storedEmail ?? normalisedEmail(context),
                  locale: context.locale,
                  session: context.loginSession ?? undefined,
                  device: context.device ?? undefined,
                }),
                onDone: {
                  target: 'editing',
                  actions: [
                    { type: 'rememberLoginSession', params: ({ context, event }) => ({ email: context.storedEmail ?? '', session: event.output.session }) },
                    { type: 'persistLoginSession', params: ({ context, event }) => ({ email: context.storedEmail ?? '', session: event.output.session }) },
                    'codeSent',
                    { type: 'notify', params: { kind: 'success', key: loginToastKeys.codeResent } },
                  ],
                },
                onError: [
                  {
                    // Offline, or the server's limit on codes: the person needs to know why nothing came.
                    guard: { type: 'failureHasReason', params: ({ event }) => ({ error: event.error }) },
                    target: 'editing',
                    actions: [
                      { type: 'logError', params: ({ event }) => ({ message: 'login: resending the code failed', error: event.error }) },
                      { type: 'notify', params: ({ event }) => refusalToast(event.error, failureKey(event.error, loginToastKeys.requestFailed)) },
                    ],
                  },
                  {
                    target: 'editing',
                    // docs/product.md §8: any other resend failure is only logged.
                    actions: { type: 'logError', params: ({ event }) => ({ message: 'login: resending the code failed', error: event.error }) },
                  },
                ],
              },
            },
            verifying: {
              tags: ['form', 'loading'],
              invoke: {
                id: 'verifyCode',
                src: 'verifyCode',
                input: ({ context }) => ({
                  services: context.services,
                  otp: context.fields.otp.trim(),
                  session: context.loginSession ?? '',
                  email: context.storedEmail ?? '',
                }),
                onDone: {
                  target: 'loadingUser',
                  actions: [
                    { type: 'signIn', params: ({ event }) => event.output },
                    { type: 'keepDevice', params: ({ event }) => ({ device: event.output.device }) },
                    'forgetLoginSession',
                    'removeStoredLoginSession',
                  ],
                },
                onError: [
                  {
                    guard: { type: 'errorCarriesSession', params: ({ event }) => ({ error: event.error }) },
                    target: 'editing',
                    actions: [
                      { type: 'logError', params: ({ event }) => ({ message: 'login: code verification failed', error: event.error }) },
                      {
                        type: 'rememberLoginSession',
                        params: ({ context, event }) => ({ email: context.storedEmail ?? '', session: sessionFromError(event.error) ?? '' }),
                      },
                      {
                        type: 'persistLoginSession',
                        params: ({ context, event }) => ({ email: context.storedEmail ?? '', session: sessionFromError(event.error) ?? '' }),
                      },
                      { type: 'refuseCode', params: ({ event }) => ({ key: errorCode(event.error) ?? loginToastKeys.invalidToken }) },
                      { type: 'lapseCodeWhenSpent', params: ({ event }) => ({ key: errorCode(event.error) ?? '' }) },
                    ],
                  },
                  {
                    target: 'editing',
                    actions: [
                      { type: 'logError', params: ({ event }) => ({ message: 'login: code verification failed', error: event.error }) },
                      { type: 'refuseCode', params: ({ event }) => ({ key: errorCode(event.error) ?? loginToastKeys.invalidToken }) },
                      { type: 'lapseCodeWhenSpent', params: ({ event }) => ({ key: errorCode(event.error) ?? '' }) },
                    ],
                  },
                ],
              },
            },
            loadingUser: {
              tags: ['loading'],
              invoke: {
                id: 'fetchUser',
                src: 'fetchUser',
                input: ({ context }) => ({ services: context.services }),
                onDone: [
                  {
                    guard: { type: 'userHasGivenName', params: ({ event }) => ({ user: event.output }) },
                    target: '#login.flow.done',
                    actions: 'continueAfterSignIn',
                  },
                  { target: '#login.flow.personalData', actions: { type: 'openPanel', params: { tab: 'PERSONAL_DATA' } } },
                ],
                // Signed in, but the profile did not load (logged only, docs/product.md §7): the QR screen does not need it.
                onError: {
                  target: '#login.flow.done',
                  actions: [
                    { type: 'logError', params: ({ event }) => ({ message: 'login: profile load failed', error: event.error }) },
                    'continueAfterSignIn',
                  ],
                },
              },
            },
          },
        },

        personalData: {
          meta: { screen: 'PERSONAL_DATA', ...doc('Personal data: first name and last name') },
          initial: 'editing',
          on: { 'login.show': { guard: { type: 'shows', params: { tab: 'PERSONAL_DATA' } } } },
          states: {
            editing: {
              tags: ['form'],
              on: {
                'login.submitPersonalData': [
                  { guard: 'personalDataValid', target: 'saving' },
                  { actions: { type: 'touchFields', params: { fields: ['givenName', 'familyName'] } } },
                ],
                'login.back': 'confirmingBack',
                'login.blur': [
                  { guard: 'leavesNameUntyped' },
                  { actions: { type: 'touchFields', params: ({ event }) => ({ fields: [event.field] }) } },
                ],
              },
            },
            confirmingBack: {
              ...doc('Back from the names signs the new account out: "Going back signs you out" asks first (Sign out, Stay)'),
              tags: ['form'],
              on: {
                'login.confirmBack': 'leaving',
                'login.cancelBack': 'editing',
                // The question takes the focus from a name field: leaving it does not mark the name touched.
                'login.blur': {},
              },
            },
            leaving: {
              ...doc(
                'Back from the names: the new account\'s session ends (the step is not skipped by going on signed in) and the e-mail form shows the address used',
              ),
              tags: ['loading'],
              invoke: {
                id: 'endSession',
                src: 'endSession',
                input: ({ context }) => ({ services: context.services }),
                onDone: { target: '#login.flow.email', actions: ['signOut', { type: 'openPanel', params: { tab: 'LOGIN' } }] },
                // Offline or refused: the tokens are forgotten all the same, and the server's session runs out by itself.
                onError: {
                  target: '#login.flow.email',
                  actions: [
                    { type: 'logError', params: ({ event }) => ({ message: 'login: ending the session failed', error: event.error }) },
                    'signOut',
                    { type: 'openPanel', params: { tab: 'LOGIN' } },
                  ],
                },
              },
            },
            saving: {
              tags: ['form', 'loading'],
              invoke: {
                id: 'saveNames',
                src: 'saveNames',
                input: ({ context }) => ({
                  services: context.services,
                  givenName: context.fields.givenName.trim(),
                  familyName: context.fields.familyName.trim(),
                }),
                onDone: { target: '#login.flow.done', actions: 'continueAfterSignIn' },
                onError: {
                  target: 'editing',
                  actions: [
                    { type: 'logError', params: ({ event }) => ({ message: 'login: saving the names failed', error: event.error }) },
                    { type: 'notify', params: { kind: 'error', key: loginToastKeys.requestFailed } },
                  ],
                },
              },
            },
          },
        },

        done: {
          ...doc('Signed in and named: the wallet moves on (where the person was going, else the QR pass and the HUB), which ends this flow'),
        },
      },
    },

    resend: {
      ...doc(
        'Resend code waits RESEND_COOLDOWN_MS after each code that went out, and counts the seconds left for the screen',
      ),
      initial: 'ready',
      states: {
        ready: {
          ...doc('Resend code may be pressed'),
          on: { 'login.codeSent': 'coolingDown' },
        },
        coolingDown: {
          ...doc('A code went out moments ago: Resend waits, and the seconds left count down'),
          // A new code starts the wait again, from the full count.
          on: {
            'login.codeSent': { target: 'coolingDown', reenter: true },
            // The code is spent (five wrong tries): a new one is the only way on, so the wait ends.
            'login.codeSpent': 'ready',
          },
          entry: 'startCountdown',
          exit: 'clearCountdown',
          after: { resendCooldown: 'ready' },
          initial: 'counting',
          states: {
            counting: {
              after: { resendTick: { target: 'counting', reenter: true, actions: 'countDownSecond' } },
            },
          },
        },
      },
    },
  },
});

export type LoginMachine = typeof loginMachine;
export type LoginActor = ActorRefFrom<LoginMachine>;
export type LoginSnapshot = SnapshotFrom<LoginMachine>;
