// Model-based paths of the phone modal (machines/models/phone-modal.model.ts) on the rendered wallet at SETTINGS, its
// real screen (src/web/components/phone-modal.tsx): the path opens the modal with Add phone number, then picking a
// country, typing, leaving the field, Save and Cancel are a person's; msw holds the save (updateProfile) until the
// path answers it (`responseFor`, the contract's shapes). After every step the dialog shows what the model's state
// says (country, number, its message, Save busy, Cancel disabled; gone once the modal ended), and the API has exactly
// the save the state waits for, with the number in E.164. A failing step names the machine, the path and the step.
// All the model's shortest paths plus one per missed transition run (no sampling): a few seconds.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { checkPhone } from '../../machines/phone';
import { phoneModalMachine, type PhoneModalSnapshot } from '../../machines/phone-modal';
import { selectIsSavingPhone, selectPhone } from '../../machines/phone-modal.selectors';
import { expectFullCoverage, toTestMachine } from '../../machines/models/model';
import { phoneModalInput, phoneModalSampleEvents, phoneModalVertex } from '../../machines/models/phone-modal.model';
import { endpoints } from '../../src/contract/endpoints';
import { i18n } from '../../src/web/i18n';
import { handle, signInApi } from './fake-api';
import { atStep, holdRequests, responseFor, screenModelPaths, type HeldRequests } from './path-helpers';
import { setUpWalletTests } from './render-wallet';

const tests = setUpWalletTests();
const quick = { interval: 5 };

const testMachine = toTestMachine(phoneModalMachine);
// The settings' profile has no number and the organisation is in Australia: the modal opens on AU and an empty number.
const input = phoneModalInput();
const paths = screenModelPaths({ machine: testMachine, input, events: phoneModalSampleEvents, vertex: phoneModalVertex });

const dialog = () => within(screen.getByRole('dialog', { name: 'Your phone number' }));
const numberField = () => dialog().getByLabelText('Phone number') as HTMLInputElement;

async function perform(event: EventObject, before: PhoneModalSnapshot, requests: HeldRequests): Promise<void> {
  if (event.type === 'savePhone.done' || event.type === 'savePhone.error') {
    await waitFor(() => expect(requests.pending('updateProfile'), 'save sent').toHaveLength(1), quick);
    const [held] = requests.pending('updateProfile');
    // The contract's method, and the number in E.164 for the country shown.
    expect(held!.request.method, 'save method').toBe(endpoints.updateProfile.method);
    const phone = checkPhone(before.context.number, before.context.country);
    expect(await held!.request.clone().json(), 'save body').toEqual({ phoneNumber: phone.ok ? phone.e164 : 'not valid' });
    await requests.answer('updateProfile', () => responseFor(event));
    return;
  }
  const payload = event as unknown as { country?: string; value?: string };
  switch (event.type) {
    case 'phone.changeCountry':
      fireEvent.change(dialog().getByLabelText('Country'), { target: { value: payload.country } });
      return;
    case 'phone.change':
      fireEvent.change(numberField(), { target: { value: payload.value } });
      return;
    case 'phone.blur':
      fireEvent.blur(numberField());
      return;
    case 'phone.save':
      fireEvent.submit(numberField().closest('form')!);
      return;
    case 'phone.close':
      fireEvent.click(dialog().getByRole('button', { name: 'Cancel' }));
      return;
    default:
      throw new Error(`no way to perform ${event.type} on the screen`);
  }
}

function expectScreenMatches(state: PhoneModalSnapshot, requests: HeldRequests): void {
  const saving = selectIsSavingPhone(state);
  expect(requests.pending('updateProfile'), 'saves waiting').toHaveLength(saving ? 1 : 0);
  if (state.status === 'done') {
    // The modal ended: the dialog is gone, and a saved number changes the settings' button.
    expect(screen.queryByRole('dialog', { name: 'Your phone number' }), 'dialog').toBeNull();
    const saved = state.matches('saved');
    expect(screen.getByRole('button', { name: saved ? 'Change phone number' : 'Add phone number' })).toBeTruthy();
    return;
  }
  const view = selectPhone(state);
  expect((dialog().getByLabelText('Country') as HTMLSelectElement).value, 'country').toBe(view.country);
  expect(numberField().value, 'number').toBe(view.number);
  expect(numberField().getAttribute('aria-invalid') === 'true', 'number invalid').toBe(view.error !== null);
  if (view.error) expect(dialog().getByText(i18n.t(view.error)), 'message').toBeTruthy();
  const save = dialog().getByRole('button', { name: 'Save' });
  expect(save.getAttribute('aria-busy') === 'true', 'Save busy').toBe(saving);
  expect((dialog().getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled, 'Cancel disabled').toBe(saving);
}

describe('phone modal paths on the rendered screen', () => {
  it('take every transition', () => expectFullCoverage('phoneModal (screen)', testMachine, paths, {}));

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (description, path) => {
    const api = signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Rivera' } });
    tests.server.use(...api.handlers);
    // The payout child reads the account once the profile is ready: none yet (tests/web/payout-paths covers the rest).
    tests.server.use(handle('paymentsAccount', () => ({ clientSecret: '', provider: 'local' as const, publishableKey: null, verified: false, country: null, payoutFailure: null })));
    const requests = holdRequests(tests, ['updateProfile']);
    tests.render('/en/?PANEL_TAB=SETTINGS', api.signedInStorage('alex@example.com'));
    fireEvent.click(await screen.findByRole('button', { name: 'Add phone number' }));
    for (const [index, step] of path.steps.entries()) {
      const before = (path.steps[index - 1]?.state ?? step.state) as AnyMachineSnapshot as PhoneModalSnapshot;
      await atStep('phoneModal', description, index, step.event, async () => {
        if (index > 0) await perform(step.event, before, requests);
        await waitFor(() => expectScreenMatches(step.state as AnyMachineSnapshot as PhoneModalSnapshot, requests), quick);
      });
    }
  });
});
