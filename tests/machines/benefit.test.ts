// Model-based tests of the benefit modal (SPEC §2 Benefit detail modal, §8 unlock errors): open and close, Unlock
// benefits only for digital, unlockable benefits without a code, the revealed code, copying it, and the toasts.
import { describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { benefitMachine, canUnlock, type BenefitEvent, type BenefitSnapshot } from '../../machines/benefit';
import {
  isBenefitUsed,
  selectBenefit,
  selectCanUnlock,
  selectIsBenefitOpen,
  selectIsBenefitUsed,
  selectIsUnlocking,
  selectRedeemCode,
} from '../../machines/benefit.selectors';
import { ApiRequestError } from '../../src/client/errors';
import { httpError } from './fixtures';
import { canTake, controlledActors, flush, runPathOnActor, toTestMachine } from './model';
import { benefit, digitalBenefit } from './ticket-fixtures';

type ModelEvent = BenefitEvent | { type: string; output?: unknown; error?: unknown };

const samples: ModelEvent[] = [
  { type: 'benefit.open', userTicketId: 11, benefit: digitalBenefit() },
  { type: 'benefit.open', userTicketId: 11, benefit: digitalBenefit({ redeemCode: 'ABCD-EFGH-JKLM' }) },
  { type: 'benefit.open', userTicketId: 11, benefit: benefit({ usedAmount: 2 }) },
  { type: 'benefit.close' },
  { type: 'benefit.unlock' },
  { type: 'benefit.copyCode' },
  { type: 'panel.changed', tab: 'MY_TICKET', overlay: null },
  { type: 'unlockBenefit.done', output: { redeemCode: 'XNTA-HCTN-57EN' } },
  { type: 'unlockBenefit.error', error: httpError('unlockBenefit', 409, 'api.unlock.not_unlockable') },
  { type: 'unlockBenefit.error', error: new ApiRequestError('unlockBenefit', 'FETCH_ERROR') },
  { type: 'copyCode.done', output: undefined },
  { type: 'copyCode.error', error: new Error('clipboard refused') },
];

const model = createTestModel(toTestMachine(benefitMachine), {
  events: samples as never,
  filterEvents: (state, event) => canTake(state, event) && samples.some((sample) => JSON.stringify(sample) === JSON.stringify(event)),
});
const paths = model.getShortestPaths();

describe('benefit modal model', () => {
  it('reaches the unlocked code and copying it', () => {
    const steps = paths.flatMap((path) => path.steps.map((step) => step.event.type));
    for (const type of ['unlockBenefit.done', 'unlockBenefit.error', 'copyCode.done', 'copyCode.error', 'panel.changed', 'benefit.close']) {
      expect(steps, type).toContain(type);
    }
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    const toasts: unknown[] = [];
    await runPathOnActor(path, {
      machine: benefitMachine.provide({ actions: { logError: () => {}, notify: (_, params) => void toasts.push(params) } }),
      promiseActors: ['unlockBenefit', 'copyCode'],
      check: (actor, step) => {
        const snapshot = actor.getSnapshot() as BenefitSnapshot;
        const shown = selectBenefit(snapshot);
        expect(selectIsBenefitOpen(snapshot)).toBe(shown !== null);
        expect(selectCanUnlock(snapshot)).toBe(snapshot.matches({ open: 'details' }) && canUnlock(shown));
        expect(selectIsUnlocking(snapshot)).toBe(snapshot.matches({ open: 'unlocking' }));
        expect(selectIsBenefitUsed(snapshot)).toBe(shown ? isBenefitUsed(shown) : false);
        expect(selectRedeemCode(snapshot)).toBe(snapshot.matches({ open: 'revealed' }) ? shown?.redeemCode : null);
        const type = (step.event as { type: string }).type;
        if (type === 'unlockBenefit.error') {
          const error = (step.event as unknown as { error: unknown }).error;
          const code = error instanceof ApiRequestError ? (error.body?.code ?? 'api.internal_error') : 'api.internal_error';
          expect(toasts.at(-1)).toEqual({ kind: 'error', key: code });
        }
        if (type === 'copyCode.done') expect(toasts.at(-1)).toEqual({ kind: 'success', key: 'benefit.code_copied' });
        if (type === 'copyCode.error') expect(toasts.at(-1)).toEqual({ kind: 'error', key: 'benefit.copy_failed' });
      },
    });
  });
});

describe('benefit modal effects', () => {
  function start() {
    const control = controlledActors(['unlockBenefit', 'copyCode']);
    const actor = createActor(benefitMachine.provide({ actors: control.actors, actions: { logError: () => {} } }));
    const emitted: unknown[] = [];
    actor.on('notify', (event) => emitted.push(event));
    actor.start();
    return { actor, control, emitted };
  }

  it('unlocks with the user ticket and the benefit, then copies the revealed code', async () => {
    const { actor, control, emitted } = start();
    actor.send({ type: 'benefit.open', userTicketId: 11, benefit: digitalBenefit() });
    expect(selectCanUnlock(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'benefit.unlock' });
    expect(control.inputs).toEqual([{ id: 'unlockBenefit', input: { userTicketId: 11, userTicketBenefitId: 102 } }]);
    expect(selectCanUnlock(actor.getSnapshot())).toBe(false);
    control.settle('unlockBenefit', 'done', { redeemCode: 'XNTA-HCTN-57EN' });
    await flush();
    expect(selectRedeemCode(actor.getSnapshot())).toBe('XNTA-HCTN-57EN');
    actor.send({ type: 'benefit.copyCode' });
    expect(control.inputs.at(-1)).toEqual({ id: 'copyCode', input: { code: 'XNTA-HCTN-57EN' } });
    control.settle('copyCode', 'done', undefined);
    await flush();
    expect(emitted).toEqual([{ type: 'notify', kind: 'success', key: 'benefit.code_copied' }]);
  });

  it('offers no unlock for physical benefits or when a code exists', () => {
    const { actor } = start();
    actor.send({ type: 'benefit.open', userTicketId: 11, benefit: benefit() });
    expect(selectCanUnlock(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'benefit.close' });
    actor.send({ type: 'benefit.open', userTicketId: 11, benefit: digitalBenefit({ redeemCode: 'ABC' }) });
    expect(selectCanUnlock(actor.getSnapshot())).toBe(false);
    expect(selectRedeemCode(actor.getSnapshot())).toBe('ABC');
  });

  it('shows the server’s code on an unlock failure, or the internal error', async () => {
    const { actor, control, emitted } = start();
    actor.send({ type: 'benefit.open', userTicketId: 11, benefit: digitalBenefit() });
    actor.send({ type: 'benefit.unlock' });
    control.settle('unlockBenefit', 'error', httpError('unlockBenefit', 404, 'api.unlock.invalid_benefit'));
    await flush();
    actor.send({ type: 'benefit.unlock' });
    control.settle('unlockBenefit', 'error', new ApiRequestError('unlockBenefit', 'TIMEOUT_ERROR'));
    await flush();
    expect(emitted).toEqual([
      { type: 'notify', kind: 'error', key: 'api.unlock.invalid_benefit' },
      { type: 'notify', kind: 'error', key: 'api.internal_error' },
    ]);
    expect(selectCanUnlock(actor.getSnapshot())).toBe(true);
  });

  it('closes when the panel changes', () => {
    const { actor } = start();
    actor.send({ type: 'benefit.open', userTicketId: 11, benefit: benefit() });
    actor.send({ type: 'panel.changed', tab: 'MY_TICKET', overlay: null });
    expect(selectIsBenefitOpen(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context).toEqual({ userTicketId: null, benefit: null });
  });
});
