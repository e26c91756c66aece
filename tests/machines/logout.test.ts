// Model-based tests of the logout machine: confirm modal, GET /auth/logout (errors only logged), then sign-out.
import { describe, expect, it } from 'vitest';
import { logoutMachine } from '../../machines/logout';
import { selectIsLoggingOut, selectIsLogoutModalOpen } from '../../machines/logout.selectors';
import { logoutSpec } from '../../machines/models/logout.model';
import { expectFullCoverage, runPathOnActor } from '../../machines/models/model';
import { pathsOf } from '../../machines/models/model-spec';


const { testMachine, runs, paths } = pathsOf(logoutSpec);
const { input } = runs[0]!;

describe('logout model', () => {
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    await runPathOnActor(path, {
      machine: logoutMachine.provide({ actions: { logError: () => {} } }),
      input,
      promiseActors: ['logoutRequest'],
      asChild: true,
      check: (actor, step, reports) => {
        if (step.event.type.startsWith('logoutRequest.')) {
          // Signs out first (so the panel guard sees no token), then shows LOGIN.
          expect(reports.slice(-2)).toEqual([{ type: 'session.signOut' }, { type: 'panel.open', tab: 'LOGIN' }]);
        }
        const snapshot = actor.getSnapshot();
        expect(selectIsLogoutModalOpen(snapshot)).toBe(!snapshot.matches('closed'));
        expect(selectIsLoggingOut(snapshot)).toBe(snapshot.matches('loggingOut'));
      },
    });
  });

  it('takes every transition', () => expectFullCoverage(logoutSpec.name, testMachine, paths, logoutSpec.excused));
});
