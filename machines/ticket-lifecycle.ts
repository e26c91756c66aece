// The life of one admission on the server (docs/product.md §4, §6): held, reserved for a swap, listed for resale or used at the
// gate, until it leaves its holder for good (gifted, sold, swapped away, redeemed away). The server asks this machine,
// inside the transaction that holds the ticket's row lock, whether an operation is allowed from the ticket's state and
// which state follows; no service restates the rule. It is plain data for the visualiser too.
import { getNextSnapshot, setup } from 'xstate';

/** What the organiser's ticket type and the event's dates say about a ticket that may leave its holder. */
export interface TicketFacts {
  /** The ticket type allows this kind of transfer (isGiftable, isSwappable, isResellable; a PDF and its redeem: isGiftable). */
  allowedByType: boolean;
  /** The event has ended. */
  eventOver: boolean;
}

export const ticketOperations = [
  'gift',
  'swap.reserve',
  'swap.confirm',
  'swap.cancel',
  'swap.expire',
  'list',
  'unlist',
  'purchase',
  'redeem',
  'scan',
  'benefit.use',
  'pdf.issue',
] as const;
export type TicketOperation = (typeof ticketOperations)[number];

export type TicketLifecycleEvent = { type: TicketOperation; facts: TicketFacts };

export const ticketStates = ['held', 'reservedForSwap', 'listed', 'used', 'gifted', 'sold', 'swappedAway', 'redeemedAway'] as const;
export type TicketState = (typeof ticketStates)[number];

/**
 * Gift, swap and resale need the type's permission and an event that has not ended (docs/product.md §6). So do a ticket PDF and
 * redeeming its code: the PDF hands the ticket to whoever types the code, a gift by code (docs/decisions/0037-pdf-and-redeem-in-the-lifecycle.md), asked again at redeem since the type, the dates or the state may have changed meanwhile.
 */
const transferable = { type: 'transferable' } as const;

export const ticketLifecycleMachine = setup({
  types: { events: {} as TicketLifecycleEvent },
  guards: {
    transferable: ({ event }) => event.facts.allowedByType && !event.facts.eventOver,
  },
}).createMachine({
  id: 'ticketLifecycle',
  meta: { description: 'The server\'s rule of what may happen to a ticket: held, reserved, listed, used, or gone for good' },
  initial: 'held',
  states: {
    held: {
      description: 'The holder has it: every move is open to them',
      on: {
        gift: { target: 'gifted', guard: transferable },
        'swap.reserve': { target: 'reservedForSwap', guard: transferable },
        list: { target: 'listed', guard: transferable },
        // Whoever types the code of the ticket's PDF receives it.
        redeem: { target: 'redeemedAway', guard: transferable },
        scan: 'used',
        'benefit.use': 'held',
        'pdf.issue': { target: 'held', guard: transferable },
      },
    },
    reservedForSwap: {
      description: 'A started swap holds it until it is paid (or confirmed, for a downgrade), cancelled or 30 minutes pass',
      on: { 'swap.confirm': 'swappedAway', 'swap.cancel': 'held', 'swap.expire': 'held' },
    },
    listed: {
      description: 'On sale through a share link until it is unlisted or bought',
      on: { unlist: 'held', purchase: 'sold' },
    },
    used: {
      description: 'Admitted at the gate: it stays with its holder, whose benefits stay usable',
      on: { 'benefit.use': 'used' },
    },
    gifted: { type: 'final', description: 'Given to another person, who holds a new ticket' },
    sold: { type: 'final', description: 'Bought through its listing; the buyer holds a new ticket' },
    swappedAway: { type: 'final', description: 'Exchanged for a ticket of the swap target type' },
    redeemedAway: { type: 'final', description: 'Claimed by whoever redeemed the code of its PDF' },
  },
});

export type TicketLifecycleMachine = typeof ticketLifecycleMachine;

const anyFacts: TicketFacts = { allowedByType: true, eventOver: false };

/** The state that follows `operation` from `state`, or null when the machine refuses it. */
export function nextTicketState(state: TicketState, operation: TicketOperation, facts: TicketFacts = anyFacts): TicketState | null {
  const snapshot = ticketLifecycleMachine.resolveState({ value: state });
  const event = { type: operation, facts };
  if (!snapshot.can(event)) return null;
  return getNextSnapshot(ticketLifecycleMachine, snapshot, event).value as TicketState;
}

/** Why an operation is refused: the state itself does not allow it, or only the type or the dates stand in the way. */
export type TicketRefusal = { kind: 'state'; state: TicketState } | { kind: 'eventOver' } | { kind: 'notAllowedByType' };

export type TicketDecision = { allowed: true; next: TicketState } | ({ allowed: false } & TicketRefusal);

/** Whether `operation` is allowed from `state` with these facts; when not, the reason. */
export function decideTicketOperation(state: TicketState, operation: TicketOperation, facts: TicketFacts = anyFacts): TicketDecision {
  const next = nextTicketState(state, operation, facts);
  if (next) return { allowed: true, next };
  // Would the state take it if the type and the dates allowed it?
  if (nextTicketState(state, operation, anyFacts)) return { allowed: false, kind: facts.eventOver ? 'eventOver' : 'notAllowedByType' };
  return { allowed: false, kind: 'state', state };
}
