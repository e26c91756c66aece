// The registry of every machine (visualiser, model-based tests). `wallet` is the root: walking its states and the
// actors its setup names (and theirs) reaches the whole hierarchy. tests/machines/registry.test.ts fails when a
// machine exported from a file in machines/ is missing here.
import { benefitMachine } from './benefit';
import { giftMachine } from './gift';
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
import { redeemMachine } from './redeem';
import { settingsMachine } from './settings';
import { sessionMachine } from './session';
import { ticketMachine } from './ticket';
import { ticketLifecycleMachine } from './ticket-lifecycle';
import { walletMachine } from './wallet';

export const machines = {
  wallet: walletMachine,
  session: sessionMachine,
  login: loginMachine,
  logout: logoutMachine,
  myTickets: myTicketsMachine,
  ticket: ticketMachine,
  benefit: benefitMachine,
  qr: qrMachine,
  redeem: redeemMachine,
  settings: settingsMachine,
  gift: giftMachine,
  resell: resellMachine,
  swap: swapMachine,
  listings: listingsMachine,
  payout: payoutMachine,
  phoneModal: phoneModalMachine,
  pictureForm: pictureFormMachine,
  /** Not a flow of the wallet: the server's rule of what may happen to a ticket (src/server/modules/lifecycle). */
  ticketLifecycle: ticketLifecycleMachine,
} as const;

export type MachineName = keyof typeof machines;

/** The root of the actor tree: the machine the app creates. */
export const rootMachine = walletMachine;
