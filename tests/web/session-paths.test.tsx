// Model-based paths of the session machine run against the rendered screens. The test model is derived from the
// real machine the way tests/machines/session.test.ts does it (toTestMachine, canTake, the sample events and starts of
// tests/machines/session.model.ts), kept to what can happen on the screens: a person signs in (e-mail, code) and out (HUB, Logout,
// confirm) and saves their name on the personal-data screen (which invalidates the profile); the API answers the
// held profile and refresh requests (an expired access token is answered 401, the refresh succeeds or fails). After
// every step the screens must agree with the model's state: the tokens in storage, the avatar and its initials, the
// HUB's profile card, LOGIN once signed out, a page reload for each failed refresh, exactly one refresh request
// while refreshing, and a profile request sent with the current token exactly while the profile loads.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { parseRoute, toUrl, withRoute } from '../../machines/panel.location';
import { sessionMachine, type SessionEvent, type SessionInput, type SessionSnapshot } from '../../machines/session';
import { REFRESH_RACE_SETTLE_MS } from '../../machines/wallet';
import { userProfile } from '../machines/fixtures';
import { canTake, isSample, toTestMachine } from '../machines/model';
import { sessionSampleEvents, sessionStarts, type SessionModelEvent } from '../machines/session.model';
import { apiError, handle } from './fake-api';
import { countSteps, holdRequests, nextTask, responseFor, storedTokens, type HeldRequests } from './path-helpers';
import { setUpWalletTests, type RenderedWallet } from './render-wallet';

// A failed refresh waits REFRESH_RACE_SETTLE_MS for another tab's tokens: the paths jump over it.
const tests = setUpWalletTests({ fakeTimeouts: true });

/**
 * What the screens allow beyond what the machine accepts: the sign-in screens are shown only while signed out
 * (LOGIN with a token goes to QR); every request waits for a running refresh, so the logout request, a profile
 * save and the profile request cannot be answered during one; the 401 that starts a refresh is the answer to the
 * profile request, so it happens while the profile loads.
 */
function onScreen(snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  const valid = snapshot.matches({ signedIn: { token: 'valid' } });
  switch (event.type) {
    case 'session.signIn':
      return snapshot.matches('signedOut');
    case 'session.signOut':
    case 'session.userStale':
    case 'fetchUser.done':
    case 'fetchUser.error':
      return valid;
    case 'session.refresh':
      return valid && snapshot.matches({ signedIn: { profile: 'loading' } });
    case 'refreshTokens.done':
    case 'refreshTokens.error':
      return true;
    default:
      return false; // watchUser.error: the USER subscription cannot fail on the screens
  }
}

/** session.test.ts's starts, each on a screen that shows the session: signed in, the personal data; else LOGIN. */
const starts = sessionStarts.map((start) => ({
  ...start,
  url: start.input.accessToken ? '/en/?PANEL_TAB=PERSONAL_DATA' : '/en/?PANEL_TAB=LOGIN',
  storage: storedTokens(start.input),
}));

function pathsFrom(input: SessionInput) {
  const model = createTestModel(toTestMachine(sessionMachine), {
    input,
    events: sessionSampleEvents as SessionEvent[],
    filterEvents: (snapshot, event) => canTake(snapshot, event) && isSample(sessionSampleEvents, event) && onScreen(snapshot, event),
  });
  // Default serialization, as in session.test.ts: the incoming transition is part of each vertex.
  return model.getShortestPaths();
}

// ── performing a step on the screens ────────────────────────────────────────────────────────────────────────────

const click = (element: HTMLElement) => act(() => fireEvent.click(element));
const type = (label: string, value: string) => act(() => fireEvent.change(screen.getByLabelText(label), { target: { value } }));
const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const quick = { interval: 5 };

