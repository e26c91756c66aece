// Benefit detail modal (SPEC §2, §4 Benefit): name, short description, used or unused, valid until, the full
// description; a digital, unlockable benefit without a code offers Unlock benefits (POST /mobile/unlock/{id}, which
// invalidates SINGLE_TICKET) and then shows the redeem code, copied on click. The single ticket opens it (emits
// benefit.open, forwarded by createWallet); any panel change closes it.
import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Benefit } from '../src/contract/entities';
import { errorCode } from '../src/client/errors';
import type { Toast } from './login';
import type { PanelOverlay, PanelTab } from './panel.location';

export interface BenefitContext {
  userTicketId: number | null;
  benefit: Benefit | null;
}

export type BenefitEvent =
  | { type: 'benefit.open'; userTicketId: number; benefit: Benefit }
  | { type: 'benefit.close' }
  | { type: 'benefit.unlock' }
  | { type: 'benefit.copyCode' }
  | { type: 'panel.changed'; tab: PanelTab | null; overlay: PanelOverlay | null };

export type BenefitEmitted = { type: 'notify' } & Toast;

export type BenefitTag = 'loading';

export interface UnlockInput {
  userTicketId: number;
  userTicketBenefitId: number;
}

export const benefitToastKeys = {
  copied: 'benefit.code_copied',
  copyFailed: 'benefit.copy_failed',
  unlockFailed: 'api.internal_error',
} as const;

/** SPEC §2: digital, unlockable and no code yet. */
export function canUnlock(benefit: Benefit | null): boolean {
  return benefit !== null && benefit.type === 'benefits.digital' && benefit.isUnlockable && !benefit.redeemCode;
}

export const benefitMachine = setup({
  types: {
    context: {} as BenefitContext,
    events: {} as BenefitEvent,
    emitted: {} as BenefitEmitted,
    tags: {} as BenefitTag,
  },
  actions: {
    logError: (_, params: { message: string; error: unknown }) => console.error(params.message, params.error),
    notify: emit((_, params: Toast) => ({ type: 'notify' as const, ...params })),
    showBenefit: assign((_, params: { userTicketId: number; benefit: Benefit }) => ({
      userTicketId: params.userTicketId,
      benefit: params.benefit,
    })),
    forgetBenefit: assign({ userTicketId: null, benefit: null }),
    revealCode: assign(({ context }, params: { redeemCode: string }) => ({
      benefit: context.benefit ? { ...context.benefit, redeemCode: params.redeemCode } : null,
    })),
  },
  guards: {
    hasCode: ({ context }) => Boolean(context.benefit?.redeemCode),
    unlockable: ({ context }) => canUnlock(context.benefit),
  },
  actors: {
    // Provided by createWallet: the API call and the platform's clipboard; tests provide mocks.
    unlockBenefit: fromPromise<{ redeemCode: string }, UnlockInput>(async () => {
      throw new Error('benefit: unlockBenefit is not provided');
    }),
    copyCode: fromPromise<void, { code: string }>(async () => {
      throw new Error('benefit: copyCode is not provided');
    }),
  },
}).createMachine({
  id: 'benefit',
  context: { userTicketId: null, benefit: null },
  initial: 'closed',
  states: {
    closed: {
      description: 'No benefit modal',
      on: {
        'benefit.open': {
          target: 'open',
          actions: { type: 'showBenefit', params: ({ event }) => ({ userTicketId: event.userTicketId, benefit: event.benefit }) },
        },
      },
    },
    open: {
      initial: 'deciding',
      on: {
        'benefit.close': { target: 'closed', actions: 'forgetBenefit' },
        // Back/forward or any navigation takes the modal away with the ticket screen.
        'panel.changed': { target: 'closed', actions: 'forgetBenefit' },
      },
      states: {
        deciding: {
          always: [{ guard: 'hasCode', target: 'revealed' }, { target: 'details' }],
        },
        details: {
          meta: { screen: 'BENEFIT', description: 'Benefit modal: name, descriptions, used badge, valid until; Unlock benefits when possible' },
          on: { 'benefit.unlock': { guard: 'unlockable', target: 'unlocking' } },
        },
        unlocking: {
          meta: { screen: 'BENEFIT', description: 'Benefit modal while the code is unlocked' },
          tags: ['loading'],
          invoke: {
            id: 'unlockBenefit',
            src: 'unlockBenefit',
            input: ({ context }) => ({
              userTicketId: context.userTicketId ?? 0,
              userTicketBenefitId: context.benefit?.userTicketBenefitId ?? 0,
            }),
            onDone: { target: 'revealed', actions: { type: 'revealCode', params: ({ event }) => ({ redeemCode: event.output.redeemCode }) } },
            onError: {
              target: 'details',
              actions: [
                { type: 'logError', params: ({ event }) => ({ message: 'benefit: unlock failed', error: event.error }) },
                // SPEC §8: the server's message, or the internal error.
                { type: 'notify', params: ({ event }) => ({ kind: 'error', key: errorCode(event.error) ?? benefitToastKeys.unlockFailed }) },
              ],
            },
          },
        },
        revealed: {
          meta: { screen: 'BENEFIT', description: 'Benefit modal with the redeem code; a click copies it' },
          initial: 'idle',
          states: {
            idle: { on: { 'benefit.copyCode': 'copying' } },
            copying: {
              invoke: {
                id: 'copyCode',
                src: 'copyCode',
                input: ({ context }) => ({ code: context.benefit?.redeemCode ?? '' }),
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
  },
});

export type BenefitMachine = typeof benefitMachine;
export type BenefitActor = ActorRefFrom<BenefitMachine>;
export type BenefitSnapshot = SnapshotFrom<BenefitMachine>;
