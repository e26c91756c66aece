// Model-based tests of the benefit modal (docs/product.md §2 Benefit detail modal, §8 unlock errors): Unlock benefits only for
// digital, unlockable benefits without a code, the revealed code, copying it, the toasts, and closing it.
import { describe, expect, it } from 'vitest';
import { benefitMachine, canUnlock, type BenefitSnapshot } from '../../machines/benefit';
import {
  isBenefitUsed,
  selectBenefit,
  selectCanUnlock,
  selectIsBenefitUsed,
  selectIsUnlocking,
  selectRedeemCode,
} from '../../machines/benefit.selectors';
import { ApiRequestError } from '../../src/client/errors';
import { testServices } from '../../machines/models/fake-platform';
import { httpError } from '../../machines/models/fixtures';
import { benefitSpec } from '../../machines/models/benefit.model';
import { controlledActors, expectFullCoverage, flush, runPathOnActor, startAsChild } from '../../machines/models/model';
import { pathsOf } from '../../machines/models/model-spec';
import { benefit, digitalBenefit } from '../../machines/models/ticket-fixtures';

const { testMachine, runs: models } = pathsOf(benefitSpec);

describe.each(models)('benefit modal model with $start.name', ({ input, paths }) => {
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    await runPathOnActor(path, {
      machine: benefitMachine.provide({ actions: { logError: () => {} } }),
      input,
      promiseActors: ['unlockBenefit', 'copyCode'],
      asChild: true,
      check: (actor, step, reports) => {
        const snapshot = actor.getSnapshot() as BenefitSnapshot;
        const shown = selectBenefit(snapshot);
        expect(selectCanUnlock(snapshot)).toBe(snapshot.matches({ open: 'details' }) && canUnlock(shown));
        expect(selectIsUnlocking(snapshot)).toBe(snapshot.matches({ open: 'unlocking' }));
        expect(selectIsBenefitUsed(snapshot)).toBe(isBenefitUsed(shown));
        expect(selectRedeemCode(snapshot)).toBe(snapshot.matches({ open: 'revealed' }) ? shown.redeemCode : null);
        const type = step.event.type;
        if (type === 'unlockBenefit.error') {
          const error = (step.event as unknown as { error: unknown }).error;
          const code = error instanceof ApiRequestError ? (error.body?.code ?? 'api.internal_error') : 'api.internal_error';
          expect(reports.at(-1)).toEqual({ type: 'notify', kind: 'error', key: code });
        }
        if (type === 'copyCode.done') expect(reports.at(-1)).toEqual({ type: 'notify', kind: 'success', key: 'benefit.code_copied' });
        if (type === 'copyCode.error') expect(reports.at(-1)).toEqual({ type: 'notify', kind: 'error', key: 'benefit.copy_failed' });
        if (type === 'benefit.close') expect(snapshot.status).toBe('done');
      },
    });
  });
});

describe('benefit modal model coverage', () => {
  it('takes every transition', () => expectFullCoverage(benefitSpec.name, testMachine, models.flatMap((model) => model.paths), benefitSpec.excused));
});

describe('benefit modal effects', () => {
  function start(shown = digitalBenefit()) {
    const control = controlledActors(['unlockBenefit', 'copyCode']);
    const machine = benefitMachine.provide({ actors: control.actors, actions: { logError: () => {} } });
    const { flow: actor, reports } = startAsChild(machine, { services: testServices(), userTicketId: 11, benefit: shown });
    return { actor, control, reports };
  }

  it('unlocks with the user ticket and the benefit, then copies the revealed code', async () => {
    const { actor, control, reports } = start();
    expect(selectCanUnlock(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'benefit.unlock' });
    expect(control.inputs).toMatchObject([{ id: 'unlockBenefit', input: { userTicketId: 11, userTicketBenefitId: 102 } }]);
    expect(selectCanUnlock(actor.getSnapshot())).toBe(false);
    control.settle('unlockBenefit', 'done', { redeemCode: 'XNTA-HCTN-57EN' });
    await flush();
    expect(selectRedeemCode(actor.getSnapshot())).toBe('XNTA-HCTN-57EN');
    actor.send({ type: 'benefit.copyCode' });
    expect(control.inputs.at(-1)).toMatchObject({ id: 'copyCode', input: { code: 'XNTA-HCTN-57EN' } });
    control.settle('copyCode', 'done', undefined);
    await flush();
    expect(reports).toEqual([{ type: 'notify', kind: 'success', key: 'benefit.code_copied' }]);
  });

  it('offers no unlock for physical benefits or when a code exists', () => {
    expect(selectCanUnlock(start(benefit()).actor.getSnapshot())).toBe(false);
    const withCode = start(digitalBenefit({ redeemCode: 'ABC' })).actor.getSnapshot();
    expect(selectCanUnlock(withCode)).toBe(false);
    expect(selectRedeemCode(withCode)).toBe('ABC');
  });

  it('shows the server’s code on an unlock failure, or the internal error', async () => {
    const { actor, control, reports } = start();
    actor.send({ type: 'benefit.unlock' });
    control.settle('unlockBenefit', 'error', httpError('unlockBenefit', 404, 'api.unlock.invalid_benefit'));
    await flush();
    actor.send({ type: 'benefit.unlock' });
    control.settle('unlockBenefit', 'error', new ApiRequestError('unlockBenefit', 'TIMEOUT_ERROR'));
    await flush();
    expect(reports).toEqual([
      { type: 'notify', kind: 'error', key: 'api.unlock.invalid_benefit' },
      { type: 'notify', kind: 'error', key: 'api.internal_error' },
    ]);
    expect(selectCanUnlock(actor.getSnapshot())).toBe(true);
  });

  it('ends when closed', () => {
    const { actor } = start();
    actor.send({ type: 'benefit.close' });
    expect(actor.getSnapshot().status).toBe('done');
  });
});
