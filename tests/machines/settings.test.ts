// Model-based tests of the settings machine (SPEC §2 Settings, §5, §8): the profile loads, the tabs, the nickname
// (Save only when changed and valid, Generate), the names, the phone modal (E.164 with libphonenumber-js, the
// server's message in the modal), the picture (pick, drop, upload) and the payout verification button.
import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { checkPhone } from '../../machines/phone';
import { settingsMachine, type SettingsSnapshot } from '../../machines/settings';
import {
  selectCanSaveNames,
  selectCanSaveNickname,
  selectIsPhoneOpen,
  selectNicknameField,
  selectPhone,
  selectPickedPicture,
  selectSettingsStatus,
} from '../../machines/settings.selectors';
import { settingsTabOf } from '../../machines/settings.tab';
import { isFormValid } from '../../src/contract/forms';
import { nicknameForm } from '../../src/contract/nickname-rule';
import { testServices } from './fake-platform';
import { httpError } from './fixtures';
import { controlledActors, coverTransitions, expectFullCoverage, flush, isSample, runPathOnActor, startAsChild, toTestMachine } from './model';
import { oneAtATime, PROFILE, SAVED, settingsInput, settingsPromiseActors, settingsSampleEvents, settingsVertex } from './settings.model';

const testMachine = toTestMachine(settingsMachine);
const input = settingsInput();
const filter = (snapshot: Parameters<typeof oneAtATime>[0], event: Parameters<typeof oneAtATime>[1]) =>
  snapshot.can(event as never) && isSample(settingsSampleEvents, event) && oneAtATime(snapshot, event);
const model = createTestModel(testMachine, {
  input,
  events: settingsSampleEvents as never,
  filterEvents: filter as never,
  serializeState: settingsVertex,
});
const paths = coverTransitions(testMachine, model.getShortestPaths(), settingsSampleEvents as never, input, (snapshot, event) =>
  testMachine.getTransitionData(snapshot as never, event as never).length > 0 && oneAtATime(snapshot, event),
);

describe('settings model', () => {
  it('covers every transition', () => {
    expectFullCoverage('settings', testMachine, paths, {
      // The payout child is a machine of our own with its own model (tests/machines/payout.test.ts): it crashes only
      // through a bug, and then the branch only logs. The wallet's tests crash a flow on purpose.
      'settings.ready on payout.error': 'the payout child machine crashes only through a bug; the branch only logs',
    });
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    await runPathOnActor(path, {
      machine: settingsMachine.provide({ actions: { logError: () => {} } }),
      input: settingsInput(),
      promiseActors: settingsPromiseActors,
      vertex: settingsVertex,
      asChild: true,
      check: (actor, step, reports) => {
        const snapshot = actor.getSnapshot() as SettingsSnapshot;
        const { context } = snapshot;
        const idle = (region: string) => snapshot.matches({ ready: { [region]: 'idle' } });
        expect(selectCanSaveNickname(snapshot)).toBe(
          idle('nickname') && context.fields.nickname.trim() !== context.profile?.nickname && isFormValid(nicknameForm, context.fields),
        );
        if (selectCanSaveNames(snapshot)) expect(idle('names')).toBe(true);
        if (selectNicknameField(snapshot).error) expect(context.touched.nickname).toBe(true);
        const phone = selectPhone(snapshot);
        if (phone.error === null && context.phone.touched) expect(checkPhone(phone.number, phone.country).ok).toBe(true);
        if (!selectIsPhoneOpen(snapshot)) expect(snapshot.hasTag('savingPhone')).toBe(false);
        if (snapshot.matches({ ready: { picture: 'idle' } })) expect(selectPickedPicture(snapshot)).toBeNull();
        if (step.event.type.endsWith('.error') && step.event.type !== 'loadProfile.error' && step.event.type !== 'savePhone.error') {
          expect(reports.at(-1)).toMatchObject({ type: 'notify', kind: 'error' });
        }
        if (step.event.type === 'savePhone.error') expect(phone.error).toBe('api.profile.email_or_phone_in_use');
        if (step.event.type === 'settings.selectTab') {
          expect(reports.at(-1)).toEqual({
            type: 'panel.setParams',
            params: { settingsTab: (step.event as unknown as { tab: string }).tab === 'ACCOUNT_VERIFICATION' ? 'ACCOUNT_VERIFICATION' : null },
          });
        }
      },
    });
  });
});

describe('settings effects', () => {
  async function start() {
    const control = controlledActors([...settingsPromiseActors]);
    const machine = settingsMachine.provide({ actors: control.actors, actions: { logError: () => {} } });
    const { flow: actor, reports } = startAsChild(machine, { services: testServices(), tab: 'PERSONAL_INFO' });
    control.settle('loadProfile', 'done', PROFILE);
    await flush();
    return { actor, control, reports };
  }

  it('opens on the tab SETTINGS_TAB names', () => {
    expect(settingsTabOf('account_verification')).toBe('ACCOUNT_VERIFICATION');
    expect(settingsTabOf('anything')).toBe('PERSONAL_INFO');
    expect(settingsTabOf(null)).toBe('PERSONAL_INFO');
  });

  it('saves the trimmed nickname and adopts the answer; Save needs a change', async () => {
    const { actor, control } = await start();
    expect(selectSettingsStatus(actor.getSnapshot())).toBe('ready');
    expect(selectCanSaveNickname(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'settings.change', field: 'nickname', value: ' alexr ' });
    actor.send({ type: 'settings.saveNickname' });
    expect(control.inputs.at(-1)).toMatchObject({ id: 'saveNickname', input: { nickname: 'alexr' } });
    control.settle('saveNickname', 'done', SAVED);
    await flush();
    expect(selectNicknameField(actor.getSnapshot()).value).toBe('alexr');
    expect(selectCanSaveNickname(actor.getSnapshot())).toBe(false);
  });

  it('sends the phone number as E.164 for the chosen country and shows the server’s refusal in the modal', async () => {
    const { actor, control } = await start();
    actor.send({ type: 'settings.openPhone', defaultCountry: 'AU' });
    actor.send({ type: 'settings.changePhone', value: '0412 345 678' });
    actor.send({ type: 'settings.savePhone' });
    expect(control.inputs.at(-1)).toMatchObject({ id: 'savePhone', input: { phoneNumber: '+61412345678' } });
    control.settle('savePhone', 'error', httpError('updateProfile', 409, 'api.profile.email_or_phone_in_use'));
    await flush();
    expect(selectPhone(actor.getSnapshot())).toMatchObject({ error: 'api.profile.email_or_phone_in_use' });
    actor.send({ type: 'settings.changePhoneCountry', country: 'NZ' });
    actor.send({ type: 'settings.savePhone' });
    expect(selectPhone(actor.getSnapshot()).error).toBe('form.phone_invalid');
  });

  it('opens the phone modal on the saved number’s country', async () => {
    const { actor, control } = await start();
    actor.send({ type: 'settings.openPhone', defaultCountry: 'AU' });
    actor.send({ type: 'settings.changePhoneCountry', country: 'NZ' });
    actor.send({ type: 'settings.changePhone', value: '021 123 4567' });
    actor.send({ type: 'settings.savePhone' });
    control.settle('savePhone', 'done', { ...SAVED, phoneNumber: '+64211234567' });
    await flush();
    actor.send({ type: 'settings.openPhone', defaultCountry: 'AU' });
    expect(selectPhone(actor.getSnapshot())).toMatchObject({ country: 'NZ', error: null });
  });
});
