// The session machine's test model, shared by tests/machines/session.test.ts (paths on the actor) and
// tests/web/session-paths.test.tsx (the same model, kept to what can happen on the screens).
import type { AnyMachineSnapshot } from 'xstate';
import type { SessionContext, SessionEvent, SessionInput } from '../session';
import { testServices } from './fake-platform';
import { userProfile } from './fixtures';
import { sessionMachine } from '../session';
import { modelSpec } from './model-spec';

/** A session event, or the end of an invoked request (`<invoke id>.done` / `.error`, see ./model.ts). */
export type SessionModelEvent = SessionEvent | { type: string; output?: unknown; error?: unknown };

export const sessionSampleEvents: SessionModelEvent[] = [
  { type: 'session.refresh', staleToken: 'access-1' },
  { type: 'session.refresh', staleToken: 'access-0' },
  { type: 'session.userStale' },
  // The shared refresh: storage holds no tokens, this session's own, or those another tab rotated (access-2); the
  // refresh answers a new pair (access-3) or is refused; after a refusal the race settles and storage is read again.
  { type: 'readStoredTokens.done', output: null },
  { type: 'readStoredTokens.done', output: { accessToken: 'access-1', refreshToken: 'refresh-1' } },
  { type: 'readStoredTokens.done', output: { accessToken: 'access-2', refreshToken: 'refresh-2' } },
  { type: 'readStoredTokens.error', error: new Error('SecurityError') },
  { type: 'refreshTokens.done', output: { accessToken: 'access-3', refreshToken: 'refresh-3' } },
  { type: 'refreshTokens.error', error: new Error('api.auth.refresh_invalid') },
  { type: 'after.refreshRaceSettle' },
  { type: 'fetchUser.done', output: userProfile() },
  { type: 'fetchUser.error', error: new Error('FETCH_ERROR') },
  // The live region: the first panel shows, the stream's chunk loads (or not), the stream runs (or crashes), and may
  // revoke the session.
  { type: 'session.panelShown' },
  { type: 'waitForFirstPanel.error', error: new Error('the first-panel listener failed') },
  { type: 'loadStream.done' },
  { type: 'loadStream.error', error: new Error('ChunkLoadError') },
  { type: 'stream.error', error: new Error('the stream crashed') },
  { type: 'session.revoked' },
];

/** The session starts when the user is signed in, with the tokens storage (or the sign-in) gave the wallet. */
export const sessionInput: SessionInput = {
  services: testServices(),
  tokens: { accessToken: 'access-1', refreshToken: 'refresh-1' },
};

/** The same in a browser that can stream a fetch: the session loads and runs the live stream. */
export const streamingSessionInput: SessionInput = (() => {
  const services = testServices();
  return { services: { ...services, platform: { ...services.platform, canStreamFetch: () => true } }, tokens: sessionInput.tokens };
})();

/**
 * One vertex per state value, whether the session still has its first tokens, and whether the profile is there: which
 * new pair it holds (another tab's or its own refresh's) and why a refresh was refused change no transition, and
 * keeping them apart tripled the paths. The paths are replayed concretely (coverTransitions), so the actor's context
 * is still compared in full.
 */
export function sessionVertex(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as SessionContext;
  return JSON.stringify({ value: snapshot.value, firstTokens: context.accessToken === sessionInput.tokens.accessToken, user: context.user !== null });
}

/** The session machine's model-based test (tests/machines/session.test.ts, the visualiser's paths). */
export const sessionSpec = modelSpec({
  name: 'session',
  machine: sessionMachine,
  starts: [
    { name: 'start', input: () => sessionInput },
    { name: 'streaming', input: () => streamingSessionInput },
  ],
  events: sessionSampleEvents,
  serializeState: sessionVertex,
  excused: {
    'session.profile on watchUser.error': 'the USER listener is an in-memory subscription that cannot fail; the branch only logs',
  },
});
