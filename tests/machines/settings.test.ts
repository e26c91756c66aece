// Model-based tests of the settings machine (docs/product.md §2 Settings, §5, §8): the profile loads, the tabs, the nickname
// (Save only when changed and valid, Generate), the names, the phone modal (E.164 with libphonenumber-js, the
// server's message in the modal) and the picture form as children, and the payout verification button.
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { phoneModalMachine } from '../../machines/phone-modal';
import { selectPhone } from '../../machines/phone-modal.selectors';
import { settingsMachine, type SettingsActor, type SettingsSnapshot } from '../../machines/settings';
import type { UserProfile } from '../../src/contract/entities';
import {
  selectCanSaveNames,
  selectCanSaveNickname,
  selectIsPhoneOpen,
  selectNicknameField,
  selectPhoneModal,
  selectPictureForm,
  selectSettingsStatus,
} from '../../machines/settings.selectors';
import { settingsTabOf } from '../../machines/settings.tab';
import { isFormValid } from '../../src/contract/forms';
import { nicknameForm } from '../../src/contract/nickname-rule';
import { testServices } from '../../machines/models/fake-platform';
import { controlledActors, expectFullCoverage, flush, runPathOnActor, startAsChild } from '../../machines/models/model';
import { pathsOf } from '../../machines/models/model-spec';
import { PROFILE, SAVED, settingsInput, settingsPromiseActors, settingsSpec, settingsVertex } from '../../machines/models/settings.model';

const { testMachine, paths } = pathsOf(settingsSpec);

describe('settings model', () => {
  it('covers every transition', () => {
    expectFullCoverage(settingsSpec.name, testMachine, paths, settingsSpec.excused);
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
        // Save is pressable once the nickname changed, valid or not: a refused Save shows why (its field touched).
        expect(selectCanSaveNickname(snapshot)).toBe(idle('nickname') && context.fields.nickname.trim() !== context.profile?.nickname);
        if (step.event.type === 'settings.saveNickname' && !isFormValid(nicknameForm, context.fields)) {
          expect(context.touched.nickname, 'a refused Save touches the nickname').toBe(true);
          expect(idle('nickname')).toBe(true);
        }
        if (selectCanSaveNames(snapshot)) expect(idle('names')).toBe(true);
        if (selectNicknameField(snapshot).error) expect(context.touched.nickname).toBe(true);
        // The phone modal's child runs exactly while the modal is open.
        expect(Boolean(snapshot.children.phoneModal)).toBe(selectIsPhoneOpen(snapshot));
        // The picture form's child runs while the profile is ready, and knows whether the profile has a picture.
        const pictureForm = selectPictureForm(snapshot);
        expect(Boolean(pictureForm)).toBe(snapshot.matches('ready'));
        if (pictureForm) expect(pictureForm.getSnapshot().context.hasPicture).toBe(Boolean(context.profile?.picture));
        if (step.event.type.endsWith('.error') && step.event.type !== 'loadProfile.error' && step.event.type !== 'pictureForm.error') {
          expect(reports.at(-1)).toMatchObject({ type: 'notify', kind: 'error' });
        }
        if (step.event.type === 'phoneModal.done') {
          const saved = (step.event as unknown as { output: { profile: unknown } }).output.profile;
          if (saved) {
            expect(reports.at(-1)).toEqual({ type: 'notify', kind: 'success', key: 'settings.phone_saved' });
            expect(snapshot.context.profile).toEqual(saved);
          }
        }
        if (step.event.type === 'panel.open') expect(reports.at(-1)).toEqual({ type: 'panel.open', tab: 'RESELL', userTicketId: 'resell-ticket-21' });
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

  it('opens the phone modal on the saved number, adopts what it saved and toasts', async () => {
    const { actor, reports } = await startWithPhone();
    actor.send({ type: 'settings.openPhone', defaultCountry: 'AU' });
    const modal = selectPhoneModal(actor.getSnapshot())!;
    expect(selectPhone(modal.getSnapshot())).toMatchObject({ country: 'NZ', number: '021 123 4567', error: null });
    modal.send({ type: 'phone.change', value: '021 765 4321' });
    modal.send({ type: 'phone.save' });
    await flush();
    expect(actor.getSnapshot().matches({ ready: { phone: 'closed' } })).toBe(true);
    expect(actor.getSnapshot().context.profile?.phoneNumber).toBe('+64217654321');
    expect(reports.at(-1)).toEqual({ type: 'notify', kind: 'success', key: 'settings.phone_saved' });
  });

  it('closing the phone modal saves nothing', async () => {
    const { actor, reports } = await startWithPhone();
    actor.send({ type: 'settings.openPhone', defaultCountry: 'AU' });
    const count = reports.length;
    selectPhoneModal(actor.getSnapshot())!.send({ type: 'phone.close' });
    expect(actor.getSnapshot().matches({ ready: { phone: 'closed' } })).toBe(true);
    expect(actor.getSnapshot().children.phoneModal).toBeUndefined();
    expect(reports).toHaveLength(count);
  });

  /** Settings with the saved NZ number, whose phone modal saves through a fake API (the modal's own test: phone-modal.test.ts). */
  async function startWithPhone() {
    const control = controlledActors(['loadProfile']);
    const savePhone = fromPromise<UserProfile, { phoneNumber: string }>(async ({ input }) => ({ ...SAVED, phoneNumber: input.phoneNumber }));
    const machine = settingsMachine.provide({
      actors: { ...control.actors, phoneModal: phoneModalMachine.provide({ actors: { savePhone: savePhone as never } }) } as never,
      actions: { logError: () => {} },
    });
    const { flow: actor, reports } = startAsChild(machine, { services: testServices(), tab: 'PERSONAL_INFO' });
    control.settle('loadProfile', 'done', { ...PROFILE, phoneNumber: '+64211234567' });
    await flush();
    return { actor: actor as SettingsActor, reports };
  }
});
