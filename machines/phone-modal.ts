// The settings' phone modal (docs/product.md §2 Settings, §5): a country picker (defaulting to the saved number's country, else
// the organisation's) and the number, checked with libphonenumber-js and saved as E.164. A child of settings while
// the modal is open: it ends `saved` with the server's profile (settings adopts it and toasts) or `cancelled`; a
// refused save stays open and shows the server's message in the modal.
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { UserProfile } from '../src/contract/entities';
import { addRoutes } from '../src/client/client';
import { errorCode } from '../src/client/errors';
import { checkPhone, type PhoneCountry } from './phone';
import { type LogParams, reportError, type WalletServices } from './services';
import { doc } from './doc' with { type: 'macro' };
import { compactRoutes } from '../src/contract/route-table' with { type: 'macro' };

/** The routes of the calls this module makes: its chunk brings them to the client. */
addRoutes(compactRoutes('updateProfile'));

export interface PhoneModalInput {
  services: WalletServices;
  /** The saved number (E.164), if any: the modal opens on its country and national number. */
  phoneNumber: string | null;
  /** The country when nothing is saved (the organisation's). */
  defaultCountry: PhoneCountry;
}

export interface PhoneModalContext {
  services: WalletServices;
  country: PhoneCountry;
  number: string;
  touched: boolean;
  /** The last save's failure (a locale key), shown in the modal until the number or country changes. */
  failure: string | null;
  /** The server's answer to the save. */
  saved: UserProfile | null;
}

export type PhoneModalEvent =
  | { type: 'phone.changeCountry'; country: PhoneCountry }
  | { type: 'phone.change'; value: string }
  | { type: 'phone.blur' }
  | { type: 'phone.save' }
  | { type: 'phone.close' };

/** How the modal ended: the saved profile, or null when it was closed without saving. */
export type PhoneModalOutput = { profile: UserProfile | null };

export const PHONE_FALLBACK_KEY = 'request_failed';

export const phoneModalMachine = setup({
  types: {
    context: {} as PhoneModalContext,
    events: {} as PhoneModalEvent,
    input: {} as PhoneModalInput,
    output: {} as PhoneModalOutput,
    tags: {} as 'savingPhone',
  },
  actions: {
    logError: ({ context }, params: LogParams) => reportError(context.services, params),
    changeCountry: assign((_, params: { country: PhoneCountry }) => ({ country: params.country, failure: null })),
    changeNumber: assign((_, params: { value: string }) => ({ number: params.value, failure: null })),
    touch: assign({ touched: true }),
    fail: assign((_, params: { key: string }) => ({ failure: params.key })),
    keepSaved: assign((_, params: { profile: UserProfile }) => ({ saved: params.profile })),
  },
  guards: {
    valid: ({ context }) => checkPhone(context.number, context.country).ok,
  },
  actors: {
    savePhone: fromPromise<UserProfile, { services: WalletServices; phoneNumber: string }>(({ input }) =>
      input.services.api.call('updateProfile', { body: { phoneNumber: input.phoneNumber } }),
    ),
  },
}).createMachine({
  id: 'phoneModal',
  context: ({ input }) => {
    const current = checkPhone(input.phoneNumber ?? '', input.defaultCountry);
    return {
      services: input.services,
      country: current.ok ? current.country : input.defaultCountry,
      number: current.ok ? current.national : '',
      touched: false,
      failure: null,
      saved: null,
    };
  },
  initial: 'editing',
  states: {
    editing: {
      ...doc('The phone modal: country and number'),
      on: {
        'phone.close': 'cancelled',
        'phone.changeCountry': { actions: { type: 'changeCountry', params: ({ event }) => event } },
        'phone.change': { actions: { type: 'changeNumber', params: ({ event }) => event } },
        'phone.blur': { actions: 'touch' },
        'phone.save': [{ guard: 'valid', target: 'saving' }, { actions: 'touch' }],
      },
    },
    saving: {
      tags: ['savingPhone'],
      invoke: {
        id: 'savePhone',
        src: 'savePhone',
        input: ({ context }) => {
          const phone = checkPhone(context.number, context.country);
          return { services: context.services, phoneNumber: phone.ok ? phone.e164 : '' };
        },
        onDone: { target: 'saved', actions: { type: 'keepSaved', params: ({ event }) => ({ profile: event.output }) } },
        onError: {
          target: 'editing',
          actions: [
            { type: 'logError', params: ({ event }) => ({ message: 'settings: saving the phone number failed', error: event.error }) },
            { type: 'fail', params: ({ event }) => ({ key: errorCode(event.error) ?? PHONE_FALLBACK_KEY }) },
          ],
        },
      },
    },
    saved: { type: 'final', ...doc('Saved: settings adopts the profile and closes the modal') },
    cancelled: { type: 'final', ...doc('Closed without saving') },
  },
  output: ({ context }) => ({ profile: context.saved }),
});

export type PhoneModalMachine = typeof phoneModalMachine;
export type PhoneModalActor = ActorRefFrom<PhoneModalMachine>;
export type PhoneModalSnapshot = SnapshotFrom<PhoneModalMachine>;