async function perform(event: SessionModelEvent, wallet: RenderedWallet, requests: HeldRequests): Promise<void> {
  switch (event.type) {
    case 'session.signIn':
      // E-mail, then the code from the e-mail: the API answers with access-2 / refresh-2.
      type('E-mail', 'ada@example.com');
      click(continueButton());
      await screen.findByLabelText('One-time code');
      type('One-time code', '123456');
      click(continueButton());
      return;
    case 'session.signOut':
      if (!screen.queryByRole('dialog', { name: 'Welcome' })) click(screen.getByRole('button', { name: 'Open your account menu' }));
      click(within(screen.getByRole('dialog', { name: 'Welcome' })).getByRole('button', { name: 'Logout' }));
      click(within(await screen.findByRole('alertdialog', { name: 'Logout?' })).getByRole('button', { name: 'Logout' }));
      return;
    case 'session.userStale': {
      // Saving the name invalidates the profile. Away from the personal-data screen, the person goes back to it.
      if (!screen.queryByLabelText('First name')) {
        const { location } = wallet.wallet.panel.getSnapshot().context;
        wallet.popTo(toUrl(withRoute(location, { tab: 'PERSONAL_DATA', overlay: null, userTicketId: null, settingsTab: null })));
      }
      type('First name', 'Ada');
      type('Last name', 'Lovelace');
      click(continueButton());
      return;
    }
    case 'session.refresh': {
      // The access token has expired: the profile request sent with it is answered 401.
      const staleToken = (event as { staleToken: string }).staleToken;
      const withStale = (request: { bearer: string | null }) => request.bearer === staleToken;
      await waitFor(() => expect(requests.pending('me', withStale)).not.toEqual([]), quick);
      await requests.answer('me', () => apiError('api.auth.token_not_authorized'), withStale);
      return;
    }
    case 'refreshTokens.done':
      await waitFor(() => expect(requests.pending('refresh')).toHaveLength(1), quick);
      await requests.answer('refresh', () => responseFor(event));
      return;
    case 'refreshTokens.error':
      await waitFor(() => expect(requests.pending('refresh')).toHaveLength(1), quick);
      await requests.answer('refresh', () => apiError('api.auth.refresh_invalid'));
      // The wallet gives another tab a moment to store rotated tokens before it gives up.
      await act(async () => {
        await vi.advanceTimersByTimeAsync(REFRESH_RACE_SETTLE_MS);
        await nextTask();
      });
      return;
    case 'fetchUser.done':
    case 'fetchUser.error': {
      await waitFor(() => expect(requests.pending('me')).not.toEqual([]), quick);
      const answer = event.type === 'fetchUser.done' ? () => responseFor(event) : () => apiError('api.internal_error');
      await requests.answer('me', answer);
      return;
    }
    default:
      throw new Error(`no way to perform ${event.type} on the screens`);
  }
}

// ── what the screens must show ──────────────────────────────────────────────────────────────────────────────────

function expectScreenMatches(state: SessionSnapshot, wallet: RenderedWallet, requests: HeldRequests, reloads: number): void {
  const { accessToken, refreshToken, user } = state.context;
  expect(wallet.storage.getItem('tw.accessToken'), 'stored access token').toBe(accessToken);
  expect(wallet.storage.getItem('tw.refreshToken'), 'stored refresh token').toBe(refreshToken);
  expect(wallet.platform.reload, 'page reloads').toHaveBeenCalledTimes(reloads);
  expect(requests.pending('refresh').length, 'refresh requests').toBe(state.hasTag('refreshing') ? 1 : 0);
  const loading = state.matches({ signedIn: { token: 'valid', profile: 'loading' } });
  const profileRequests = requests.pending('me', (request) => accessToken !== null && request.bearer === accessToken);
  expect(profileRequests.length > 0, 'profile request with the current token').toBe(loading);

  const panel = screen.getByRole('dialog', { name: 'Ticket Wallet' });
  const avatar = panel.querySelector('button[aria-label="Open your account menu"]');
  if (!state.matches('signedIn')) {
    expect(avatar, 'no avatar while signed out').toBeNull();
    expect(parseRoute(new URL(wallet.url(), 'http://x').search).tab, 'LOGIN in the address bar').toBe('LOGIN');
    expect(panel.querySelector('.tw-main h1')?.textContent, 'LOGIN screen').toBe('Sign in or create an account');
    return;
  }
  const initials = user ? `${user.givenName?.[0]}${user.familyName?.[0]}` : 'AA';
  expect(avatar?.textContent, 'avatar initials').toBe(initials);
  const hub = screen.queryByRole('dialog', { name: 'Welcome' });
  if (hub) {
    if (user) expect(within(hub).getByText(user.email).className, 'HUB profile card').toBe('tw-profile__email');
    else expect(within(hub).getByRole('status', { name: 'Loading…' }), 'HUB profile card loading').toBeTruthy();
  }
}

// ── the paths ───────────────────────────────────────────────────────────────────────────────────────────────────

describe.each(starts)('session paths on the rendered screens with $name', ({ input, url, storage }) => {
  const paths = pathsFrom(input);

  it('cover the screens\' ways into and out of every session state', () => {
    const events = new Set(paths.flatMap((path) => path.steps.map((step) => step.event.type)));
    const expected = input.accessToken
      ? ['session.signOut', 'session.signIn', 'session.refresh', 'refreshTokens.done', 'refreshTokens.error', 'fetchUser.done', 'fetchUser.error', 'session.userStale']
      : ['session.signIn', 'session.signOut', 'fetchUser.done', 'fetchUser.error', 'session.userStale'];
    expect([...events].sort()).toEqual(['xstate.init', ...expected].sort());
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    const held = holdRequests(tests, ['me', 'refresh']);
    tests.server.use(
      handle('signIn', () => ({ session: 'session-2' })),
      handle('verifyLogin', () => ({ accessToken: 'access-2', refreshToken: 'refresh-2' })),
      handle('updateProfile', ({ body }) => ({ ...userProfile(), ...body })),
      handle('logout', () => ({ ok: true as const })),
    );
    const page = tests.render(url, storage);
    for (const [index, step] of path.steps.entries()) {
      if (index > 0) await perform(step.event as SessionModelEvent, page, held);
      const reloads = countSteps(path.steps, index, 'refreshTokens.error');
      await waitFor(() => expectScreenMatches(step.state as SessionSnapshot, page, held, reloads), quick);
    }
  });
});
