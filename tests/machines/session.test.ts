// Model-based tests of the session machine (docs/product.md §4 Session): tokens, the shared refresh (the cross-tab race
// and the stale-token re-check are states and events of the chart, docs/decisions/0118-session-refresh-in-the-chart.md),
// the profile, and what it reports to the wallet (rotated tokens, an expired session).
import { describe, expect, it } from 'vitest';
import { SimulatedClock, type AnyActorRef, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { sessionMachine, sessionPort, type SessionActor, type SessionSnapshot } from '../../machines/session';
import { initialsOf, splitHashSuffix } from '../../machines/session.selectors';
import { userProfile } from '../../machines/models/fixtures';
import { controlledActors, expectFullCoverage, flush, runPathOnActor, startAsChild } from '../../machines/models/model';
import { pathsOf } from '../../machines/models/model-spec';
import { sessionInput, sessionSpec } from '../../machines/models/session.model';
import type { SessionTokens } from '../../src/client/storage-keys';

const { testMachine, runs } = pathsOf(sessionSpec);
const paths = runs.flatMap((run) => run.paths.map((path) => ({ path, input: run.input, name: `${run.start.name}: ${path.description}` })));

const tokenState = (snapshot: AnyMachineSnapshot) => (snapshot.value as { token: unknown }).token;
const rotated = (tokens: SessionTokens) => ({ type: 'session.tokensRotated', tokens });

/**
 * What the refresh protocol promises, step by step, checked on the real actor whatever the generated model says (the
 * model is derived from the machine, so a broken machine would agree with its own model): the state before the step,
 * the event, and what the actor then shows and reported.
 */
function expectProtocol(before: AnyMachineSnapshot, event: EventObject, now: AnyMachineSnapshot, reported: EventObject[]): void {
  const was = (state: string) => before.matches({ token: state } as never);
  const at = (value: unknown) => expect(tokenState(now), `token after ${event.type}`).toEqual(value);
  const payload = event as EventObject & { staleToken?: string | null; output?: SessionTokens | null };
  switch (event.type) {
    case 'session.refresh':
      if (!was('valid')) at(tokenState(before));
      // The stale-token re-check: a 401 of a token already replaced starts nothing; the request retries with the new one.
      else if (payload.staleToken !== before.context.accessToken) at('valid');
      else at({ refreshing: 'checkingStorage' });
      expect(reported).toEqual([]);
      return;
    case 'readStoredTokens.done': {
      const stored = payload.output ?? null;
      if (stored && stored.refreshToken !== before.context.refreshToken) {
        // Another tab rotated the tokens: they are taken, not refreshed again (the server would see a reused token).
        at('valid');
        expect(now.context).toMatchObject(stored);
        expect(reported).toEqual([rotated(stored)]);
      } else if (was('refreshing.checkingStorage')) {
        at({ refreshing: 'requesting' });
        expect(reported).toEqual([]);
      } else {
        at('expired');
        expect(reported).toEqual([{ type: 'session.expired' }]);
      }
      return;
    }
    case 'readStoredTokens.error':
      if (was('refreshing.checkingStorage')) at({ refreshing: 'requesting' });
      else at('expired');
      expect(reported).toEqual(was('refreshing.checkingStorage') ? [] : [{ type: 'session.expired' }]);
      return;
    case 'refreshTokens.done':
      at('valid');
      expect(now.context).toMatchObject(payload.output!);
      expect(reported).toEqual([rotated(payload.output!)]);
      return;
    case 'refreshTokens.error':
      // Refused: not the end yet, the winner of a race with another tab stores its tokens a moment later.
      at({ refreshing: 'settling' });
      expect(reported).toEqual([]);
      return;
    case 'after.refreshRaceSettle':
      at({ refreshing: 'rereading' });
      return;
    case 'session.revoked':
      at('expired');
      expect(reported).toEqual(was('expired') ? [] : [{ type: 'session.expired' }]);
      return;
    default:
      // The profile and the live region never touch the tokens.
      at(tokenState(before));
      expect(reported).toEqual([]);
  }
}

describe('session model', () => {
  it.each(paths.map(({ name, path, input }) => [name, path, input] as const))('%s', async (_, path, input) => {
    let before: AnyMachineSnapshot | undefined;
    let seen = 0;
    await runPathOnActor(path, {
      machine: sessionMachine.provide({ actions: { logError: () => {} } }),
      input,
      // The stream is a child machine in a chunk of its own (tests/machines/stream.test.ts): here a mock that runs
      // until the path says it crashed. The first panel's listener likewise waits for the path's session.panelShown.
      promiseActors: ['readStoredTokens', 'refreshTokens', 'fetchUser', 'waitForFirstPanel', 'loadStream', 'stream'],
      asChild: true,
      check: (actor: AnyActorRef, step, reports) => {
        const now = actor.getSnapshot() as AnyMachineSnapshot;
        if (before) expectProtocol(before, step.event, now, reports.slice(seen));
        before = now;
        seen = reports.length;
      },
    });
  });

  it('takes every transition', () =>
    expectFullCoverage(sessionSpec.name, testMachine, paths.map(({ path }) => path), sessionSpec.excused));
});

describe('the shared refresh through the client’s port', () => {
  /** A session as the wallet runs it, its requests controlled, and the port the API client uses. */
  function startSession() {
    const control = controlledActors(['readStoredTokens', 'refreshTokens', 'fetchUser']);
    const machine = sessionMachine.provide({ actors: control.actors as never, actions: { logError: () => {} } });
    // The settle delay runs on a simulated clock: the test moves time on, it does not wait for it.
    const clock = new SimulatedClock();
    const { root, flow, reports } = startAsChild(
      machine,
      { ...sessionInput, services: { ...sessionInput.services, api: { onInvalidate: () => () => {} } as never } },
      { clock },
    );
    const session = flow as SessionActor;
    return { root, session, reports, control, clock, port: sessionPort(() => session) };
  }
  const requests = (control: ReturnType<typeof controlledActors>, id: string) => control.inputs.filter((call) => call.id === id).length;

  it('two 401s of one token share one refresh, and both retry with the new token', async () => {
    const { root, control, port, reports } = startSession();
    const first = port.refreshAfterUnauthorized('access-1');
    const second = port.refreshAfterUnauthorized('access-1');
    await flush();
    control.settle('readStoredTokens', 'done', { accessToken: 'access-1', refreshToken: 'refresh-1' });
    await flush();
    control.settle('refreshTokens', 'done', { accessToken: 'access-3', refreshToken: 'refresh-3' });
    await expect(Promise.all([first, second])).resolves.toEqual(['access-3', 'access-3']);
    expect(requests(control, 'refreshTokens')).toBe(1);
    expect(reports).toEqual([rotated({ accessToken: 'access-3', refreshToken: 'refresh-3' })]);
    root.stop();
  });

  it('a late 401 of the replaced token starts no second refresh: it retries with the current token at once', async () => {
    const { root, control, port, session } = startSession();
    const first = port.refreshAfterUnauthorized('access-1');
    await flush();
    control.settle('readStoredTokens', 'done', null);
    await flush();
    control.settle('refreshTokens', 'done', { accessToken: 'access-3', refreshToken: 'refresh-3' });
    await expect(first).resolves.toBe('access-3');
    // A request sent with access-1 before the refresh is answered 401 only now.
    const late = port.refreshAfterUnauthorized('access-1');
    await flush();
    expect((session.getSnapshot() as SessionSnapshot).matches({ token: 'valid' })).toBe(true);
    expect(requests(control, 'readStoredTokens')).toBe(1);
    expect(requests(control, 'refreshTokens')).toBe(1);
    await expect(late).resolves.toBe('access-3');
    root.stop();
  });

  it('a refresh refused because another tab won the race takes the winner’s tokens after the settle delay', async () => {
    const { root, control, port, reports, clock } = startSession();
    const answer = port.refreshAfterUnauthorized('access-1');
    await flush();
    control.settle('readStoredTokens', 'done', { accessToken: 'access-1', refreshToken: 'refresh-1' });
    await flush();
    control.settle('refreshTokens', 'error', new Error('api.auth.refresh_invalid'));
    await flush();
    // Nothing read again before the delay: the winner's answer may still be on its way.
    const settle = sessionMachine.implementations.delays.refreshRaceSettle as number;
    clock.increment(settle - 1);
    await flush();
    expect(requests(control, 'readStoredTokens')).toBe(1);
    clock.increment(1);
    await flush();
    expect(requests(control, 'readStoredTokens')).toBe(2);
    control.settle('readStoredTokens', 'done', { accessToken: 'access-2', refreshToken: 'refresh-2' });
    await expect(answer).resolves.toBe('access-2');
    expect(reports).toEqual([rotated({ accessToken: 'access-2', refreshToken: 'refresh-2' })]);
    root.stop();
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
