// Model-based tests of the session machine (docs/product.md §4 Session): tokens, the shared refresh, the profile, and what it
// reports to the wallet (rotated tokens, an expired session).
import { describe, expect, it } from 'vitest';
import { sessionMachine } from '../../machines/session';
import { initialsOf, splitHashSuffix } from '../../machines/session.selectors';
import { userProfile } from './fixtures';
import { expectFullCoverage, runPathOnActor } from './model';
import { pathsOf } from './model-spec';
import { sessionInput, sessionSpec } from './session.model';

const { testMachine, paths } = pathsOf(sessionSpec);

describe('session model', () => {
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    await runPathOnActor(path, {
      machine: sessionMachine.provide({ actions: { logError: () => {} } }),
      input: sessionInput,
      promiseActors: ['refreshTokens', 'fetchUser'],
      asChild: true,
      check: (actor, step, reports) => {
        // A failed refresh tells the wallet at once (it forgets the tokens and reloads).
        if (step.event.type === 'refreshTokens.error') {
          expect(reports.at(-1)).toEqual({ type: 'session.expired' });
          expect(actor.getSnapshot().matches({ token: 'expired' })).toBe(true);
        }
        // Rotated tokens go to the wallet, which stores both.
        if (step.event.type === 'refreshTokens.done') {
          expect(reports.at(-1)).toEqual({ type: 'session.tokensRotated', tokens: { accessToken: 'access-3', refreshToken: 'refresh-3' } });
        }
      },
    });
  });

  it('takes every transition', () =>
    expectFullCoverage(sessionSpec.name, testMachine, paths, sessionSpec.excused));
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
