// Model-based tests of the logout machine: confirm modal, GET /auth/logout (errors only logged), then sign-out.
import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { logoutMachine, type LogoutEvent } from '../../machines/logout';
import { selectIsLoggingOut, selectIsLogoutModalOpen } from '../../machines/logout.selectors';
import { httpError } from './fixtures';
import { canTake, runPathOnActor, toTestMachine } from './model';

const model = createTestModel(toTestMachine(logoutMachine), {
  events: [
    { type: 'logoutRequest.done', output: { ok: true } },
    { type: 'logoutRequest.error', error: httpError('logout', 401, 'api.auth.token_not_authorized') },
  ] as unknown as LogoutEvent[],
  filterEvents: canTake,
});

describe('logout model', () => {
  it.each(model.getShortestPaths().map((path) => [path.description, path] as const))('%s', async (_, path) => {
    const emitted: string[] = [];
    await runPathOnActor(path, {
      machine: logoutMachine.provide({
        actions: {
          logError: () => {},
          signOut: () => void emitted.push('session.signOut'),
          openLogin: () => void emitted.push('panel.open'),
        },
      }),
      promiseActors: ['logoutRequest'],
      check: (actor, step) => {
        if (step.event.type.startsWith('logoutRequest.')) {
          // Signs out first (so the panel guard sees no token), then shows LOGIN.
          expect(emitted.slice(-2)).toEqual(['session.signOut', 'panel.open']);
        }
        const snapshot = actor.getSnapshot();
        expect(selectIsLogoutModalOpen(snapshot)).toBe(!snapshot.matches('closed'));
        expect(selectIsLoggingOut(snapshot)).toBe(snapshot.matches('loggingOut'));
      },
    });
  });
});
