// Sign-in (SPEC §2 Login, OTP, Personal data; §4 Login flow): the e-mail form sends a one-time code, the code form
// verifies it and stores the tokens, a new account gives first and last name. The machine follows the panel
// (panel.changed) and moves it when the flow advances (emits panel.open); tokens go to the session (emits
// session.signIn); toasts go out through the `notify` action.
import { and, assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Tokens, UserProfile } from '../src/contract/entities';
import { loginForm, otpForm, personalDataForm } from '../src/contract/forms';
import { errorCode, isApiRequestError } from '../src/client/errors';
import type { Language, PanelOverlay, PanelTab } from './panel.location';

export type LoginField = 'email' | 'otp' | 'givenName' | 'familyName';

export interface LoginInput {
  locale: Language;
  /** The e-mail a code was sent to (tw.loginEmail), if any. */
  storedEmail: string | null;
  /** The login session id of that code (tw.loginSession), if any. */
  loginSession: string | null;
  /** Whether an access token is stored (the session tells later changes with session.changed). */
  signedIn: boolean;
}

export interface LoginContext {
  locale: Language;
  signedIn: boolean;
  storedEmail: string | null;
  loginSession: string | null;
  fields: Record<LoginField, string>;
  touched: Record<LoginField, boolean>;
}

export type LoginEvent =
  | { type: 'login.change'; field: LoginField; value: string }
  | { type: 'login.blur'; field: LoginField }
  | { type: 'login.submitEmail' }
  | { type: 'login.submitOtp' }
  | { type: 'login.resendCode' }
  /** The OTP screen's back link: forget the code's e-mail and session, back to the e-mail form. */
  | { type: 'login.back' }
  | { type: 'login.submitPersonalData' }
  | { type: 'panel.changed'; tab: PanelTab | null; overlay: PanelOverlay | null }
  | { type: 'session.changed'; signedIn: boolean };

export interface Toast {
  kind: 'success' | 'error';
  /** A locale key. */
  key: string;
}

export type LoginEmitted =
  | { type: 'panel.open'; tab: PanelTab; overlay?: PanelOverlay | null }
  | { type: 'session.signIn'; accessToken: string; refreshToken: string }
  | ({ type: 'notify' } & Toast);

export type LoginTag = 'form' | 'loading';

export interface SendCodeInput {
  email: string;
  locale: Language;
}
export interface VerifyCodeInput {
  otp: string;
  session: string;
  email: string;
}
export interface SaveNamesInput {
  givenName: string;
  familyName: string;
}

export const loginToastKeys = {
  codeResent: 'login.code_resent',
  requestFailed: 'request_failed',
  invalidToken: 'invalid_token',
} as const;

const emptyFields: Record<LoginField, string> = { email: '', otp: '', givenName: '', familyName: '' };
const untouched: Record<LoginField, boolean> = { email: false, otp: false, givenName: false, familyName: false };

/** A wrong code answers a new login session id to use for the next try (SPEC §4). */
function sessionFromError(error: unknown): string | undefined {
  return isApiRequestError(error) ? error.body?.session : undefined;
}

