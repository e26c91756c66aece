// Model-based paths of the redeem machine (machines/models/redeem.model.ts) on the rendered wallet at REDEEM: typing,
// leaving the field and pressing Redeem are a person's, msw holds the redeem request until the path answers it.
// After every step the screen shows what the model's state says: the field's error, Redeem enabled or busy, the
// error flash, or the success view; View ticket opens the redeemed ticket's panel.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { redeemMachine, type RedeemSnapshot } from '../../machines/redeem';
import { selectCanRedeem, selectCodeField, selectFailure, selectIsRedeeming, selectRedeemed } from '../../machines/redeem.selectors';
import { encodeUserTicketId } from '../../machines/ticket-id';
import { i18n } from '../../src/web/i18n';
import { coverTransitions, takesSample, toTestMachine } from '../../machines/models/model';
import { redeemInput, redeemSampleEvents, redeemVertex, type RedeemModelEvent } from '../../machines/models/redeem.model';
import { signInApi } from './fake-api';
import { holdRequests, responseFor, type HeldRequests } from './path-helpers';
import { setUpWalletTests } from './render-wallet';

const tests = setUpWalletTests();
const CODE = 'Ticket code';

async function perform(event: RedeemModelEvent, requests: HeldRequests): Promise<void> {
  if (event.type === 'redeemCode.done' || event.type === 'redeemCode.error') {
    await waitFor(() => expect(requests.pending('redeem').length).toBeGreaterThan(0));
    await requests.answer('redeem', () => responseFor(event));
    return;
  }
  switch (event.type) {
    case 'redeem.change':
      fireEvent.change(screen.getByLabelText(CODE), { target: { value: (event as { value: string }).value } });
      return;
    case 'redeem.blur':
      fireEvent.blur(screen.getByLabelText(CODE));
      return;
    case 'redeem.submit':
      fireEvent.submit(screen.getByRole('button', { name: 'Redeem' }).closest('form')!);
      return;
    case 'redeem.openTicket':
      fireEvent.click(screen.getByRole('button', { name: 'View ticket' }));
      return;
    case 'redeem.again':
      fireEvent.click(screen.getByRole('button', { name: 'Redeem another code' }));
      return;
    default:
      throw new Error(`no way to perform ${event.type} on the screens`);
  }
}

function expectScreenMatches(state: RedeemSnapshot): void {
  const redeemed = selectRedeemed(state);
  if (redeemed) {
    expect(screen.getByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(screen.getByText(redeemed.name)).toBeTruthy();
    expect(screen.queryByLabelText(CODE)).toBeNull();
    return;
  }
  expect(screen.getByRole('heading', { name: 'Redeem a ticket' })).toBeTruthy();
  const input = screen.getByLabelText(CODE) as HTMLInputElement;
  const field = selectCodeField(state);
  expect(input.value).toBe(field.value);
  expect(input.getAttribute('aria-invalid') === 'true', 'code invalid').toBe(field.status === 'error');
  const button = screen.getByRole('button', { name: 'Redeem' }) as HTMLButtonElement;
  expect(button.getAttribute('aria-busy') === 'true', 'Redeem busy').toBe(selectIsRedeeming(state));
  expect(button.disabled, 'Redeem disabled').toBe(!selectCanRedeem(state) && !selectIsRedeeming(state));
  const failure = selectFailure(state);
  const flash = screen.queryAllByRole('alert').find((element) => element.classList.contains('tw-redeem__flash'));
  expect(flash?.textContent ?? null, 'error flash').toBe(failure ? i18n.t(failure) : null);
}

const testMachine = toTestMachine(redeemMachine);
const input = redeemInput();
const model = createTestModel(testMachine, {
  input,
  events: redeemSampleEvents as never,
  filterEvents: takesSample(redeemSampleEvents),
  serializeState: redeemVertex,
});
const paths = coverTransitions(testMachine, model.getShortestPaths(), redeemSampleEvents as never, input);

describe('redeem paths on the rendered screen', () => {
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    const api = signInApi({ 'sam@example.com': { givenName: 'Sam', familyName: 'Lee' } });
    tests.server.use(...api.handlers);
    const held = holdRequests(tests, ['redeem', 'ticketDetail']);
    const rendered = tests.render('/en/?PANEL_TAB=REDEEM', api.signedInStorage('sam@example.com'));
    for (const [index, step] of path.steps.entries()) {
      if (index > 0) await perform(step.event as RedeemModelEvent, held);
      if (step.event.type === 'redeem.openTicket') {
        // The wallet moves to the redeemed ticket and the redeem flow ends with its panel.
        const expected = encodeUserTicketId(42);
        await waitFor(() => expect(rendered.url()).toContain(`USER_TICKET_ID=${expected}`));
        expect(rendered.url()).toContain('PANEL_TAB=TICKET');
        return;
      }
      await waitFor(() => expectScreenMatches(step.state as AnyMachineSnapshot as RedeemSnapshot));
    }
  });
});
