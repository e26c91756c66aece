// The gift machine's test model, shared by tests/machines/gift.test.ts (paths on the actor) and
// tests/web/gift-paths.test.tsx (the same paths on the rendered screen).
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { GiftEvent, GiftInput, GiftSnapshot } from '../gift';
import { isGiftEmailValid, isOwnEmail } from '../gift';
import { ApiRequestError } from '../../src/client/errors';
import { testServices } from './fake-platform';
import { httpError } from './fixtures';
import { liveTicket, userTicket } from './ticket-fixtures';
import { giftMachine } from '../gift';
import { modelSpec } from './model-spec';
import { takesSample } from './model';

export type GiftModelEvent = GiftEvent | { type: string; output?: unknown; error?: unknown };

export const giftPromiseActors = ['loadOwnProfile', 'loadTickets', 'verifyTicket', 'searchUsers', 'giftTicket'] as const;

/** The user's upcoming tickets (11 is the one the paths gift). */
export const giftTickets = () => [userTicket(), liveTicket()];

export const samSuggestion = { username: 'sam#1150', picture: null };

/** The signed-in person's e-mail, as the profile has it (alex, whom the screen paths sign in). */
export const ownEmail = 'Alex@Example.com';

export const giftSampleEvents: GiftModelEvent[] = [
  { type: 'loadOwnProfile.done', output: { email: ownEmail } },
  { type: 'loadOwnProfile.error', error: httpError('me', 500, 'api.internal_error') },
  { type: 'loadTickets.done', output: giftTickets() },
  { type: 'loadTickets.done', output: [] },
  { type: 'loadTickets.error', error: httpError('myTickets', 500, 'api.internal_error') },
  { type: 'gift.retry' },
  { type: 'gift.selectTicket', userTicketId: 11 },
  { type: 'verifyTicket.done', output: { extras: { canBeGifted: true } } },
  { type: 'verifyTicket.done', output: { extras: { canBeGifted: false } } },
  { type: 'verifyTicket.error', error: httpError('giftVerify', 403, 'api.gift.not_authorized_verify') },
  { type: 'verifyTicket.error', error: new ApiRequestError('giftVerify', 'FETCH_ERROR') },
  { type: 'gift.editTicket' },
  { type: 'gift.chooseReceiverTab', tab: 'USERNAME' },
  { type: 'gift.chooseReceiverTab', tab: 'EMAIL' },
  { type: 'gift.changeEmail', value: 'sam@' },
  { type: 'gift.changeEmail', value: 'Sam@Example.com' },
  // The person's own address, written otherwise than the profile has it.
  { type: 'gift.changeEmail', value: ' alex@example.com' },
  { type: 'gift.blurEmail' },
  { type: 'gift.changeUsername', value: 'sa' },
  { type: 'gift.changeUsername', value: '' },
  { type: 'after.usernameDebounce' },
  { type: 'searchUsers.done', output: [samSuggestion] },
  { type: 'searchUsers.done', output: [] },
  { type: 'searchUsers.error', error: httpError('searchUsers', 429, 'api.too_many_requests') },
  { type: 'gift.pickReceiver', username: 'sam#1150' },
  { type: 'gift.confirmReceiver' },
  { type: 'gift.editReceiver' },
  { type: 'gift.toggleTerms' },
  { type: 'gift.submit' },
  { type: 'giftTicket.done', output: { userTicketId: 11, ticketName: 'General Admission', ticketLogo: null, receiver: 'sam@example.com' } },
  { type: 'giftTicket.error', error: httpError('giftTicket', 404, 'api.gift.receiver_not_found') },
  { type: 'giftTicket.error', error: new ApiRequestError('giftTicket', 'FETCH_ERROR') },
  { type: 'gift.cancel' },
  { type: 'gift.more' },
  { type: 'gift.viewTickets' },
  // The router puts a close to the flow (Esc, the close button), and Discard or Keep editing after "Discard this gift?".
  { type: 'flow.close' },
  { type: 'flow.discard' },
  { type: 'flow.keep' },
  // The browser's Back to the ticket picker and Forward to the receiver step (PANEL_STEP).
  { type: 'flow.step', step: null },
  { type: 'flow.step', step: 'RECEIVER' },
];

/**
 * While "Discard this gift?" is open it covers the screen: what still reaches the flow is the e-mail field's blur (the
 * question takes the focus) and the question's answers. The traversal offers only those then.
 */
const whileAsked = new Set(['gift.blurEmail', 'flow.discard', 'flow.keep']);
/** The profile comes from the client's cache while the tickets load (or not at all): the model offers it only then. */
const profileArrives = (snapshot: AnyMachineSnapshot, event: EventObject) =>
  !event.type.startsWith('loadOwnProfile.') || (snapshot.matches('loading') && (snapshot as GiftSnapshot).context.ownEmail === null);
const giftFilter = (snapshot: AnyMachineSnapshot, event: EventObject) =>
  takesSample(giftSampleEvents)(snapshot, event) &&
  profileArrives(snapshot, event) &&
  (!(snapshot as GiftSnapshot).context.discardAsked || whileAsked.has(event.type));

/**
 * One vertex per state value and the facts that change a branch or the screen: tickets or none, a preselect left,
 * the e-mail's validity and touch, a username typed, suggestions shown, one picked, the confirmed receiver's kind.
 */
export function giftVertex(snapshot: AnyMachineSnapshot): string {
  const context = (snapshot as GiftSnapshot).context;
  return JSON.stringify({
    value: snapshot.value,
    tickets: context.tickets.length > 0,
    preselect: context.preselectId !== null,
    email: context.email === '' ? 'empty' : isOwnEmail(context) ? 'own' : isGiftEmailValid(context.email) ? 'valid' : 'invalid',
    touched: context.emailTouched,
    query: context.query !== '',
    suggestions: context.suggestions.length > 0,
    picked: context.picked !== null,
    receiver: context.receiver?.kind ?? null,
    handPicked: context.handPicked,
    forward: context.forwardTicket !== null,
    discardAsked: context.discardAsked,
  });
}

export const giftStarts: Array<{ name: string; input: () => GiftInput }> = [
  { name: 'Gift from the HUB', input: () => ({ services: testServices(), userTicketId: null }) },
  { name: 'Gift ticket on a ticket (USER_TICKET_ID preselects it)', input: () => ({ services: testServices(), userTicketId: 11 }) },
];

/** The gift machine's model-based test (tests/machines/gift.test.ts, the visualiser's paths). */
export const giftSpec = modelSpec({ name: 'gift', machine: giftMachine, starts: giftStarts, events: giftSampleEvents, filter: giftFilter, serializeState: giftVertex });
