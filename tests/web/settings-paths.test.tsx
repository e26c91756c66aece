// Model-based paths of the settings machine (machines/models/settings.model.ts) on the rendered wallet at SETTINGS:
// typing, tabs, buttons, the phone modal and the file picker are a person's; msw holds each request until the path
// answers it. The graph is taken coarser than on the actor (state, tab, which forms hold a change, the phone draft valid,
// a picture picked): every transition is still taken. After every step the screen shows what the model's state says.
import { isFormValid, personalDataForm } from '../../src/contract/forms';
import { nicknameForm } from '../../src/contract/nickname-rule';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { checkPhone } from '../../machines/phone';
import { settingsMachine, type SettingsSnapshot } from '../../machines/settings';
import {
  selectCanSaveNames,
  selectCanSaveNickname,
  selectFamilyNameField,
  selectGivenNameField,
  selectIsPhoneOpen,
  selectNicknameField,
  selectSettingsStatus,
} from '../../machines/settings.selectors';
import type { EndpointName } from '../../src/contract/endpoints';
import { coverTransitions, expectFullCoverage, isSample, toTestMachine } from '../../machines/models/model';
import { oneAtATime, PICKED, settingsInput, settingsSampleEvents, type SettingsModelEvent } from '../../machines/models/settings.model';
import { handle, signInApi } from './fake-api';
import { holdRequests, responseFor, type HeldRequests } from './path-helpers';
import { setUpWalletTests } from './render-wallet';

const tests = setUpWalletTests();

const endpoints: Record<string, EndpointName> = {
  loadProfile: 'me',
  saveNickname: 'updateProfile',
  generateNickname: 'username',
  saveNames: 'updateProfile',
  startVerification: 'paymentsConnect',
};

const main = () => within(document.querySelector<HTMLElement>('.tw-main')!);
const section = (name: string) => within(main().getByRole(name === 'Your nickname' || name === 'Your name' ? 'form' : 'region', { name }));
const phoneDialog = () => within(screen.getByRole('dialog', { name: 'Your phone number' }));

async function perform(event: SettingsModelEvent, requests: HeldRequests): Promise<void> {
  if (event.type === 'phoneModal.done') {
    // The phone modal's child ends: a valid number saved (the server answers the profile), or Cancel.
    const saved = (event as { output?: { profile: unknown } }).output?.profile;
    if (!saved) {
      fireEvent.click(phoneDialog().getByRole('button', { name: 'Cancel' }));
      return;
    }
    fireEvent.change(phoneDialog().getByLabelText('Phone number'), { target: { value: '0412 345 678' } });
    fireEvent.click(phoneDialog().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.pending('updateProfile').length).toBeGreaterThan(0));
    await requests.answer('updateProfile', () => responseFor({ type: 'savePhone.done', output: saved }));
    return;
  }
  if (event.type === 'settings.pictureSaved') {
    // The picture form's child hands over what an upload answered: a file picked, Upload, the server's profile.
    fireEvent.change(main().getByLabelText('Choose a picture'), { target: { files: [PICKED] } });
    fireEvent.click(section('Profile picture').getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(requests.pending('uploadPicture').length).toBeGreaterThan(0));
    await requests.answer('uploadPicture', () => responseFor({ type: 'uploadPicture.done', output: (event as { profile?: unknown }).profile }));
    return;
  }
  const settled = /^(\w+)\.(done|error)$/.exec(event.type);
  if (settled) {
    const endpoint = endpoints[settled[1]!]!;
    await waitFor(() => expect(requests.pending(endpoint).length).toBeGreaterThan(0));
    await requests.answer(endpoint, () => responseFor(event));
    return;
  }
  const payload = event as { field?: string; value?: string; tab?: string; country?: string; file?: File };
  switch (event.type) {
    case 'settings.retry':
      fireEvent.click(main().getByRole('button', { name: 'Try again' }));
      return;
    case 'settings.selectTab':
      fireEvent.click(main().getByRole('tab', { name: payload.tab === 'ACCOUNT_VERIFICATION' ? 'Payouts' : 'Account' }));
      return;
    case 'settings.change':
      fireEvent.change(main().getByLabelText(payload.field === 'nickname' ? 'Nickname' : 'First name'), { target: { value: payload.value } });
      return;
    case 'settings.blur':
      fireEvent.blur(main().getByLabelText('Nickname'));
      return;
    case 'settings.saveNickname':
      fireEvent.click(section('Your nickname').getByRole('button', { name: 'Save' }));
      return;
    case 'settings.generateNickname':
      fireEvent.click(section('Your nickname').getByRole('button', { name: 'Generate' }));
      return;
    case 'settings.saveNames':
      fireEvent.click(section('Your name').getByRole('button', { name: 'Save' }));
      return;
    case 'settings.openPhone':
      fireEvent.click(main().getByRole('button', { name: /^(Add|Change) phone number$/ }));
      return;
    case 'settings.startVerification':
      fireEvent.click(main().getByRole('button', { name: 'Verify my account' }));
      return;
    default:
      throw new Error(`no way to perform ${event.type} on the screens`);
  }
}

