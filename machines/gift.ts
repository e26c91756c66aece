// Gift (docs/product.md §2 Gift, §4 Gift flow, §5, §8): pick one of the upcoming tickets (the server must say it can be gifted),
// name the receiver by e-mail or by username (suggestions searched 500 ms after typing stops), confirm them, accept
// the terms and gift. A child of the wallet while GIFT is open, given the decoded USER_TICKET_ID to preselect. The
// ticket or the receiver can be edited; Cancel resets everything. A gift invalidates TICKETS and SINGLE_TICKET
// (the contract's route table), so My tickets and the single ticket show it at once.
import { assign, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ReceiverSuggestion, UserTicket } from '../src/contract/entities';
import type { ResponseOf } from '../src/contract/endpoints';
import { giftEmailForm, isFormValid } from '../src/contract/forms';
import { addRoutes } from '../src/client/client';
import { errorCode } from '../src/client/errors';
import { reportError } from './services';
import type { FlowInput, LogParams, Toast, WalletServices } from './services';
import { asksBeforeClosingWhen, type ClosingEvent, type ClosingReport, closesAtOnce, holdsOffClosing, type StepEvent, type StepReport, stepIs } from './closing';
import { doc } from './doc' with { type: 'macro' };
import { compactRoutes } from '../src/contract/route-table' with { type: 'macro' };

/** The routes of the calls this module makes: its chunk brings them to the client. */
addRoutes(compactRoutes('giftTicket', 'giftVerify', 'me', 'myTickets', 'searchUsers'));

export interface GiftInput extends FlowInput {
  /** USER_TICKET_ID, decoded: the ticket to preselect, or null. */
  userTicketId: number | null;
}

export type ReceiverTab = 'EMAIL' | 'USERNAME';

/** The confirmed receiver: what POST /mobile/giftTicket gets as `username` (an e-mail or nickname#suffix). */
export interface GiftReceiver {
  kind: 'email' | 'username';
  value: string;
  picture: string | null;
}

export type GiftResult = ResponseOf<'giftTicket'>;

export interface GiftContext {
  services: WalletServices;
  /** The ticket USER_TICKET_ID names, until it has been tried once. */
  preselectId: number | null;
  /** The user's upcoming tickets: the dropdown. */
  tickets: UserTicket[];
  /** The ticket the server is asked about. */
  candidateId: number | null;
  /** The ticket being gifted (the server said it can be). */
  ticket: UserTicket | null;
  /** The ticket the browser's Back went back from (the receiver step): Forward comes back to it. */
  forwardTicket: UserTicket | null;
  /** The person chose the ticket in this panel (not the USER_TICKET_ID it opened with): closing asks first. */
  handPicked: boolean;
  email: string;
  emailTouched: boolean;
  /** The username tab's text, its suggestions and the one picked. */
  query: string;
  suggestions: ReceiverSuggestion[];
  picked: ReceiverSuggestion | null;
  receiver: GiftReceiver | null;
  /** The signed-in person's own e-mail (the profile), once known: a gift to it is refused at the receiver step. */
  ownEmail: string | null;
  gifted: GiftResult | null;
  /**
   * "Discard this gift?" is open (the flow asked it, Keep editing has not answered yet): the e-mail field's blur is the
   * question taking the focus, not the person leaving the field, so it does not mark the field touched.
   */
  discardAsked: boolean;
}

export type GiftEvent =
  | { type: 'gift.retry' }
  | { type: 'gift.selectTicket'; userTicketId: number }
  | { type: 'gift.editTicket' }
  | { type: 'gift.chooseReceiverTab'; tab: ReceiverTab }
  | { type: 'gift.changeEmail'; value: string }
  | { type: 'gift.blurEmail' }
  | { type: 'gift.changeUsername'; value: string }
  | { type: 'gift.pickReceiver'; username: string }
  | { type: 'gift.confirmReceiver' }
  | { type: 'gift.editReceiver' }
  | { type: 'gift.toggleTerms' }
  | { type: 'gift.submit' }
  | { type: 'gift.cancel' }
  | { type: 'gift.more' }
  | { type: 'gift.viewTickets' }
  | ClosingEvent
  | StepEvent;

/** What the flow tells the wallet. */
export type GiftReport =
  | { type: 'panel.open'; tab: 'MY_TICKET' }
  | { type: 'panel.setParams'; params: { userTicketId: null } }
  | StepReport<'RECEIVER'>
  | ClosingReport
  | ({ type: 'notify' } & Toast);

