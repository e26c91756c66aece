// The redeem machine's test model, shared by tests/machines/redeem.test.ts (paths on the actor) and
// tests/web/redeem-paths.test.tsx (the same paths on the rendered screen).
import type { AnyMachineSnapshot } from 'xstate';
import type { RedeemEvent, RedeemSnapshot } from '../redeem';
import { isFormValid, redeemForm } from '../../src/contract/forms';
import { ApiRequestError } from '../../src/client/errors';
import { testServices } from './fake-platform';
import { httpError } from './fixtures';
import { redeemMachine } from '../redeem';
import { modelSpec } from './model-spec';

export type RedeemModelEvent = RedeemEvent | { type: string; output?: unknown; error?: unknown };

/** A code as typed from paper: lower case, spaces and a dash. */
export const TYPED_CODE = 'abcd efgh-jkmn pqrs';
export const REDEEMED = { name: 'General Admission', logo: 'https://cdn.test/logo.png', userTicketId: 42 };

export const redeemSampleEvents: RedeemModelEvent[] = [
  { type: 'redeem.change', value: TYPED_CODE },
  { type: 'redeem.change', value: '   ' },
  { type: 'redeem.blur' },
  { type: 'redeem.submit' },
  { type: 'redeemCode.done', output: REDEEMED },
  { type: 'redeemCode.error', error: httpError('redeem', 400, 'api.redeem.invalid_code') },
  { type: 'redeemCode.error', error: new ApiRequestError('redeem', 'FETCH_ERROR') },
  { type: 'redeem.openTicket' },
  { type: 'redeem.again' },
];

/** One vertex per state, whether the code is valid, touched, and which failure flashes. */
export function redeemVertex(snapshot: AnyMachineSnapshot): string {
  const { context } = snapshot as RedeemSnapshot;
  return JSON.stringify({
    value: snapshot.value,
    code: context.code === '' ? 'empty' : isFormValid(redeemForm, context) ? 'valid' : 'blank',
    touched: context.touched,
    failure: context.failure,
    result: context.result !== null,
  });
}

export const redeemInput = () => ({ services: testServices() });

/** The redeem machine's model-based test (tests/machines/redeem.test.ts, the visualiser's paths). */
export const redeemSpec = modelSpec({
  name: 'redeem',
  machine: redeemMachine,
  starts: [{ name: 'start', input: redeemInput }],
  events: redeemSampleEvents,
  serializeState: redeemVertex,
});
