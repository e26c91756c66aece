// The registry of every machine (visualiser, model-based tests); tests/machines/registry.test.ts fails when a
// machine exported from a file in machines/ is missing here.
import { loginMachine } from './login';
import { logoutMachine } from './logout';
import { panelMachine } from './panel';
import { sessionMachine } from './session';

export const machines = {
  panel: panelMachine,
  session: sessionMachine,
  login: loginMachine,
  logout: logoutMachine,
} as const;

export type MachineName = keyof typeof machines;