export type GiftTag = 'loading' | 'searching';

export const giftToastKeys = {
  cannotBeGifted: 'gift_tickets.cannot_be_gifted',
  failed: 'api.internal_error',
} as const;

/** docs/product.md §9: the username search waits this long after the last keystroke. */
export const USERNAME_DEBOUNCE_MS = 500;

const freshReceiver = {
  email: '',
  emailTouched: false,
  query: '',
  suggestions: [] as ReceiverSuggestion[],
  picked: null,
  receiver: null,
} satisfies Partial<GiftContext>;

/** The e-mail as it is sent: trimmed, lower case (the form's own cleaning). */
export const normalisedEmail = (email: string) => email.trim().toLowerCase();

export const isGiftEmailValid = (email: string) => isFormValid(giftEmailForm, { email });
/** The e-mail typed is the person's own: the server would refuse the gift (api.gift.self_gift), so the step does. */
export const isOwnEmail = (context: Pick<GiftContext, 'email' | 'ownEmail'>) =>
  context.ownEmail !== null && normalisedEmail(context.email) === context.ownEmail;

const logParams = (message: string) => ({ event }: { event: { error: unknown } }) => ({ message, error: event.error });

export const giftMachine = setup({
  types: {
    context: {} as GiftContext,
    events: {} as GiftEvent,
    input: {} as GiftInput,
    tags: {} as GiftTag,
  },
  actions: {
    logError: ({ context }, params: LogParams) => reportError(context.services, params),
    notify: sendParent((_, params: Toast) => ({ type: 'notify' as const, ...params })),
    askDiscard: sendParent({ type: 'panel.askDiscard' as const }),
    /** "Discard this gift?" is asked: the field's blur it causes is held off until Keep editing. */
    markDiscardAsked: assign({ discardAsked: true }),
    /** Keep editing: the question has gone, the field's blur counts again. */
    keepEditing: assign({ discardAsked: false }),
    dismiss: sendParent({ type: 'panel.dismiss' as const }),
    openMyTickets: sendParent({ type: 'panel.open' as const, tab: 'MY_TICKET' as const }),
    /** The preselected ticket is given away: the address stops naming it (the wallet starts the flow anew). */
    forgetPreselect: sendParent({ type: 'panel.setParams' as const, params: { userTicketId: null } }),
    storeTickets: assign((_, params: { tickets: UserTicket[] }) => ({ tickets: params.tickets })),
    takePreselected: assign(({ context }) => ({ candidateId: context.preselectId, preselectId: null })),
    chooseCandidate: assign((_, params: { userTicketId: number }) => ({ candidateId: params.userTicketId, handPicked: true })),
    selectCandidate: assign(({ context }) => ({
      ticket: context.tickets.find((ticket) => ticket.userTicketId === context.candidateId) ?? null,
      forwardTicket: null,
    })),
    /** The ticket is chosen: the receiver step is a history entry of its own (Back picks again, Forward comes back). */
    pushReceiverStep: sendParent({ type: 'panel.pushStep' as const, step: 'RECEIVER' as const }),
    clearStep: sendParent({ type: 'panel.setParams' as const, params: { step: null } }),
    /** The browser's Back from the receiver step: the ticket is put aside (Forward takes it again), the receiver kept. */
    stashTicket: assign(({ context }) => ({ forwardTicket: context.ticket, ticket: null, candidateId: null })),
    restoreTicket: assign(({ context }) => ({ ticket: context.forwardTicket, candidateId: context.forwardTicket?.userTicketId ?? null, forwardTicket: null })),
    forgetTicket: assign({ ticket: null, candidateId: null }),
    changeEmail: assign((_, params: { value: string }) => ({ email: params.value })),
    storeOwnEmail: assign((_, params: { email: string }) => ({ ownEmail: normalisedEmail(params.email) })),
    touchEmail: assign({ emailTouched: true }),
    changeQuery: assign((_, params: { value: string }) => ({ query: params.value, picked: null })),
    storeSuggestions: assign((_, params: { suggestions: ReceiverSuggestion[] }) => ({ suggestions: params.suggestions })),
    clearSuggestions: assign({ suggestions: [] }),
    pick: assign(({ context }, params: { username: string }) => {
      const picked = context.suggestions.find((suggestion) => suggestion.username === params.username) ?? null;
      return { picked, query: picked?.username ?? context.query, suggestions: [] };
    }),
    confirmEmail: assign(({ context }) => ({
      receiver: { kind: 'email' as const, value: normalisedEmail(context.email), picture: null },
    })),
    confirmUsername: assign(({ context }) => ({
      receiver: context.picked ? { kind: 'username' as const, value: context.picked.username, picture: context.picked.picture } : null,
    })),
    forgetReceiver: assign({ receiver: null }),
    storeGifted: assign((_, params: { gifted: GiftResult }) => ({ gifted: params.gifted })),
    resetAll: assign(() => ({ ...freshReceiver, ticket: null, forwardTicket: null, candidateId: null, handPicked: false, gifted: null })),
  },
  guards: {
    stepIs,
    forwardToReceiver: ({ context }, params: { step: string | null }) => params.step === 'RECEIVER' && context.forwardTicket !== null,
    hasPreselect: ({ context }) => context.preselectId !== null,
    listed: ({ context }, params: { userTicketId: number }) => context.tickets.some((ticket) => ticket.userTicketId === params.userTicketId),
    /** docs/product.md §4: a ticket is selected only when the server says it can be gifted (and it is one of the upcoming ones). */
    giftable: ({ context }, params: { canBeGifted: boolean }) =>
      params.canBeGifted && context.tickets.some((ticket) => ticket.userTicketId === context.candidateId),
    hasReceiver: ({ context }) => context.receiver !== null,
    discardAsked: ({ context }) => context.discardAsked,
    receiverIsUsername: ({ context }) => context.receiver?.kind === 'username',
    tabIs: (_, params: { tab: ReceiverTab; wanted: ReceiverTab }) => params.tab === params.wanted,
    /** docs/product.md §5: a valid e-mail, changed from the empty form. */
    emailConfirmable: ({ context }) => context.email !== '' && isGiftEmailValid(context.email) && !isOwnEmail(context),
    hasQuery: ({ context }) => context.query.trim() !== '',
    suggested: ({ context }, params: { username: string }) => context.suggestions.some((suggestion) => suggestion.username === params.username),
    hasPicked: ({ context }) => context.picked !== null,
    /**
     * Half-done (docs/decisions/0068-discard-before-closing-a-half-done-flow.md): past the ticket, the person chose it here or has typed, picked or
     * confirmed a receiver. A ticket preselected by the link with nothing entered is not asked about.
     */
    holdsInput: ({ context }) => context.handPicked || context.email !== '' || context.query !== '' || context.receiver !== null,
  },
  actors: {
    loadOwnProfile: fromPromise<{ email: string }, { services: WalletServices }>(({ input }) => input.services.api.call('me')),
    loadTickets: fromPromise<UserTicket[], { services: WalletServices }>(({ input }) =>
      input.services.api.call('myTickets', { query: { status: 'UPCOMING' } }),
    ),
    verifyTicket: fromPromise<ResponseOf<'giftVerify'>, { services: WalletServices; userTicketId: number }>(({ input }) =>
      input.services.api.call('giftVerify', { body: { userTicketId: input.userTicketId } }),
    ),
    searchUsers: fromPromise<ReceiverSuggestion[], { services: WalletServices; username: string }>(({ input, signal }) =>
      input.services.api.call('searchUsers', { query: { username: input.username }, signal }),
    ),
    giftTicket: fromPromise<GiftResult, { services: WalletServices; userTicketId: number; username: string }>(({ input }) =>
      input.services.api.call('giftTicket', { body: { userTicketId: input.userTicketId, username: input.username } }),
    ),
  },
  delays: {
    usernameDebounce: USERNAME_DEBOUNCE_MS,
  },
}).createMachine({
  id: 'gift',
  meta: { ...doc('Gift a ticket: choose it, the receiver by e-mail or username, accept the terms') },
  context: ({ input }) => ({
    services: input.services,
    preselectId: input.userTicketId,
    tickets: [],
    candidateId: null,
    ticket: null,
    forwardTicket: null,
    handPicked: false,
    gifted: null,
    discardAsked: false,
    ownEmail: null,
    ...freshReceiver,
  }),
  // The profile is in the client's cache already (the session read it), so this costs no request as a rule. Without it
  // the server still refuses a gift to oneself, after Gift.
  invoke: {
    id: 'loadOwnProfile',
    src: 'loadOwnProfile',
    input: ({ context }) => ({ services: context.services }),
    onDone: { actions: { type: 'storeOwnEmail', params: ({ event }) => ({ email: event.output.email }) } },
    onError: { actions: { type: 'logError', params: logParams('gift: loading the own profile failed') } },
  },
  on: {
    // The empty list's link and the success screen's "view my tickets".
    'gift.viewTickets': { actions: 'openMyTickets' },
    ...closesAtOnce,
    'flow.keep': { actions: 'keepEditing' },
  },
  initial: 'loading',
  states: {
    loading: {
      meta: { screen: 'GIFT', ...doc('Gift: the ticket dropdown as a skeleton while the upcoming tickets load') },
      tags: ['loading'],
      invoke: {
        id: 'loadTickets',
        src: 'loadTickets',
        input: ({ context }) => ({ services: context.services }),
        onDone: { target: 'deciding', actions: { type: 'storeTickets', params: ({ event }) => ({ tickets: event.output }) } },
        onError: { target: 'failed', actions: { type: 'logError', params: logParams('gift: loading the tickets failed') } },
      },
    },
    failed: {
      meta: { screen: 'GIFT', ...doc('The tickets did not load: message and Retry') },
      on: { 'gift.retry': 'loading' },
    },
    deciding: {
      ...doc('A ticket named by USER_TICKET_ID is asked about at once'),
      always: [{ guard: 'hasPreselect', target: 'verifying', actions: 'takePreselected' }, { target: 'picking' }],
    },
    picking: {
      meta: { screen: 'GIFT', ...doc('No ticket selected: the dropdown of upcoming tickets (or the empty state)') },
      on: {
        'gift.selectTicket': {
          guard: { type: 'listed', params: ({ event }) => ({ userTicketId: event.userTicketId }) },
          target: 'verifying',
          actions: { type: 'chooseCandidate', params: ({ event }) => ({ userTicketId: event.userTicketId }) },
        },
        // Forward to the receiver step the browser's Back left.
        'flow.step': { guard: { type: 'forwardToReceiver', params: ({ event }) => ({ step: event.step }) }, target: 'selected', actions: 'restoreTicket' },
      },
    },
    verifying: {
      meta: { screen: 'GIFT', ...doc('The server is asked whether the chosen ticket can be gifted') },
      tags: ['loading'],
      invoke: {
        id: 'verifyTicket',
        src: 'verifyTicket',
        input: ({ context }) => ({ services: context.services, userTicketId: context.candidateId ?? 0 }),
        onDone: [
          {
            guard: { type: 'giftable', params: ({ event }) => ({ canBeGifted: event.output.extras.canBeGifted }) },
            target: 'selected',
            actions: ['selectCandidate', 'pushReceiverStep'],
          },
          {
            target: 'picking',
            actions: ['forgetTicket', { type: 'notify', params: { kind: 'error', key: giftToastKeys.cannotBeGifted } }],
          },
        ],
        onError: {
          target: 'picking',
          actions: [
            'forgetTicket',
            { type: 'logError', params: logParams('gift: verifying the ticket failed') },
            // docs/product.md §8: the server's message key, else the internal error.
            { type: 'notify', params: ({ event }) => ({ kind: 'error', key: errorCode(event.error) ?? giftToastKeys.failed }) },
          ],
        },
      },
    },
    selected: {
      ...doc('The "you are gifting" card; the receiver is chosen, confirmed, the terms accepted'),
      on: {
        'gift.editTicket': { target: 'picking', actions: ['forgetTicket', 'clearStep'] },
        'gift.cancel': { target: 'picking', actions: ['resetAll', 'clearStep'] },
        'flow.step': { guard: { type: 'stepIs', params: ({ event }) => ({ step: event.step, wanted: null }) }, target: 'picking', actions: 'stashTicket' },
        ...asksBeforeClosingWhen('holdsInput', 'markDiscardAsked'),
      },
      initial: 'deciding',
      states: {
        deciding: {
          ...doc('A receiver confirmed before the ticket was edited stays confirmed'),
          always: [{ guard: 'hasReceiver', target: 'confirmed' }, { target: 'receiver' }],
        },
        receiver: {
          initial: 'email',
          states: {
            email: {
              meta: { screen: 'GIFT', ...doc('Receiver by e-mail: the field and Confirm receiver') },
              on: {
                'gift.chooseReceiverTab': {
                  guard: { type: 'tabIs', params: ({ event }) => ({ tab: event.tab, wanted: 'USERNAME' as const }) },
                  target: 'username',
                },
                'gift.changeEmail': { actions: { type: 'changeEmail', params: ({ event }) => ({ value: event.value }) } },
                // The blur "Discard this gift?" causes (it takes the focus) leaves the field as it was, not red behind it.
                'gift.blurEmail': [{ guard: 'discardAsked' }, { actions: 'touchEmail' }],
                // Refused, it says why: the field is marked touched and shows its rule's message (the view then
                // focuses it; docs/decisions/0116-forms-that-say-why-and-payouts-first.md).
                'gift.confirmReceiver': [{ guard: 'emailConfirmable', target: '#gift.selected.confirmed', actions: 'confirmEmail' }, { actions: 'touchEmail' }],
              },
            },
            username: {
              meta: { screen: 'GIFT', ...doc('Receiver by username: the search field, its suggestions and Confirm receiver') },
              on: {
                'gift.chooseReceiverTab': {
                  guard: { type: 'tabIs', params: ({ event }) => ({ tab: event.tab, wanted: 'EMAIL' as const }) },
                  target: 'email',
                },
                // Every keystroke starts the wait again; a search still running is stopped, so its answer is ignored.
                'gift.changeUsername': {
                  target: '.debouncing',
                  reenter: true,
                  actions: { type: 'changeQuery', params: ({ event }) => ({ value: event.value }) },
                },
                'gift.pickReceiver': {
                  guard: { type: 'suggested', params: ({ event }) => ({ username: event.username }) },
                  target: '.idle',
                  actions: { type: 'pick', params: ({ event }) => ({ username: event.username }) },
                },
                'gift.confirmReceiver': { guard: 'hasPicked', target: '#gift.selected.confirmed', actions: 'confirmUsername' },
              },
              initial: 'idle',
              states: {
                idle: {},
                debouncing: {
                  after: {
                    usernameDebounce: [{ guard: 'hasQuery', target: 'searching' }, { target: 'idle', actions: 'clearSuggestions' }],
                  },
                },
                searching: {
                  tags: ['searching'],
                  invoke: {
                    id: 'searchUsers',
                    src: 'searchUsers',
                    input: ({ context }) => ({ services: context.services, username: context.query.trim() }),
                    onDone: { target: 'idle', actions: { type: 'storeSuggestions', params: ({ event }) => ({ suggestions: event.output }) } },
                    // Suggestions are a help: a failed search is logged and the field stays usable.
                    onError: { target: 'idle', actions: { type: 'logError', params: logParams('gift: the username search failed') } },
                  },
                },
              },
            },
          },
        },
        confirmed: {
          meta: { screen: 'GIFT', ...doc('The recipient card with Edit, the terms checkbox, Gift and Cancel') },
          on: {
            'gift.editReceiver': [
              { guard: 'receiverIsUsername', target: '#gift.selected.receiver.username', actions: 'forgetReceiver' },
              { target: '#gift.selected.receiver.email', actions: 'forgetReceiver' },
            ],
          },
          initial: 'unaccepted',
          states: {
            unaccepted: { on: { 'gift.toggleTerms': 'accepted' } },
            accepted: {
              on: {
                'gift.toggleTerms': 'unaccepted',
                'gift.submit': 'gifting',
              },
            },
            gifting: {
              tags: ['loading'],
              // Nothing may change the gift while it is sent; a close waits for the outcome.
              on: { 'gift.editReceiver': {}, 'gift.editTicket': {}, 'gift.cancel': {}, 'flow.step': {}, ...holdsOffClosing },
              invoke: {
                id: 'giftTicket',
                src: 'giftTicket',
                input: ({ context }) => ({
                  services: context.services,
                  userTicketId: context.ticket?.userTicketId ?? 0,
                  username: context.receiver?.value ?? '',
                }),
                onDone: { target: '#gift.done', actions: { type: 'storeGifted', params: ({ event }) => ({ gifted: event.output }) } },
                onError: {
                  target: 'accepted',
                  actions: [
                    { type: 'logError', params: logParams('gift: gifting failed') },
                    { type: 'notify', params: ({ event }) => ({ kind: 'error', key: errorCode(event.error) ?? giftToastKeys.failed }) },
                  ],
                },
              },
            },
          },
        },
      },
    },
    done: {
      meta: { screen: 'GIFT', ...doc('Success: "gift more tickets" and "view my tickets"') },
      on: { 'gift.more': { target: 'loading', actions: ['resetAll', 'clearStep', 'forgetPreselect'] } },
    },
  },
});

export type GiftMachine = typeof giftMachine;
export type GiftActor = ActorRefFrom<GiftMachine>;
export type GiftSnapshot = SnapshotFrom<GiftMachine>;
