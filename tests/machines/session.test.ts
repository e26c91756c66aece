// Model-based tests of the session machine (SPEC §4 Session): tokens, the shared refresh, the profile.
import { describe, expect, it, vi } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { sessionMachine, type SessionEvent } from '../../machines/session';
import { initialsOf, selectIsSignedIn, splitHashSuffix } from '../../machines/session.selectors';
import { userProfile } from './fixtures';
import { canTake, runPathOnActor, toTestMachine } from './model';
import { sessionSampleEvents, sessionStarts } from './session.model';

function platformSpies() {
  const spies = {
    persistTokens: vi.fn(),
    forgetTokens: vi.fn(),
    clearCache: vi.fn(),
    reload: vi.fn(),
  };
  const machine = sessionMachine.provide({
    actions: {
      persistTokens: (_, tokens) => spies.persistTokens(tokens),
      forgetTokens: () => spies.forgetTokens(),
      clearCache: () => spies.clearCache(),
      reload: () => spies.reload(),
      logError: () => {},
    },
  });
  return { spies, machine };
}

describe.each(sessionStarts)('session model with $name', ({ input }) => {
  const model = createTestModel(toTestMachine(sessionMachine), {
    input,
    events: sessionSampleEvents as SessionEvent[],
    filterEvents: canTake,
  });
  // Default serialization keeps the incoming transition in each vertex: every transition is covered, so the
  // failed refresh is tested even though it ends in the same snapshot as a sign-out.
  const paths = model.getShortestPaths();

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    const { machine, spies } = platformSpies();
    await runPathOnActor(path, {
      machine,
      input,
      promiseActors: ['refreshTokens', 'fetchUser'],
      check: (actor, step) => {
        // A failed refresh removes both tokens and reloads, right away.
        if (step.event.type === 'refreshTokens.error') {
          expect(spies.forgetTokens).toHaveBeenCalled();
          expect(spies.reload).toHaveBeenCalledTimes(1);
          expect(selectIsSignedIn(actor.getSnapshot() as never)).toBe(false);
        }
        // Rotated refresh tokens are stored together with the access token.
        if (step.event.type === 'refreshTokens.done') {
          expect(spies.persistTokens).toHaveBeenLastCalledWith({ accessToken: 'access-3', refreshToken: 'refresh-3' });
        }
        if (step.event.type === 'session.signOut') expect(spies.clearCache).toHaveBeenCalled();
      },
    });
  });
});

describe('session selectors', () => {
  it('initials from given and family name, fallback AA', () => {
    expect(initialsOf(userProfile({ givenName: 'ada', familyName: 'lovelace' }))).toBe('AL');
    expect(initialsOf(userProfile({ givenName: null }))).toBe('AA');
    expect(initialsOf(userProfile({ familyName: '  ' }))).toBe('AA');
    expect(initialsOf(null)).toBe('AA');
  });

  it('splits a hash suffix off a name', () => {
    expect(splitHashSuffix('ada#4821')).toEqual({ name: 'ada', hash: '#4821' });
    expect(splitHashSuffix('ada')).toEqual({ name: 'ada', hash: null });
  });
});
