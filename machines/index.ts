// The registry of every machine definition (visualiser, model-based tests, charts), each under its id. `wallet` is the
// root: walking its states and the actors its setup names (and theirs) reaches the whole hierarchy; a flow's invoke
// names a lazy stand-in whose `registryId` is its key here (tests/machines/registry.test.ts walks it). The flows are
// the rows of machines/tabs.ts; they load on demand in the wallet, but a definition must be at hand here without
// waiting, and a module cannot await its chunks (Parcel has no top-level await), so they are imported here too and
// TypeScript holds them to the registry: `flows` must name exactly the registry's flows, with their machine types.
// registry.test.ts also fails when a machine exported from a file in machines/ is missing here.
import { benefitMachine } from './benefit';
import { frameMachine } from './frame';
import { giftMachine } from './gift';
import { historyMachine } from './history';
import { resellMachine } from './resell';
import { swapMachine } from './swap';
import { listingsMachine } from './listings';
import { payoutMachine } from './payout';
import { phoneModalMachine } from './phone-modal';
import { pictureFormMachine } from './picture-form';
import { loginMachine } from './login';
import { logoutMachine } from './logout';
import { myTicketsMachine } from './my-tickets';
import { qrMachine } from './qr';
import { qrDeviceMachine } from './qr-device';
import { redeemMachine } from './redeem';
import { settingsMachine } from './settings';
import { sessionMachine } from './session';
import { streamMachine } from './stream';
import { ticketMachine } from './ticket';
import { ticketLifecycleMachine } from './ticket-lifecycle';
import { walletMachine } from './wallet';
import type { FlowMachines, LazyFlowId } from './flows';

/** The registry's flows (machines/tabs.ts), checked against it: a missing or extra flow is a type error. */
const flows = {
  login: loginMachine,
  logout: logoutMachine,
  qr: qrMachine,
  myTickets: myTicketsMachine,
  ticket: ticketMachine,
  history: historyMachine,
  redeem: redeemMachine,
  settings: settingsMachine,
  gift: giftMachine,
  resell: resellMachine,
  swap: swapMachine,
} as const satisfies FlowMachines;
const exactlyTheRegistry: Exclude<keyof typeof flows, LazyFlowId> extends never ? true : never = true;
void exactlyTheRegistry;

export const machines = {
  wallet: walletMachine,
  session: sessionMachine,
  /** The toasts and the footer's controls: when their chunks download. */
  frame: frameMachine,
  /** The session's live events stream (a chunk loaded after sign-in). */
  stream: streamMachine,
  ...flows,
  /** Children of flows: the ticket's benefit, the resale's listings, the settings' payout, the QR pass's device code. */
  benefit: benefitMachine,
  listings: listingsMachine,
  payout: payoutMachine,
  phoneModal: phoneModalMachine,
  pictureForm: pictureFormMachine,
  /** A chunk loaded when the organiser chose the device-bound code. */
  qrDevice: qrDeviceMachine,
  /** Not a flow of the wallet: the server's rule of what may happen to a ticket (src/server/modules/lifecycle). */
  ticketLifecycle: ticketLifecycleMachine,
} as const;

export type MachineName = keyof typeof machines;

/** The root of the actor tree: the machine the app creates. */
export const rootMachine = walletMachine;
