// Model-based paths of the session machine (the wallet's child while signed in) run against the rendered screens.
// The test model is derived from the real machine the way tests/machines/session.test.ts does it (toTestMachine, the
// sample events and input of machines/models/session.model.ts), kept to what can happen on the screens: a person
// saves their name on the personal-data screen (which invalidates the profile); the API answers the held profile and
// refresh requests (an expired access token is answered 401, the refresh succeeds or fails). After every step the
// screens must agree with the model's state: the tokens in storage, the avatar and its initials, the HUB's profile
// card, LOGIN once the session expired (with "Your session has ended" and no page reload), exactly one refresh request while it is
// requested (none while storage is read or the race with another tab settles), and a
// profile request sent with the current token exactly while the profile loads. Signing in and out are the router's
// transitions: tests/web/panel-paths.test.tsx walks them on the screens.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getNextSnapshot, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { parseRoute, routeTo, toUrl, withRoute } from '../../machines/panel.location';
import { REFRESH_RACE_SETTLE_MS, sessionMachine, type SessionEvent, type SessionSnapshot } from '../../machines/session';
import type { SessionTokens } from '../../src/client/storage-keys';
import { selectIsUserLoading } from '../../machines/session.selectors';
import { userProfile } from '../../machines/models/fixtures';
import { coverTransitions, isSample, toTestMachine } from '../../machines/models/model';
import { sessionInput, sessionSampleEvents, sessionVertex, type SessionModelEvent } from '../../machines/models/session.model';
import { apiError, handle } from './fake-api';
import { holdRequests, nextTask, responseFor, storedTokens, type HeldRequests } from './path-helpers';
import { setUpWalletTests, type RenderedWallet } from './render-wallet';

// A refused refresh waits REFRESH_RACE_SETTLE_MS (the delay refreshRaceSettle) for another tab's tokens: the paths' step
// after.refreshRaceSettle jumps over it.
const tests = setUpWalletTests({ fakeTimeouts: true });

/**
 * What the screens allow beyond what the machine accepts: every request waits for a running refresh, so a profile
 * save and the profile request cannot be answered during one; the 401 that starts a refresh is the answer to the
 * profile request, so it happens while the profile loads; an expired session has ended. One tab has no other tab
 * beside it: storage holds the tokens this wallet stored (or none), never rotated ones, and reading it cannot fail
 * (tests/machines/multi-tab.test.ts plays the other tab).
 */
function onScreen(snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  const valid = snapshot.matches({ token: 'valid' });
  switch (event.type) {
    case 'session.userStale':
    case 'fetchUser.done':
    case 'fetchUser.error':
      return valid;
    case 'session.refresh':
      return valid && snapshot.matches({ profile: 'loading' });
    case 'readStoredTokens.done': {
      const stored = (event as EventObject & { output?: SessionTokens | null }).output ?? null;
      return stored === null || stored.refreshToken === (snapshot.context as SessionSnapshot['context']).refreshToken;
    }
    case 'refreshTokens.done':
    case 'refreshTokens.error':
    case 'after.refreshRaceSettle':
      return true;
    default:
      return false; // watchUser.error, readStoredTokens.error: the USER subscription and storage cannot fail here
  }
}

const testMachine = toTestMachine(sessionMachine);
const screenFilter = (snapshot: AnyMachineSnapshot, event: EventObject) =>
  testMachine.getTransitionData(snapshot as never, event as never).length > 0 && isSample(sessionSampleEvents, event) && onScreen(snapshot, event);
const model = createTestModel(testMachine, {
  input: sessionInput,
  events: sessionSampleEvents as SessionEvent[],
  filterEvents: (snapshot, event) => snapshot.can(event as never) && screenFilter(snapshot, event),
  serializeState: sessionVertex as never,
});
/**
 * Storage is read in the task that starts the read (as the refresh starts, and once the race has settled), before the
 * screens can be looked at: they show the state that read leads to, with no other tab.
 */
const shownOnScreens = (state: AnyMachineSnapshot): AnyMachineSnapshot =>
  state.matches({ token: { refreshing: 'checkingStorage' } }) || state.matches({ token: { refreshing: 'rereading' } })
    ? (getNextSnapshot(testMachine, state as never, { type: 'readStoredTokens.done', output: null } as never) as AnyMachineSnapshot)
    : state;
const paths = coverTransitions(testMachine, model.getShortestPaths(), sessionSampleEvents as SessionEvent[], sessionInput, screenFilter);

// ── performing a step on the screens ────────────────────────────────────────────────────────────────────────────

const click = (element: HTMLElement) => act(() => fireEvent.click(element));
const type = (label: string, value: string) => act(() => fireEvent.change(screen.getByLabelText(label), { target: { value } }));
const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const quick = { interval: 5 };

