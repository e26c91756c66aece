// Model-based tests of the session machine (docs/product.md §4 Session): tokens, the shared refresh, the profile, and what it
// reports to the wallet (rotated tokens, an expired session).
import { describe, expect, it } from 'vitest';
import { sessionMachine } from '../../machines/session';
import { initialsOf, splitHashSuffix } from '../../machines/session.selectors';
import { userProfile } from '../../machines/models/fixtures';
import { expectFullCoverage, runPathOnActor } from '../../machines/models/model';
import { pathsOf } from '../../machines/models/model-spec';
import { sessionSpec } from '../../machines/models/session.model';

const { testMachine, runs } = pathsOf(sessionSpec);
const paths = runs.flatMap((run) => run.paths.map((path) => ({ path, input: run.input, name: `${run.start.name}: ${path.description}` })));

describe('session model', () => {
  it.each(paths.map(({ name, path, input }) => [name, path, input] as const))('%s', async (_, path, input) => {
    await runPathOnActor(path, {
      machine: sessionMachine.provide({ actions: { logError: () => {} } }),
      input,
      // The stream is a child machine in a chunk of its own (tests/machines/stream.test.ts): here a mock that runs
      // until the path says it crashed. The first panel's listener likewise waits for the path's session.panelShown.
      promiseActors: ['refreshTokens', 'fetchUser', 'waitForFirstPanel', 'loadStream', 'stream'],
      asChild: true,
      check: (actor, step, reports) => {
        // A failed refresh, or a session the server revoked, tells the wallet at once (it forgets the tokens and reloads).
        if (step.event.type === 'refreshTokens.error' || (step.event.type === 'session.revoked' && step.state.matches({ token: 'expired' }))) {
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
    expectFullCoverage(sessionSpec.name, testMachine, paths.map(({ path }) => path), sessionSpec.excused));
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
