// The logout machine's sample events, shared by tests/machines/logout.test.ts and tests/web/hub-paths.test.tsx.
import type { LogoutEvent } from '../../machines/logout';
import { httpError } from './fixtures';

export const logoutSampleEvents = [
  { type: 'logout.open' },
  { type: 'logout.cancel' },
  { type: 'logout.confirm' },
  { type: 'logoutRequest.done', output: { ok: true } },
  // A server fault (a 401 would first refresh the token and try again).
  { type: 'logoutRequest.error', error: httpError('logout', 500, 'api.internal_error') },
] as unknown as LogoutEvent[];