async function perform(event: SessionModelEvent, wallet: RenderedWallet, requests: HeldRequests): Promise<void> {
  switch (event.type) {
    case 'session.userStale': {
      // Saving the name invalidates the profile. Away from the personal-data screen, the person goes back to it.
      if (!screen.queryByLabelText('First name')) {
        const { location } = wallet.wallet.getSnapshot().context;
        wallet.popTo(toUrl(withRoute(location, routeTo('PERSONAL_DATA'))));
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
    case 'readStoredTokens.done':
      // The wallet reads storage by itself as the refresh starts, and again once the race has settled.
      await act(nextTask);
      return;
    case 'refreshTokens.done':
      await waitFor(() => expect(requests.pending('refresh')).toHaveLength(1), quick);
      await requests.answer('refresh', () => responseFor(event));
      return;
    case 'refreshTokens.error':
      await waitFor(() => expect(requests.pending('refresh')).toHaveLength(1), quick);
      await requests.answer('refresh', () => apiError('api.auth.refresh_invalid'));
      return;
    case 'after.refreshRaceSettle':
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

function expectScreenMatches(state: SessionSnapshot, wallet: RenderedWallet, requests: HeldRequests, expiries: number): void {
  const { user } = state.context;
  const expired = state.matches({ token: 'expired' });
  // The wallet stores what the session holds, and forgets both tokens when the session expires.
  const accessToken = expired ? null : state.context.accessToken;
  expect(wallet.storage.getItem('tw.accessToken'), 'stored access token').toBe(accessToken);
  expect(wallet.storage.getItem('tw.refreshToken'), 'stored refresh token').toBe(expired ? null : state.context.refreshToken);
  // No silent reload: the expired session says so (issue 23).
  expect(wallet.platform.reload, 'page reloads').not.toHaveBeenCalled();
  if (expiries > 0) expect(screen.getByText('Your session has ended. Please sign in again.'), 'session ended toast').toBeTruthy();
  expect(requests.pending('refresh').length, 'refresh requests').toBe(state.matches({ token: { refreshing: 'requesting' } }) ? 1 : 0);
  const loading = state.matches({ token: 'valid', profile: 'loading' });
  const profileRequests = requests.pending('me', (request) => accessToken !== null && request.bearer === accessToken);
  expect(profileRequests.length > 0, 'profile request with the current token').toBe(loading);

  const panel = screen.getByRole('dialog', { name: 'Ticket Wallet' });
  const avatar = panel.querySelector('button.tw-avatar-button');
  if (state.matches({ token: 'expired' })) {
    expect(avatar, 'no avatar while signed out').toBeNull();
    expect(parseRoute(new URL(wallet.url(), 'http://x').search).tab, 'LOGIN in the address bar').toBe('LOGIN');
    expect(panel.querySelector('.tw-main h1')?.textContent, 'LOGIN screen').toBe('Sign in or create an account');
    return;
  }
  if (selectIsUserLoading(state as never) && !user) {
    // No "AA" while the profile loads: a skeleton in the avatar's place.
    expect(avatar?.querySelector('.tw-skeleton'), 'a skeleton in the avatar while the profile loads').toBeTruthy();
    expect(avatar?.textContent, 'no initials while the profile loads').toBe('');
  } else {
    const initials = user ? `${user.givenName?.[0]}${user.familyName?.[0]}` : 'AA';
    expect(avatar?.textContent, 'avatar initials').toBe(initials);
  }
  const hub = screen.queryByRole('dialog', { name: 'Welcome' });
  if (hub) {
    if (user) expect(within(hub).getByText(user.email).className, 'HUB profile card').toBe('tw-profile__email');
    else expect(within(hub).getByRole('status', { name: 'Loading…' }), 'HUB profile card loading').toBeTruthy();
  }
}

// ── the paths ───────────────────────────────────────────────────────────────────────────────────────────────────

describe('session paths on the rendered screens', () => {
  it("cover the screens' ways into and out of every session state", () => {
    const events = new Set(paths.flatMap((path) => path.steps.map((step) => step.event.type)));
    const expected = [
      'session.refresh',
      'readStoredTokens.done',
      'refreshTokens.done',
      'refreshTokens.error',
      'after.refreshRaceSettle',
      'fetchUser.done',
      'fetchUser.error',
      'session.userStale',
    ];
    expect([...events].sort()).toEqual(['xstate.init', ...expected].sort());
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    const held = holdRequests(tests, ['me', 'refresh']);
    tests.server.use(
      handle('updateProfile', ({ body }) => ({ ...userProfile(), ...body })),
      handle('logout', () => ({ ok: true as const })),
    );
    // Signed in with the model's tokens, on the personal-data screen (its Save invalidates the profile).
    const page = tests.render('/en/?PANEL_TAB=PERSONAL_DATA', storedTokens(sessionInput.tokens));
    for (const [index, step] of path.steps.entries()) {
      if (index > 0) await perform(step.event as SessionModelEvent, page, held);
      const shown = shownOnScreens(step.state);
      const expiries = path.steps.slice(0, index + 1).filter((seen) => shownOnScreens(seen.state).matches({ token: 'expired' })).length;
      await waitFor(() => expectScreenMatches(shown as SessionSnapshot, page, held, expiries), quick);
    }
  });
});
