// Benefit detail modal (docs/product.md §2, §4 Benefit): name, short description, used or unused, valid until, the full
// description; a digital, unlockable benefit without a code offers Unlock benefits (POST /mobile/unlock/{id}, which
// invalidates SINGLE_TICKET) and then shows the redeem code, copied on click. A child of the single ticket, given
// the benefit as input; closing it ends it.
import { assign, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Benefit } from '../src/contract/entities';
import { addRoutes } from '../src/client/client';
import { errorCode } from '../src/client/errors';
import { reportError } from './services';
import type { FlowInput, LogParams, Toast, WalletServices } from './services';
import { doc } from './doc' with { type: 'macro' };
import { compactRoutes } from '../src/contract/route-table' with { type: 'macro' };

/** The routes of the calls this module makes: its chunk brings them to the client. */
addRoutes(compactRoutes('unlockBenefit'));

export interface BenefitInput extends FlowInput {
  userTicketId: number;
  benefit: Benefit;
}

export interface BenefitContext {
  services: WalletServices;
  userTicketId: number;
  benefit: Benefit;
}

export type BenefitEvent = { type: 'benefit.close' } | { type: 'benefit.unlock' } | { type: 'benefit.copyCode' };

export type BenefitTag = 'loading';

export interface UnlockInput {
  services: WalletServices;
  userTicketId: number;
  userTicketBenefitId: number;
}

export const benefitToastKeys = {
  copied: 'benefit.code_copied',
  copyFailed: 'benefit.copy_failed',
  unlockFailed: 'api.internal_error',
} as const;

/** docs/product.md §2: digital, unlockable and no code yet. */
export function canUnlock(benefit: Benefit | null): boolean {
  return benefit !== null && benefit.type === 'benefits.digital' && benefit.isUnlockable && !benefit.redeemCode;
}

export const benefitMachine = setup({
  types: {
    context: {} as BenefitContext,
    events: {} as BenefitEvent,
    input: {} as BenefitInput,
    tags: {} as BenefitTag,
  },
  actions: {
    logError: ({ context }, params: LogParams) => reportError(context.services, params),
    notify: sendParent((_, params: Toast) => ({ type: 'notify' as const, ...params })),
    revealCode: assign(({ context }, params: { redeemCode: string }) => ({
      benefit: { ...context.benefit, redeemCode: params.redeemCode },
    })),
  },
  guards: {
    hasCode: ({ context }) => Boolean(context.benefit.redeemCode),
    unlockable: ({ context }) => canUnlock(context.benefit),
  },
  actors: {
    unlockBenefit: fromPromise<{ redeemCode: string }, UnlockInput>(({ input }) =>
      input.services.api.call('unlockBenefit', {
        params: { id: input.userTicketId },
        body: { userTicketBenefitId: input.userTicketBenefitId },
      }),
    ),
    copyCode: fromPromise<void, { services: WalletServices; code: string }>(async ({ input }) => {
      if (!input.services.platform.copyText) throw new Error('platform: copyText is not available');
      await input.services.platform.copyText(input.code);
    }),
  },
}).createMachine({
  id: 'benefit',
  meta: { ...doc('A ticket\'s benefit modal: unlock it, copy its code') },
  context: ({ input }) => ({ services: input.services, userTicketId: input.userTicketId, benefit: input.benefit }),
  initial: 'open',
  states: {
    open: {
      initial: 'deciding',
      on: { 'benefit.close': 'closed' },
      states: {
        deciding: {
          always: [{ guard: 'hasCode', target: 'revealed' }, { target: 'details' }],
        },
        details: {
          meta: { screen: 'BENEFIT', ...doc('Benefit modal: name, descriptions, used badge, valid until; Unlock benefits when possible') },
          on: { 'benefit.unlock': { guard: 'unlockable', target: 'unlocking' } },
        },
        unlocking: {
          meta: { screen: 'BENEFIT', ...doc('Benefit modal while the code is unlocked') },
          tags: ['loading'],
          invoke: {
            id: 'unlockBenefit',
            src: 'unlockBenefit',
            input: ({ context }) => ({
              services: context.services,
              userTicketId: context.userTicketId,
              userTicketBenefitId: context.benefit.userTicketBenefitId,
            }),
            onDone: { target: 'revealed', actions: { type: 'revealCode', params: ({ event }) => ({ redeemCode: event.output.redeemCode }) } },
            onError: {
              target: 'details',
              actions: [
                { type: 'logError', params: ({ event }) => ({ message: 'benefit: unlock failed', error: event.error }) },
                // docs/product.md §8: the server's message, or the internal error.
                { type: 'notify', params: ({ event }) => ({ kind: 'error', key: errorCode(event.error) ?? benefitToastKeys.unlockFailed }) },
              ],
            },
          },
        },
        revealed: {
          meta: { screen: 'BENEFIT', ...doc('Benefit modal with the redeem code; a click copies it') },
          initial: 'idle',
          states: {
            idle: { on: { 'benefit.copyCode': 'copying' } },
            copying: {
              invoke: {
                id: 'copyCode',
                src: 'copyCode',
                input: ({ context }) => ({ services: context.services, code: context.benefit.redeemCode ?? '' }),
                onDone: { target: 'idle', actions: { type: 'notify', params: { kind: 'success', key: benefitToastKeys.copied } } },
                onError: {
                  target: 'idle',
                  actions: [
                    { type: 'logError', params: ({ event }) => ({ message: 'benefit: copying the code failed', error: event.error }) },
                    { type: 'notify', params: { kind: 'error', key: benefitToastKeys.copyFailed } },
                  ],
                },
              },
            },
          },
        },
      },
    },
    closed: {
      type: 'final',
      ...doc('The modal closed: the ticket shows alone again'),
    },
  },
});

export type BenefitMachine = typeof benefitMachine;
export type BenefitActor = ActorRefFrom<BenefitMachine>;
export type BenefitSnapshot = SnapshotFrom<BenefitMachine>;
