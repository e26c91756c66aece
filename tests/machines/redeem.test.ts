// Model-based tests of the redeem machine (docs/product.md §2 Redeem, §5, §8): Redeem only with a valid code, the request, the
// error flash (the server's key, fallback request_failed), the success view and its link to the ticket.
import { describe, expect, it } from 'vitest';
import { codeToSend, redeemMachine, type RedeemSnapshot } from '../../machines/redeem';
import { selectCanRedeem, selectCodeField, selectFailure, selectIsRedeeming, selectRedeemed } from '../../machines/redeem.selectors';
import { encodeUserTicketId } from '../../machines/ticket-id';
import { isFormValid, redeemForm } from '../../src/contract/forms';
import { testServices } from '../../machines/models/fake-platform';
import { httpError } from '../../machines/models/fixtures';
import { controlledActors, expectFullCoverage, flush, runPathOnActor, startAsChild } from '../../machines/models/model';
import { pathsOf } from '../../machines/models/model-spec';
import { REDEEMED, redeemInput, redeemSpec, redeemVertex, TYPED_CODE } from '../../machines/models/redeem.model';

const { testMachine, paths } = pathsOf(redeemSpec);

describe('redeem model', () => {
  it('covers every transition', () => {
    expectFullCoverage(redeemSpec.name, testMachine, paths, redeemSpec.excused);
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    await runPathOnActor(path, {
      machine: redeemMachine.provide({ actions: { logError: () => {} } }),
      input: redeemInput(),
      promiseActors: ['redeemCode'],
      vertex: redeemVertex,
      asChild: true,
      check: (actor, step, reports) => {
        const snapshot = actor.getSnapshot() as RedeemSnapshot;
        const valid = isFormValid(redeemForm, snapshot.context);
        // Redeem is possible exactly on the form, not while a request runs, with a valid code.
        expect(selectCanRedeem(snapshot)).toBe(snapshot.matches('editing') && valid);
        expect(selectIsRedeeming(snapshot)).toBe(snapshot.matches('redeeming'));
        expect(selectCodeField(snapshot).status).toBe(snapshot.context.touched && !valid ? 'error' : 'default');
        expect(Boolean(selectRedeemed(snapshot))).toBe(snapshot.matches('redeemed'));
        if (step.event.type === 'redeemCode.error') expect(selectFailure(snapshot)).not.toBeNull();
        if (step.event.type === 'redeem.openTicket') {
          expect(reports.at(-1)).toEqual({ type: 'panel.open', tab: 'TICKET', userTicketId: encodeUserTicketId(42) });
        }
      },
    });
  });
});

describe('redeem effects', () => {
  function start() {
    const control = controlledActors(['redeemCode']);
    const machine = redeemMachine.provide({ actors: control.actors, actions: { logError: () => {} } });
    const { flow: actor, reports } = startAsChild(machine, { services: testServices() });
    return { actor, control, reports };
  }

  it('refuses an empty code and sends the code as typed, trimmed', () => {
    const { actor, control } = start();
    expect(selectCanRedeem(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'redeem.submit' });
    expect(control.inputs).toEqual([]);
    actor.send({ type: 'redeem.change', value: `  ${TYPED_CODE} ` });
    actor.send({ type: 'redeem.submit' });
    expect(control.inputs).toMatchObject([{ id: 'redeemCode', input: { code: TYPED_CODE } }]);
    expect(codeToSend(` ${TYPED_CODE}\n`)).toBe(TYPED_CODE);
  });

  it('flashes the server’s key, or request_failed, and clears it when the code changes', async () => {
    const { actor, control } = start();
    actor.send({ type: 'redeem.change', value: TYPED_CODE });
    actor.send({ type: 'redeem.submit' });
    control.settle('redeemCode', 'error', httpError('redeem', 400, 'api.redeem.invalid_code'));
    await flush();
    expect(selectFailure(actor.getSnapshot())).toBe('api.redeem.invalid_code');
    actor.send({ type: 'redeem.submit' });
    control.settle('redeemCode', 'error', new Error('offline'));
    await flush();
    expect(selectFailure(actor.getSnapshot())).toBe('request_failed');
    actor.send({ type: 'redeem.change', value: 'x' });
    expect(selectFailure(actor.getSnapshot())).toBeNull();
  });

  it('opens My tickets when the answer names no ticket, and starts over on Redeem another code', async () => {
    const { actor, control, reports } = start();
    actor.send({ type: 'redeem.change', value: TYPED_CODE });
    actor.send({ type: 'redeem.submit' });
    control.settle('redeemCode', 'done', { name: REDEEMED.name, logo: null });
    await flush();
    actor.send({ type: 'redeem.openTicket' });
    expect(reports).toEqual([{ type: 'panel.open', tab: 'MY_TICKET' }]);
    actor.send({ type: 'redeem.again' });
    expect(selectCodeField(actor.getSnapshot())).toEqual({ value: '', error: null, status: 'default' });
  });
});
