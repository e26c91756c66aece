// Model-based tests of the settings' phone modal (machines/phone-modal.ts; SPEC §2 Settings, §5): it opens on the
// saved number's country (else the organisation's), checks the number with libphonenumber-js for the chosen country
// (errors once touched), saves it as E.164, shows the server's refusal in the modal until the number or country
// changes, and ends saved (with the profile) or cancelled.
import { describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { checkPhone } from '../../machines/phone';
import { phoneModalMachine, type PhoneModalInput, type PhoneModalSnapshot } from '../../machines/phone-modal';
import { selectIsSavingPhone, selectPhone } from '../../machines/phone-modal.selectors';
import { testServices } from './fake-platform';
import { httpError, userProfile } from './fixtures';
import { controlledActors, coverTransitions, expectFullCoverage, flush, runPathOnActor, takesSample, toTestMachine } from './model';

const SAVED = userProfile({ phoneNumber: '+61412345678' });

const samples = [
  { type: 'phone.changeCountry', country: 'NZ' },
  { type: 'phone.change', value: '0412 345 678' },
  { type: 'phone.change', value: '12' },
  { type: 'phone.blur' },
  { type: 'phone.save' },
  { type: 'phone.close' },
  { type: 'savePhone.done', output: SAVED },
  { type: 'savePhone.error', error: httpError('updateProfile', 409, 'api.profile.email_or_phone_in_use') },
];

/** One vertex per state and what the modal shows: the number valid for its country, touched, a failure. */
const vertex = (snapshot: AnyMachineSnapshot) => {
  const { context } = snapshot as PhoneModalSnapshot;
  return JSON.stringify({
    value: snapshot.value,
    valid: checkPhone(context.number, context.country).ok,
    touched: context.touched,
    failure: context.failure !== null,
    saved: context.saved !== null,
  });
};

const input = (overrides: Partial<PhoneModalInput> = {}): PhoneModalInput => ({
  services: testServices(),
  phoneNumber: null,
  defaultCountry: 'AU',
  ...overrides,
});
const machineUnderTest = phoneModalMachine.provide({ actions: { logError: () => {} } });
const testMachine = toTestMachine(machineUnderTest);
const model = createTestModel(testMachine, { input: input(), events: samples as never, filterEvents: takesSample(samples as never), serializeState: vertex });
const paths = coverTransitions(testMachine, model.getShortestPaths(), samples as never, input());

describe('phone modal model', () => {
  it('takes every transition and ends both ways', () => {
    expectFullCoverage('phoneModal', testMachine, paths);
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
