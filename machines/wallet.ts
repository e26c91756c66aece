// The wallet: the one actor the app creates (machines/create-wallet.ts). Two regions, read as a chart:
//   session  starting → signedOut | signedIn: the only place that says whether someone is signed in; signed in, it
//            runs the session child with the tokens.
//   panel    the router (machines/router.ts): closed | open { tab: one state per flow of the registry, overlay: HUB }.
// Flows report up with sendParent (`panel.open`, `notify`, `session.signIn` …). Platform effects are named actions
// of the setup (machines/wallet.setup.ts), supplied by createWallet.
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { router } from './router';
import { languageOf } from './panel.location';
import { urlParams, walletSetup } from './wallet.setup';
import { doc } from './doc' with { type: 'macro' };

export {
  flowSource,
  HUB_FADE_MS,
  type PanelRequest,
  type WalletChildren,
  type WalletContext,
  type WalletEvent,
  type WalletInput,
  type WalletTag,
} from './wallet.setup';

/** The toast of an expired session (it travels with the toasts, like every api.* message). */
export const SESSION_ENDED_KEY = 'api.auth.refresh_invalid';

const tokensOf = (event: { type: string; accessToken?: string; refreshToken?: string }) => ({
  accessToken: event.accessToken ?? '',
  refreshToken: event.refreshToken ?? '',
});

export const walletMachine = walletSetup.createMachine({
  id: 'wallet',
  meta: { ...doc("The wallet's root: signed in or out, and the router that shows one panel's flow (and the HUB) at a time") },
  type: 'parallel',
  context: ({ input }) => ({
    location: input.location,
    services: input.services,
    language: input.language ?? languageOf(input.location.pathname),
    initialTokens: input.tokens,
    shown: { key: null, tab: null },
    returnTo: null,
  }),
  invoke: [
    {
      id: 'watchHistory',
      src: 'watchHistory',
      input: ({ context }) => ({ services: context.services }),
      onError: {
        actions: { type: 'logError', params: ({ event }) => ({ message: 'wallet: history listener failed', error: event.error }) },
      },
    },
    {
      // The toasts and the footer's controls (machines/frame.ts): every toast goes through it.
      id: 'frame',
      src: 'frame',
      input: ({ context }) => ({ services: context.services }),
      onError: {
        actions: { type: 'logError', params: ({ event }) => ({ message: 'wallet: the frame crashed', error: event.error }) },
      },
    },
    {
      // Told by the router once a panel shows; downloads the other panels' chunks in the background.
      id: 'prefetch',
      src: 'prefetchChunks',
      input: ({ context }) => ({ services: context.services }),
      onError: {
        actions: { type: 'logError', params: ({ event }) => ({ message: 'wallet: prefetching failed', error: event.error }) },
      },
    },
  ],
  on: {
    notify: { actions: { type: 'showToast', params: ({ event }) => ({ kind: event.kind, key: event.key, retryAfterSeconds: event.retryAfterSeconds }) } },
  },
  states: {
    session: {
      initial: 'starting',
      states: {
        starting: {
          always: [{ guard: 'hasInitialTokens', target: 'signedIn' }, { target: 'signedOut' }],
        },
        signedOut: {
          ...doc('No access token is stored: only LOGIN and OTP open'),
          on: {
            'session.signIn': {
              target: 'signedIn',
              actions: { type: 'persistTokens', params: ({ event }) => tokensOf(event) },
            },
            // The host page signed its user in: a sign-in on screen is done, and goes where a code's would.
            'session.handedOver': [
              {
                guard: { type: 'showsFlow', params: { flow: 'login' } },
                target: 'signedIn',
                actions: [
                  { type: 'persistTokens', params: ({ event }) => tokensOf(event) },
                  'navigateAfterSignIn',
                  { type: 'pushUrl', params: urlParams },
                ],
              },
              { target: 'signedIn', actions: { type: 'persistTokens', params: ({ event }) => tokensOf(event) } },
            ],
          },
        },
        signedIn: {
          ...doc('Tokens are stored: the session child holds them, refreshes them and loads the profile'),
          invoke: {
            id: 'session',
            systemId: 'session',
            src: 'session',
            input: ({ context, event }) => ({
              services: context.services,
              tokens:
                event.type === 'session.signIn' || event.type === 'session.handedOver' ? tokensOf(event) : (context.initialTokens ?? tokensOf(event)),
            }),
            // The session cannot go on: signed out, as after a failed refresh, but without reloading the page.
            onError: {
              target: 'signedOut',
              actions: [
                { type: 'logError', params: ({ event }) => ({ message: 'wallet: the session crashed', error: event.error }) },
                'forgetInitialTokens',
                'forgetTokens',
                'clearCache',
              ],
            },
          },
          on: {
            'session.signIn': {
              target: 'signedIn',
              reenter: true,
              actions: { type: 'persistTokens', params: ({ event }) => tokensOf(event) },
            },
            // The host page signed in its user, maybe another person: a new session, nothing of the last one kept.
            'session.handedOver': {
              target: 'signedIn',
              reenter: true,
              actions: ['forgetInitialTokens', 'clearCache', { type: 'persistTokens', params: ({ event }) => tokensOf(event) }],
            },
            'session.tokensRotated': { actions: { type: 'persistTokens', params: ({ event }) => event.tokens } },
            // Signed out on purpose (Logout, Back from the names): the guard's LOGIN comes at once, remembering nothing,
            // so the next sign-in is a plain one (QR + HUB).
            'session.signOut': {
              target: 'signedOut',
              actions: [
                'forgetInitialTokens',
                'forgetTokens',
                'clearCache',
                { type: 'redirect', params: { signedIn: false } },
                { type: 'replaceUrl', params: urlParams },
                'forgetReturnTo',
              ],
            },
            // docs/product.md §4: a failed refresh removes both stored tokens. No silent reload: "Your session has ended"
            // says why, and the guard takes an open panel to LOGIN, which returns to it once signed in again.
            'session.expired': {
              target: 'signedOut',
              actions: [
                'forgetInitialTokens',
                'forgetTokens',
                'clearCache',
                { type: 'showToast', params: { kind: 'error', key: SESSION_ENDED_KEY } },
              ],
            },
          },
        },
      },
    },
    panel: router,
  },
});

export type WalletMachine = typeof walletMachine;
export type WalletActor = ActorRefFrom<WalletMachine>;
export type WalletSnapshot = SnapshotFrom<WalletMachine>;
