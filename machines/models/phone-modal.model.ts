// The settings' phone modal's test model (tests/machines/phone-modal.test.ts, the visualiser's test paths).
import type { AnyMachineSnapshot } from 'xstate';
import { checkPhone } from '../phone';
import { phoneModalMachine, type PhoneModalInput, type PhoneModalSnapshot } from '../phone-modal';
import { testServices } from './fake-platform';
import { httpError, userProfile } from './fixtures';
import { modelSpec } from './model-spec';

export const SAVED = userProfile({ phoneNumber: '+61412345678' });

export const phoneModalSampleEvents = [
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
export const phoneModalVertex = (snapshot: AnyMachineSnapshot) => {
  const { context } = snapshot as PhoneModalSnapshot;
  return JSON.stringify({
    value: snapshot.value,
    valid: checkPhone(context.number, context.country).ok,
    touched: context.touched,
    failure: context.failure !== null,
    saved: context.saved !== null,
  });
};

export const phoneModalInput = (overrides: Partial<PhoneModalInput> = {}): PhoneModalInput => ({
  services: testServices(),
  phoneNumber: null,
  defaultCountry: 'AU',
  ...overrides,
});

/** The phone modal's model-based test: no saved number, Australia by default. */
export const phoneModalSpec = modelSpec({
  name: 'phoneModal',
  machine: phoneModalMachine.provide({ actions: { logError: () => {} } }),
  starts: [{ name: 'start', input: () => phoneModalInput() }],
  events: phoneModalSampleEvents,
  serializeState: phoneModalVertex,
});
