// The logout machine's sample events, shared by tests/machines/logout.test.ts and tests/web/hub-paths.test.tsx.
import type { LogoutEvent } from '../logout';
import { httpError } from './fixtures';
import { logoutMachine } from '../logout';
import { testServices } from './fake-platform';
import { modelSpec } from './model-spec';

export const logoutSampleEvents = [
  { type: 'logout.open' },
  { type: 'logout.cancel' },
  { type: 'logout.confirm' },
  { type: 'logoutRequest.done', output: { ok: true } },
  // A server fault (a 401 would first refresh the token and try again).
  { type: 'logoutRequest.error', error: httpError('logout', 500, 'api.internal_error') },
] as unknown as LogoutEvent[];

/** The logout machine's model-based test (tests/machines/logout.test.ts, the visualiser's paths). */
export const logoutSpec = modelSpec({
  name: 'logout',
  machine: logoutMachine,
  starts: [{ name: 'start', input: () => ({ services: testServices() }) }],
  events: logoutSampleEvents,
});
