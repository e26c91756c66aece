// Redeem (docs/product.md §2 Redeem, §8): one code from a ticket PDF; the server moves the ticket behind it to this user. A child
// of the wallet while REDEEM is open. Submit is possible only with a valid code; a failure stays on the form with an
// error flash (the server's message key, fallback request_failed); success replaces the form with the redeemed
// ticket, which the person may open. Redeeming invalidates TICKETS (the route table), so My tickets refetches.
import { assign, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { RedeemResult } from '../src/contract/entities';
import { isFormValid, redeemForm } from '../src/contract/forms';
import { addRoutes } from '../src/client/client';
import { encodeUserTicketId } from './ticket-id';
import { errorCode } from '../src/client/errors';
import { reportError } from './services';
import type { FlowInput, LogParams, WalletServices } from './services';
import { doc } from './doc' with { type: 'macro' };
import { compactRoutes } from '../src/contract/route-table' with { type: 'macro' };

/** The routes of the calls this module makes: its chunk brings them to the client. */
addRoutes(compactRoutes('redeem'));

export type RedeemInput = FlowInput;

export interface RedeemContext {
  services: WalletServices;
  code: string;
  touched: boolean;
  /** The locale key of the last failure's flash, until the code changes or is sent again. */
  failure: string | null;
  /** What the code redeemed (the success view). */
  result: RedeemResult | null;
}

export type RedeemEvent =
  | { type: 'redeem.change'; value: string }
  | { type: 'redeem.blur' }
  | { type: 'redeem.submit' }
  /** Success view: open the redeemed ticket. */
  | { type: 'redeem.openTicket' }
  /** Success view: redeem another code. */
  | { type: 'redeem.again' };

export type RedeemReport =
  | { type: 'panel.open'; tab: 'TICKET'; userTicketId: string }
  | { type: 'panel.open'; tab: 'MY_TICKET' };

export type RedeemTag = 'form' | 'loading';

export const REDEEM_FALLBACK_KEY = 'request_failed';

/** A code as typed from paper: trimmed; spaces, dashes and case are the server's to ignore (normaliseCode). */
export const codeToSend = (code: string) => code.trim();

export const redeemMachine = setup({
  types: {
    context: {} as RedeemContext,
    events: {} as RedeemEvent,
    input: {} as RedeemInput,
    tags: {} as RedeemTag,
  },
  actions: {
    logError: ({ context }, params: LogParams) => reportError(context.services, params),
    changeCode: assign((_, params: { value: string }) => ({ code: params.value, failure: null })),
    touch: assign({ touched: true }),
    clearFailure: assign({ failure: null }),
    fail: assign((_, params: { key: string }) => ({ failure: params.key })),
    storeResult: assign((_, params: { result: RedeemResult }) => ({ result: params.result })),
    reset: assign({ code: '', touched: false, failure: null, result: null }),
    openTicket: sendParent(({ context }) =>
      context.result?.userTicketId
        ? { type: 'panel.open' as const, tab: 'TICKET' as const, userTicketId: encodeUserTicketId(context.result.userTicketId) }
        : { type: 'panel.open' as const, tab: 'MY_TICKET' as const },
    ),
  },
  guards: {
    codeValid: ({ context }) => isFormValid(redeemForm, context),
  },
  actors: {
    redeemCode: fromPromise<RedeemResult, { services: WalletServices; code: string }>(({ input }) =>
      input.services.api.call('redeem', { params: { secret: input.code } }),
    ),
  },
}).createMachine({
  id: 'redeem',
  meta: { ...doc('Redeem a code for a ticket') },
  context: ({ input }) => ({ services: input.services, code: '', touched: false, failure: null, result: null }),
  initial: 'editing',
  states: {
    editing: {
      meta: { screen: 'REDEEM', ...doc('Redeem: the code field and Redeem (disabled while the code is invalid)') },
      tags: ['form'],
      on: {
        'redeem.change': { actions: { type: 'changeCode', params: ({ event }) => event } },
        'redeem.blur': { actions: 'touch' },
        'redeem.submit': { guard: 'codeValid', target: 'redeeming', actions: ['touch', 'clearFailure'] },
      },
    },
    redeeming: {
      meta: { screen: 'REDEEM', ...doc('Redeem: the request runs, the button spins') },
      tags: ['form', 'loading'],
      invoke: {
        id: 'redeemCode',
        src: 'redeemCode',
        input: ({ context }) => ({ services: context.services, code: codeToSend(context.code) }),
        onDone: { target: 'redeemed', actions: { type: 'storeResult', params: ({ event }) => ({ result: event.output }) } },
        onError: {
          target: 'editing',
          actions: [
            { type: 'logError', params: ({ event }) => ({ message: 'redeem: redeeming the code failed', error: event.error }) },
            { type: 'fail', params: ({ event }) => ({ key: errorCode(event.error) ?? REDEEM_FALLBACK_KEY }) },
          ],
        },
      },
    },
    redeemed: {
      meta: { screen: 'REDEEM', ...doc('Success: the pulsing check, the ticket’s logo and name, a link to it') },
      on: {
        'redeem.openTicket': { actions: 'openTicket' },
        'redeem.again': { target: 'editing', actions: 'reset' },
      },
    },
  },
});

export type RedeemMachine = typeof redeemMachine;
export type RedeemActor = ActorRefFrom<RedeemMachine>;
export type RedeemSnapshot = SnapshotFrom<RedeemMachine>;