const normalisedEmail = (context: LoginContext) => context.fields.email.trim().toLowerCase();

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
    emitted: {} as LoginEmitted,
    tags: {} as LoginTag,
  },
  actions: {
    // Platform effects (tw.loginEmail, tw.loginSession), provided by createWallet; no-ops by default.
    persistLoginSession: (_, _params: { email: string; session: string }) => {},
    removeStoredLoginSession: () => {},
    logError: (_, params: { message: string; error: unknown }) => console.error(params.message, params.error),
    /** A toast; createWallet hands it to the view layer. */
    notify: emit((_, params: Toast) => ({ type: 'notify' as const, ...params })),
    openPanel: emit((_, params: { tab: PanelTab; overlay?: PanelOverlay | null }) => ({ type: 'panel.open' as const, ...params })),
    signIn: emit((_, params: Tokens) => ({
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
    })),
    prefillStoredEmail: assign(({ context }) => ({ fields: { ...context.fields, email: context.storedEmail ?? '' } })),
    rememberLoginSession: assign((_, params: { email: string; session: string }) => ({
      storedEmail: params.email,
      loginSession: params.session,
    })),
    forgetLoginSession: assign({ storedEmail: null, loginSession: null }),
    rememberSignedIn: assign((_, params: { signedIn: boolean }) => ({ signedIn: params.signedIn })),
  },
  guards: {
    screenIs: ({ event }, params: { tab: PanelTab }) => event.type === 'panel.changed' && event.tab === params.tab,
    hasStoredEmail: ({ context }) => context.storedEmail !== null,
    hasLoginSession: ({ context }) => context.loginSession !== null,
    signedIn: ({ context }) => context.signedIn,
    emailValid: ({ context }) => loginForm.safeParse({ email: context.fields.email }).success,
    otpValid: ({ context }) => otpForm.safeParse({ otp: context.fields.otp }).success,
    personalDataValid: ({ context }) =>
      personalDataForm.safeParse({ givenName: context.fields.givenName, familyName: context.fields.familyName }).success,
    userHasGivenName: (_, params: { user: UserProfile }) => Boolean(params.user.givenName?.trim()),
    errorCarriesSession: (_, params: { error: unknown }) => sessionFromError(params.error) !== undefined,
  },
  actors: {
    // Provided by createWallet with the API client; tests provide mocks.
    sendCode: fromPromise<{ session: string }, SendCodeInput>(async () => {
      throw new Error('login: sendCode is not provided');
    }),
    verifyCode: fromPromise<Tokens, VerifyCodeInput>(async () => {
      throw new Error('login: verifyCode is not provided');
    }),
    fetchUser: fromPromise<UserProfile>(async () => {
      throw new Error('login: fetchUser is not provided');
    }),
    saveNames: fromPromise<UserProfile, SaveNamesInput>(async () => {
      throw new Error('login: saveNames is not provided');
    }),
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    locale: input.locale,
    signedIn: input.signedIn,
    storedEmail: input.storedEmail,
    loginSession: input.loginSession,
    fields: { ...emptyFields, email: input.storedEmail ?? '' },
    touched: untouched,
  }),
  on: {
    'login.change': { actions: { type: 'changeField', params: ({ event }) => event } },
    'login.blur': { actions: { type: 'touchFields', params: ({ event }) => ({ fields: [event.field] }) } },
    'session.changed': { actions: { type: 'rememberSignedIn', params: ({ event }) => event } },
  },
  initial: 'idle',
  states: {
    idle: {
      description: 'None of the sign-in screens is shown',
      on: {
        'panel.changed': [
          { guard: { type: 'screenIs', params: { tab: 'LOGIN' } }, target: 'email' },
          { guard: { type: 'screenIs', params: { tab: 'OTP' } }, target: 'otp' },
          { guard: { type: 'screenIs', params: { tab: 'PERSONAL_DATA' } }, target: 'personalData' },
        ],
      },
    },

    email: {
      meta: { screen: 'LOGIN', description: 'Login: e-mail field and Continue' },
      initial: 'deciding',
      on: {
        'panel.changed': [
          { guard: { type: 'screenIs', params: { tab: 'LOGIN' } } },
          { guard: { type: 'screenIs', params: { tab: 'OTP' } }, target: 'otp' },
          { guard: { type: 'screenIs', params: { tab: 'PERSONAL_DATA' } }, target: 'personalData' },
          { target: 'idle' },
        ],
      },
      states: {
        deciding: {
          description:
            'With a stored e-mail and an access token, first try the user; with a stored e-mail only, send the code to it',
          always: [
            { guard: and(['hasStoredEmail', 'signedIn']), target: 'checkingUser', actions: 'prefillStoredEmail' },
            { guard: 'hasStoredEmail', target: 'sendingCode', actions: 'prefillStoredEmail' },
            { target: 'editing' },
          ],
        },
        checkingUser: {
          tags: ['loading'],
          invoke: {
            id: 'fetchUser',
            src: 'fetchUser',
            onDone: [
              {
                guard: { type: 'userHasGivenName', params: ({ event }) => ({ user: event.output }) },
                target: '#login.idle',
                actions: { type: 'openPanel', params: { tab: 'QR', overlay: 'HUB' } },
              },
              { target: '#login.personalData', actions: { type: 'openPanel', params: { tab: 'PERSONAL_DATA' } } },
            ],
            onError: {
              target: 'sendingCode',
              actions: { type: 'logError', params: ({ event }) => ({ message: 'login: user check failed', error: event.error }) },
            },
          },
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
            input: ({ context }) => ({ email: normalisedEmail(context), locale: context.locale }),
            onDone: {
              target: '#login.otp',
              actions: [
                { type: 'rememberLoginSession', params: ({ context, event }) => ({ email: normalisedEmail(context), session: event.output.session }) },
                { type: 'persistLoginSession', params: ({ context, event }) => ({ email: normalisedEmail(context), session: event.output.session }) },
                { type: 'openPanel', params: { tab: 'OTP' } },
              ],
            },
            onError: {
              target: 'editing',
              actions: [
                { type: 'logError', params: ({ event }) => ({ message: 'login: sending the code failed', error: event.error }) },
                { type: 'notify', params: { kind: 'error', key: loginToastKeys.requestFailed } },
              ],
            },
          },
        },
      },
    },

    otp: {
      meta: { screen: 'OTP', description: 'One-time code: six digits, Continue and Resend code' },
      initial: 'checking',
      entry: 'resetOtpField',
      on: {
        'panel.changed': [
          { guard: { type: 'screenIs', params: { tab: 'OTP' } } },
          { guard: { type: 'screenIs', params: { tab: 'LOGIN' } }, target: 'email' },
          { guard: { type: 'screenIs', params: { tab: 'PERSONAL_DATA' } }, target: 'personalData' },
          { target: 'idle' },
        ],
      },
      states: {
        checking: {
          description: 'Without a stored e-mail or login session the code screen returns to login',
          always: [
            { guard: and(['hasStoredEmail', 'hasLoginSession']), target: 'editing' },
            { target: '#login.email', actions: { type: 'openPanel', params: { tab: 'LOGIN' } } },
          ],
        },
        editing: {
          tags: ['form'],
          on: {
            'login.submitOtp': [
              { guard: 'otpValid', target: 'verifying' },
              { actions: { type: 'touchFields', params: { fields: ['otp'] } } },
            ],
            'login.resendCode': 'resending',
            'login.back': {
              target: '#login.email',
              actions: ['forgetLoginSession', 'removeStoredLoginSession', { type: 'openPanel', params: { tab: 'LOGIN' } }],
            },
          },
        },
        resending: {
          tags: ['form'],
          invoke: {
            id: 'sendCode',
            src: 'sendCode',
            input: ({ context }) => ({ email: context.storedEmail ?? normalisedEmail(context), locale: context.locale }),
            onDone: {
              target: 'editing',
              actions: [
                { type: 'rememberLoginSession', params: ({ context, event }) => ({ email: context.storedEmail ?? '', session: event.output.session }) },
                { type: 'persistLoginSession', params: ({ context, event }) => ({ email: context.storedEmail ?? '', session: event.output.session }) },
                { type: 'notify', params: { kind: 'success', key: loginToastKeys.codeResent } },
              ],
            },
            onError: {
              target: 'editing',
              // SPEC §8: a resend failure is only logged.
              actions: { type: 'logError', params: ({ event }) => ({ message: 'login: resending the code failed', error: event.error }) },
            },
          },
        },
        verifying: {
          tags: ['form', 'loading'],
          invoke: {
            id: 'verifyCode',
            src: 'verifyCode',
            input: ({ context }) => ({
              otp: context.fields.otp.trim(),
              session: context.loginSession ?? '',
              email: context.storedEmail ?? '',
            }),
            onDone: {
              target: 'loadingUser',
              actions: [
                { type: 'signIn', params: ({ event }) => event.output },
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
                  { type: 'notify', params: ({ event }) => ({ kind: 'error', key: errorCode(event.error) ?? loginToastKeys.invalidToken }) },
                ],
              },
              {
                target: 'editing',
                actions: [
                  { type: 'logError', params: ({ event }) => ({ message: 'login: code verification failed', error: event.error }) },
                  { type: 'notify', params: ({ event }) => ({ kind: 'error', key: errorCode(event.error) ?? loginToastKeys.invalidToken }) },
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
            onDone: [
              {
                guard: { type: 'userHasGivenName', params: ({ event }) => ({ user: event.output }) },
                target: '#login.idle',
                actions: { type: 'openPanel', params: { tab: 'QR', overlay: 'HUB' } },
              },
              { target: '#login.personalData', actions: { type: 'openPanel', params: { tab: 'PERSONAL_DATA' } } },
            ],
            // Signed in, but the profile did not load (logged only, SPEC §7): the QR screen does not need it.
            onError: {
              target: '#login.idle',
              actions: [
                { type: 'logError', params: ({ event }) => ({ message: 'login: profile load failed', error: event.error }) },
                { type: 'openPanel', params: { tab: 'QR', overlay: 'HUB' } },
              ],
            },
          },
        },
      },
    },

    personalData: {
      meta: { screen: 'PERSONAL_DATA', description: 'Personal data: first name and last name' },
      initial: 'editing',
      on: {
        'panel.changed': [
          { guard: { type: 'screenIs', params: { tab: 'PERSONAL_DATA' } } },
          { guard: { type: 'screenIs', params: { tab: 'LOGIN' } }, target: 'email' },
          { guard: { type: 'screenIs', params: { tab: 'OTP' } }, target: 'otp' },
          { target: 'idle' },
        ],
      },
      states: {
        editing: {
          tags: ['form'],
          on: {
            'login.submitPersonalData': [
              { guard: 'personalDataValid', target: 'saving' },
              { actions: { type: 'touchFields', params: { fields: ['givenName', 'familyName'] } } },
            ],
          },
        },
        saving: {
          tags: ['form', 'loading'],
          invoke: {
            id: 'saveNames',
            src: 'saveNames',
            input: ({ context }) => ({ givenName: context.fields.givenName.trim(), familyName: context.fields.familyName.trim() }),
            onDone: { target: '#login.idle', actions: { type: 'openPanel', params: { tab: 'QR', overlay: 'HUB' } } },
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
  },
});

export type LoginMachine = typeof loginMachine;
export type LoginActor = ActorRefFrom<LoginMachine>;
export type LoginSnapshot = SnapshotFrom<LoginMachine>;
