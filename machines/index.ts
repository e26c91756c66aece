// The registry of every machine (visualiser, model-based tests); tests/machines/registry.test.ts fails when a
// machine exported from a file in machines/ is missing here.
import { benefitMachine } from './benefit';
import { loginMachine } from './login';
import { logoutMachine } from './logout';
import { myTicketsMachine } from './my-tickets';
import { panelMachine } from './panel';
import { qrMachine } from './qr';
import { sessionMachine } from './session';
import { ticketMachine } from './ticket';

export const machines = {
  panel: panelMachine,
  session: sessionMachine,
  login: loginMachine,
  logout: logoutMachine,
  myTickets: myTicketsMachine,
  ticket: ticketMachine,
  benefit: benefitMachine,
  qr: qrMachine,
} as const;

export type MachineName = keyof typeof machines;