function expectField(label: string, field: { value: string; status: string; error: string | null }): void {
  const input = main().getByLabelText(label) as HTMLInputElement;
  expect(input.value, `${label} value`).toBe(field.value);
  expect(input.getAttribute('aria-invalid') === 'true', `${label} invalid`).toBe(field.status === 'error');
}

function expectScreenMatches(state: SettingsSnapshot): void {
  expect(main().getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
  const status = selectSettingsStatus(state);
  expect(Boolean(main().queryByText("We couldn't load your profile.")), 'error').toBe(status === 'error');
  if (status !== 'ready') return;
  const payout = state.context.tab === 'ACCOUNT_VERIFICATION';
  expect(main().getByRole('tab', { name: payout ? 'Payouts' : 'Account' }).getAttribute('aria-selected')).toBe('true');
  // The Payouts tab (an account not verified yet) shows one verify action: Verify my account, or the local
  // provider's form with its Verify account once onboarding started; the Account tab none.
  const verifyActions = main().queryAllByRole('button', { name: /^Verify (my )?account$/ });
  expect(verifyActions.length, 'verify actions').toBe(payout ? 1 : 0);
  expect(Boolean(screen.queryByRole('dialog', { name: 'Your phone number' })), 'phone modal').toBe(selectIsPhoneOpen(state) && !payout);
  if (payout) {
    const start = main().queryByRole('button', { name: 'Verify my account' });
    if (start) expect(start.getAttribute('aria-busy') === 'true').toBe(state.hasTag('verifying'));
    return;
  }
  expectField('Nickname', selectNicknameField(state));
  expectField('First name', selectGivenNameField(state));
  expectField('Last name', selectFamilyNameField(state));
  const nicknameSave = section('Your nickname').getByRole('button', { name: 'Save' }) as HTMLButtonElement;
  expect(nicknameSave.disabled, 'nickname Save disabled').toBe(!selectCanSaveNickname(state) && !state.hasTag('savingNickname'));
  expect(nicknameSave.getAttribute('aria-busy') === 'true' || (section('Your nickname').getByRole('button', { name: 'Generate' }) as HTMLButtonElement).disabled, 'nickname busy').toBe(
    state.hasTag('savingNickname'),
  );
  const namesSave = section('Your name').getByRole('button', { name: 'Save' }) as HTMLButtonElement;
  expect(namesSave.disabled, 'names Save disabled').toBe(!selectCanSaveNames(state) && !state.hasTag('savingNames'));
  expect(section('Your nickname').getByText('#4821')).toBeTruthy();
  // No picture picked between steps (the picture form's own paths: tests/machines/picture-form.test.ts); Remove picture
  // once the profile has one.
  expect(Boolean(section('Profile picture').queryByRole('button', { name: 'Upload' })), 'picked picture').toBe(false);
  expect(Boolean(section('Profile picture').queryByRole('button', { name: 'Remove picture' })), 'Remove picture').toBe(
    Boolean(state.context.profile?.picture),
  );
  if (selectIsPhoneOpen(state)) {
    // The modal opens on the saved number, else the organisation's country (AU) and an empty number; no message yet.
    const dialog = phoneDialog();
    const saved = checkPhone(state.context.profile?.phoneNumber ?? '', 'AU');
    expect((dialog.getByLabelText('Country') as HTMLSelectElement).value).toBe(saved.ok ? saved.country : 'AU');
    expect((dialog.getByLabelText('Phone number') as HTMLInputElement).value).toBe(saved.ok ? saved.national : '');
    expect(dialog.queryByRole('alert')).toBeNull();
  }
}

const testMachine = toTestMachine(settingsMachine);
const input = settingsInput();
const coarseVertex = (snapshot: AnyMachineSnapshot) => {
  const state = snapshot as SettingsSnapshot;
  return JSON.stringify({
    value: snapshot.value,
    tab: state.context.tab,
    nickname: selectCanSaveNickname(state) || state.context.fields.nickname !== state.context.profile?.nickname,
    names: state.context.fields.givenName !== state.context.profile?.givenName,
    // A changed form valid or not: Save sends it, or refuses it and shows why.
    nicknameValid: isFormValid(nicknameForm, state.context.fields),
    namesValid: isFormValid(personalDataForm, state.context.fields),
    hasPicture: Boolean(state.context.profile?.picture),
  });
};
// The payout child's toasts reach settings as `notify`: no person does that on this screen (tests/machines/settings.test.ts).
// Its "Back to resell" reaches settings as `panel.open`: pressed in tests/web/resell-payouts-first.test.tsx.
const screenEvents = settingsSampleEvents.filter((event) => event.type !== 'notify' && event.type !== 'phoneModal.error' && event.type !== 'panel.open');
const model = createTestModel(testMachine, {
  input,
  events: screenEvents as never,
  filterEvents: ((snapshot: AnyMachineSnapshot, event: EventObject) =>
    snapshot.can(event as never) && isSample(screenEvents, event) && oneAtATime(snapshot, event)) as never,
  serializeState: coarseVertex,
});
const paths = coverTransitions(testMachine, model.getShortestPaths(), screenEvents as never, input, (snapshot, event) =>
  testMachine.getTransitionData(snapshot as never, event as never).length > 0 && oneAtATime(snapshot, event),
);

describe('settings paths on the rendered screen', () => {
  it('take every transition', () =>
    expectFullCoverage('settings (screen)', testMachine, paths, {
      'settings.ready on notify': 'sent by the payout child, not by a person',
      'settings.ready on panel.open': "the payout child's Back to resell: pressed in tests/web/resell-payouts-first.test.tsx",
      'settings.ready on pictureForm.error': 'a crash of the picture form cannot be caused on the screen',
      'settings.ready.phone.open on phoneModal.error': 'a crash of the phone modal cannot be caused on the screen',
      'settings.ready on payout.error': 'the payout child crashes only through a bug; the branch only logs',
    }));

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    const api = signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Rivera' } });
    tests.server.use(...api.handlers);
    // The payout child reads the account once the profile is ready: none yet (tests/web/payout-paths covers the rest).
    tests.server.use(handle('paymentsAccount', () => ({ clientSecret: '', provider: 'local' as const, publishableKey: null, verified: false, country: null, payoutFailure: null })));
    const held = holdRequests(tests, ['me', 'updateProfile', 'username', 'uploadPicture', 'removePicture', 'paymentsConnect']);
    tests.render('/en/?PANEL_TAB=SETTINGS', api.signedInStorage('alex@example.com'));
    for (const [index, step] of path.steps.entries()) {
      if (index > 0) await perform(step.event as SettingsModelEvent, held);
      await waitFor(() => expectScreenMatches(step.state as AnyMachineSnapshot as SettingsSnapshot));
    }
  });
});
