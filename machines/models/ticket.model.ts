// The single ticket's and the benefit modal's test models, shared by the machine tests and the screen paths.
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import type { BenefitEvent, BenefitInput } from '../benefit';
import { canAddToWallet, ticketActions, type TicketEvent, type TicketInput, type TicketSnapshot } from '../ticket';
import { ApiRequestError } from '../../src/client/errors';
import { testServices } from './fake-platform';
import { httpError } from './fixtures';
import { benefit, digitalBenefit, heldTicket, ticketDetail } from './ticket-fixtures';
import { ticketMachine } from '../ticket';
import { modelSpec } from './model-spec';

export type TicketModelEvent = TicketEvent | { type: string; output?: unknown; error?: unknown };

export const ticketSampleEvents: TicketModelEvent[] = [
  { type: 'loadTicket.done', output: ticketDetail() },
  { type: 'loadTicket.done', output: ticketDetail({ eventAccessStatus: true, eventAccessUsedOn: '2026-01-01T10:00:00.000Z' }) },
  { type: 'loadTicket.done', output: ticketDetail({ isGiftable: false, isSwappable: false, isResellable: true }) },
  // Held by the person's own swap in progress (left on its confirmation): nothing but the swap's two ways out.
  { type: 'loadTicket.done', output: heldTicket() },
  { type: 'loadTicket.error', error: httpError('ticketDetail', 404, 'api.ticket.not_found') },
  { type: 'loadTicket.error', error: httpError('ticketDetail', 500, 'api.internal_error') },
  { type: 'ticket.retry' },
  { type: 'ticket.back' },
  { type: 'ticket.stale' },
  { type: 'ticket.toggleDescription' },
  { type: 'ticket.toggleMenu' },
  { type: 'ticket.closeMenu' },
  { type: 'ticket.gift' },
  { type: 'ticket.swap' },
  { type: 'ticket.resell' },
  { type: 'ticket.downloadPdf' },
  { type: 'downloadPdf.done', output: undefined },
  { type: 'downloadPdf.error', error: httpError('ticketPdf', 404, 'api.ticket.not_found') },
  {
    type: 'loadWalletLinks.done',
    output: { apple: 'http://wallet.test/v1/wallet/apple/download/11.1.x', google: 'https://pay.google.com/gp/v/save/e30.e30.x', serialNumber: 'tw-11' },
  },
  { type: 'loadWalletLinks.error', error: httpError('walletLinks', 409, 'api.ticket.not_held') },
  { type: 'ticket.walletRetry' },
  { type: 'ticket.continueSwap' },
  { type: 'continueHeldCheckout.error', error: new Error('navigation refused') },
  { type: 'ticket.cancelSwap' },
  { type: 'releaseHeldSwap.done', output: ticketDetail() },
  { type: 'releaseHeldSwap.error', error: httpError('cancelSwap', 409, 'api.swap.already_confirmed') },
  { type: 'after.walletLinksRefresh' },
  { type: 'ticket.openBenefit', userTicketBenefitId: 101 },
  { type: 'ticket.openBenefit', userTicketBenefitId: 103 },
  // The benefit modal's child closes; a toast it asks for goes up through the ticket.
  { type: 'benefit.done' },
  { type: 'notify', kind: 'success', key: 'benefit.code_copied' },
];

/** One vertex per state value and what the loaded ticket allows. */
export function ticketVertex(snapshot: AnyMachineSnapshot): string {
  const { ticket } = (snapshot as TicketSnapshot).context;
  return JSON.stringify({ value: snapshot.value, actions: ticket ? ticketActions(ticket) : null, wallet: canAddToWallet(ticket), held: ticket?.heldSwap != null });
}

export const ticketInput = (): TicketInput => ({ services: testServices(), userTicketId: 11 });

/** On the actor, the modal's child ends when the person closes it. */
export const closeBenefit = (actor: AnyActorRef) =>
  (actor.getSnapshot() as TicketSnapshot).children.benefit?.send({ type: 'benefit.close' });

export type BenefitModelEvent = BenefitEvent | { type: string; output?: unknown; error?: unknown };

export const benefitSampleEvents: BenefitModelEvent[] = [
  { type: 'benefit.close' },
  { type: 'benefit.unlock' },
  { type: 'benefit.copyCode' },
  { type: 'unlockBenefit.done', output: { redeemCode: 'XNTA-HCTN-57EN' } },
  { type: 'unlockBenefit.error', error: httpError('unlockBenefit', 409, 'api.unlock.not_unlockable') },
  { type: 'unlockBenefit.error', error: new ApiRequestError('unlockBenefit', 'FETCH_ERROR') },
  { type: 'copyCode.done', output: undefined },
  { type: 'copyCode.error', error: new Error('clipboard refused') },
];

export const benefitStarts: Array<{ name: string; input: () => BenefitInput }> = [
  { name: 'a digital benefit to unlock', input: () => ({ services: testServices(), userTicketId: 11, benefit: digitalBenefit() }) },
  {
    name: 'a digital benefit with its code',
    input: () => ({ services: testServices(), userTicketId: 11, benefit: digitalBenefit({ redeemCode: 'ABCD-EFGH-JKLM' }) }),
  },
  { name: 'a used physical benefit', input: () => ({ services: testServices(), userTicketId: 11, benefit: benefit({ usedAmount: 2 }) }) },
];

/** The single ticket's model-based test (tests/machines/ticket.test.ts, the visualiser's paths). */
export const ticketSpec = modelSpec({
  name: 'ticket',
  machine: ticketMachine,
  starts: [{ name: 'start', input: ticketInput }],
  events: ticketSampleEvents,
  serializeState: ticketVertex,
  excused: {
    'ticket on watchTicket.error': 'the cache listener is an in-memory subscription that cannot fail; the branch only logs',
    'ticket.loaded.modal.benefit on benefit.error': 'the benefit modal has no failing state; the branch only logs',
  },
});
