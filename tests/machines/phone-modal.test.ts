// Model-based tests of the settings' phone modal (machines/phone-modal.ts; docs/product.md §2 Settings, §5): it opens on the
// saved number's country (else the organisation's), checks the number with libphonenumber-js for the chosen country
// (errors once touched), saves it as E.164, shows the server's refusal in the modal until the number or country
// changes, and ends saved (with the profile) or cancelled.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { checkPhone } from '../../machines/phone';
import { phoneModalMachine, type PhoneModalSnapshot } from '../../machines/phone-modal';
import { selectIsSavingPhone, selectPhone } from '../../machines/phone-modal.selectors';
import { httpError } from '../../machines/models/fixtures';
import { controlledActors, expectFullCoverage, flush, runPathOnActor } from '../../machines/models/model';
import { pathsOf } from '../../machines/models/model-spec';
import { phoneModalInput, phoneModalSpec, phoneModalVertex, SAVED } from '../../machines/models/phone-modal.model';

const input = phoneModalInput;
const vertex = phoneModalVertex;
const machineUnderTest = phoneModalSpec.machine;
const { testMachine, paths } = pathsOf(phoneModalSpec);

describe('phone modal model', () => {
  it('takes every transition and ends both ways', () => {
    expectFullCoverage(phoneModalSpec.name, testMachine, paths, phoneModalSpec.excused);
    const ends = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    expect(ends.has('"saved"') && ends.has('"cancelled"')).toBe(true);
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    const { inputs } = await runPathOnActor(path, {
      machine: machineUnderTest,
      input: input(),
      promiseActors: ['savePhone'],
      vertex,
      check: (actor, step) => {
        const snapshot = actor.getSnapshot() as PhoneModalSnapshot;
        const phone = selectPhone(snapshot);
        const check = checkPhone(snapshot.context.number, snapshot.context.country);
        // The rule's error only once touched; a refusal shows until the number or the country changes.
        if (snapshot.context.touched && !check.ok) expect(phone.error).toBe(check.error);
        if (step.event.type === 'savePhone.error') expect(phone.error).toBe('api.profile.email_or_phone_in_use');
        if (step.event.type.startsWith('phone.change')) expect(snapshot.context.failure).toBeNull();
        expect(selectIsSavingPhone(snapshot)).toBe(snapshot.matches('saving'));
        if (snapshot.status === 'done') expect(snapshot.output).toEqual({ profile: snapshot.matches('saved') ? SAVED : null });
      },
    });
    // Only a valid number is sent, as E.164.
    for (const call of inputs) expect((call.input as { phoneNumber: string }).phoneNumber).toMatch(/^\+\d{8,15}$/);
  });
});

describe('phone modal', () => {
  it('opens on the saved number’s country and national number, else the default country', () => {
    const saved = createActor(phoneModalMachine, { input: input({ phoneNumber: '+64211234567' }) }).start();
    expect(selectPhone(saved.getSnapshot())).toEqual({ country: 'NZ', number: '021 123 4567', error: null });
    const none = createActor(phoneModalMachine, { input: input() }).start();
    expect(selectPhone(none.getSnapshot())).toEqual({ country: 'AU', number: '', error: null });
    expect(selectPhone(undefined)).toEqual({ country: 'AU', number: '', error: null });
  });

  it('sends the number as E.164 for the chosen country and shows the server’s refusal in the modal', async () => {
    const control = controlledActors(['savePhone']);
    const actor = createActor(phoneModalMachine.provide({ actors: control.actors, actions: { logError: () => {} } }), { input: input() }).start();
    actor.send({ type: 'phone.change', value: '0412 345 678' });
    actor.send({ type: 'phone.save' });
    expect(control.inputs.at(-1)).toMatchObject({ id: 'savePhone', input: { phoneNumber: '+61412345678' } });
    control.settle('savePhone', 'error', httpError('updateProfile', 409, 'api.profile.email_or_phone_in_use'));
    await flush();
    expect(selectPhone(actor.getSnapshot())).toMatchObject({ error: 'api.profile.email_or_phone_in_use' });
    actor.send({ type: 'phone.changeCountry', country: 'NZ' });
    actor.send({ type: 'phone.save' });
    expect(selectPhone(actor.getSnapshot()).error).toBe('form.phone_invalid');
  });
});
