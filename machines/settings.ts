// Settings (docs/product.md §2 Settings, §5, §8): a child of the wallet while SETTINGS is open, on the tab SETTINGS_TAB names.
// The account tab holds four independent forms: the nickname (Save only when changed and valid, or generate one) and
// first and last name are regions of this machine (they share the fields and the profile); the phone number (a
// modal; stored as E.164: machines/phone-modal.ts, invoked while it is open) and the profile picture (pick, preview,
// upload: machines/picture-form.ts, invoked while the profile is ready) are child machines. Every save answers the
// new profile, which the forms adopt; the API client invalidates USER, so the header avatar and the HUB card update
// at once. The payout tab shows the verification button and the payout child (machines/payout.ts).
import { assign, enqueueActions, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { PaymentsAccount, UserProfile } from '../src/contract/entities';
import { addRoutes } from '../src/client/client';
import { errorCode } from '../src/client/errors';
import { payoutMachine, type PayoutReturn } from './payout';
import { isFormValid, personalDataForm } from '../src/contract/forms';
import { nicknameForm } from '../src/contract/nickname-rule';
import type { PhoneCountry } from './phone';
import { phoneModalMachine, type PhoneModalOutput } from './phone-modal';
import { pictureFormMachine } from './picture-form';
import { type FlowInput, type LogParams, reportError, type Toast, type WalletServices } from './services';

import type { SettingsTab } from './settings.tab';
import { doc } from './doc' with { type: 'macro' };
import { compactRoutes } from '../src/contract/route-table' with { type: 'macro' };

/** The routes of the calls this module makes: its chunk brings them to the client. */
addRoutes(compactRoutes('me', 'username', 'updateProfile', 'paymentsConnect'));

export type { SettingsTab };

export interface SettingsInput extends FlowInput {
  tab: SettingsTab;
  /** Opened from Resell's "Verify payouts" (RETURN_TO=RESELL): the payouts tab's way back, else null. */
  returnToResell?: PayoutReturn | null;
}

export type SettingsField = 'nickname' | 'givenName' | 'familyName';

export interface SettingsContext {
  services: WalletServices;
  tab: SettingsTab;
  returnToResell: PayoutReturn | null;
  profile: UserProfile | null;
  fields: Record<SettingsField, string>;
  touched: Record<SettingsField, boolean>;
}

export type SettingsEvent =
  | { type: 'settings.retry' }
  | { type: 'settings.selectTab'; tab: SettingsTab }
  | { type: 'settings.change'; field: SettingsField; value: string }
  | { type: 'settings.blur'; field: SettingsField }
  | { type: 'settings.saveNickname' }
  | { type: 'settings.generateNickname' }
  | { type: 'settings.saveNames' }
  /** Opens the phone modal (its child machine then hears the modal's own events). */
  | { type: 'settings.openPhone'; defaultCountry: PhoneCountry }
  /** From the picture form's child: the profile after an upload or a removal. */
  | { type: 'settings.pictureSaved'; profile: UserProfile }
  | { type: 'settings.startVerification' }
  /** A toast of a child (payout, picture form), passed on to the wallet. */
  | ({ type: 'notify' } & Toast)
  /** The payout child's "Back to resell", passed on to the wallet. */
  | { type: 'panel.open'; tab: 'RESELL'; userTicketId: string | null };

export type SettingsReport =
  | { type: 'panel.setParams'; params: { settingsTab: string | null } }
  | { type: 'panel.open'; tab: 'RESELL'; userTicketId: string | null }
  | ({ type: 'notify' } & Toast);

export type SettingsTag = 'loading' | 'savingNickname' | 'savingNames' | 'verifying';

export const SETTINGS_FALLBACK_KEY = 'request_failed';
/** docs/product.md §8: a failure shows the server's message (its key) or request_failed. */
const failureKey = (error: unknown) => errorCode(error) ?? SETTINGS_FALLBACK_KEY;

const emptyFields: Record<SettingsField, string> = { nickname: '', givenName: '', familyName: '' };
const untouched: Record<SettingsField, boolean> = { nickname: false, givenName: false, familyName: false };

/** The forms' values as the profile holds them. */
export function fieldsOf(profile: UserProfile | null): Record<SettingsField, string> {
  return { nickname: profile?.nickname ?? '', givenName: profile?.givenName ?? '', familyName: profile?.familyName ?? '' };
}

const trimmed = (value: string) => value.trim();
export const nicknameChanged = (context: Pick<SettingsContext, 'fields' | 'profile'>) =>
  trimmed(context.fields.nickname) !== fieldsOf(context.profile).nickname;
export const namesChanged = (context: Pick<SettingsContext, 'fields' | 'profile'>) => {
  const saved = fieldsOf(context.profile);
  return trimmed(context.fields.givenName) !== saved.givenName || trimmed(context.fields.familyName) !== saved.familyName;
};

/** A call that answers the saved profile. */
const profileCall = <I extends object>(call: (input: { services: WalletServices } & I) => Promise<UserProfile>) =>
  fromPromise<UserProfile, { services: WalletServices } & I>(({ input }) => call(input));

const errorActions = (message: string) => [
  { type: 'logError' as const, params: ({ event }: { event: { error: unknown } }) => ({ message, error: event.error }) },
  { type: 'notify' as const, params: ({ event }: { event: { error: unknown } }) => ({ kind: 'error' as const, key: failureKey(event.error) }) },
];

export const settingsMachine = setup({
  types: {
    context: {} as SettingsContext,
    events: {} as SettingsEvent,
    input: {} as SettingsInput,
    tags: {} as SettingsTag,
  },
  actions: {
    logError: ({ context }, params: LogParams) => reportError(context.services, params),
    notify: sendParent((_, params: Toast) => ({ type: 'notify' as const, ...params })),
    openResell: sendParent((_, params: { userTicketId: string | null }) => ({ type: 'panel.open' as const, tab: 'RESELL' as const, userTicketId: params.userTicketId })),
    showTab: assign((_, params: { tab: SettingsTab }) => ({ tab: params.tab })),
    writeTab: sendParent((_, params: { tab: SettingsTab }) => ({
      type: 'panel.setParams' as const,
      params: { settingsTab: params.tab === 'ACCOUNT_VERIFICATION' ? 'ACCOUNT_VERIFICATION' : null },
    })),
    /** A new profile: the forms show what is saved, untouched. */
    adoptProfile: assign((_, params: { profile: UserProfile }) => ({
      profile: params.profile,
      fields: fieldsOf(params.profile),
      touched: untouched,
    })),
    /** A saved part: the profile is the server's, the forms of the other parts keep what is being typed. */
    adoptSaved: assign(({ context }, params: { profile: UserProfile; fields: SettingsField[] }) => {
      const saved = fieldsOf(params.profile);
      const fields = { ...context.fields };
      const touched = { ...context.touched };
      for (const field of params.fields) {
        fields[field] = saved[field];
        touched[field] = false;
      }
      return { profile: params.profile, fields, touched };
    }),
    adoptProfileOnly: assign((_, params: { profile: UserProfile }) => ({ profile: params.profile })),
    /** Another form saved: the picture form learns whether the profile now has a picture. */
    tellPictureForm: enqueueActions(({ enqueue, context, self }) => {
      const form = self.getSnapshot()?.children?.pictureForm;
      if (form) enqueue.sendTo(form, { type: 'picture.profileChanged' as const, hasPicture: Boolean(context.profile?.picture) });
    }),
    changeField: assign(({ context }, params: { field: SettingsField; value: string }) => ({
      fields: { ...context.fields, [params.field]: params.value },
    })),
    touchFields: assign(({ context }, params: { fields: SettingsField[] }) => ({
      touched: { ...context.touched, ...Object.fromEntries(params.fields.map((field) => [field, true])) },
    })),
  },
  guards: {
    nicknameSavable: ({ context }) => nicknameChanged(context) && isFormValid(nicknameForm, context.fields),
    namesSavable: ({ context }) => namesChanged(context) && isFormValid(personalDataForm, context.fields),
    /** Changed and invalid: Save answers with the fields' messages (docs/decisions/0107-forms-that-explain-themselves.md). */
    nicknameRefused: ({ context }) => nicknameChanged(context) && !isFormValid(nicknameForm, context.fields),
    namesRefused: ({ context }) => namesChanged(context) && !isFormValid(personalDataForm, context.fields),
    phoneSaved: (_, params: PhoneModalOutput) => params.profile !== null,
    otherTab: ({ context }, params: { tab: SettingsTab }) => context.tab !== params.tab,
    onPayoutTab: ({ context }) => context.tab === 'ACCOUNT_VERIFICATION',
  },
  actors: {
    loadProfile: fromPromise<UserProfile, { services: WalletServices }>(({ input }) => input.services.api.call('me')),
    saveNickname: profileCall<{ nickname: string }>(({ services, nickname }) => services.api.call('updateProfile', { body: { nickname } })),
    generateNickname: profileCall<object>(({ services }) => services.api.call('username', { body: {} })),
    saveNames: profileCall<{ givenName: string; familyName: string }>(({ services, ...body }) =>
      services.api.call('updateProfile', { body }),
    ),
    phoneModal: phoneModalMachine,
    pictureForm: pictureFormMachine,
    payout: payoutMachine,
    startVerification: fromPromise<PaymentsAccount, { services: WalletServices }>(({ input }) =>
      input.services.api.call('paymentsConnect', { body: { accountType: 'custom' } }),
    ),
  },
}).createMachine({
  id: 'settings',
  meta: { ...doc('Settings: nickname, names, phone, picture and payouts') },
  context: ({ input }) => ({
    services: input.services,
    tab: input.tab,
    returnToResell: input.returnToResell ?? null,
    profile: null,
    fields: emptyFields,
    touched: untouched,
  }),
  initial: 'loading',
  states: {
    loading: {
      meta: { screen: 'SETTINGS', ...doc('Settings: skeletons while the profile loads') },
      tags: ['loading'],
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        input: ({ context }) => ({ services: context.services }),
        onDone: { target: 'ready', actions: { type: 'adoptProfile', params: ({ event }) => ({ profile: event.output }) } },
        onError: {
          target: 'error',
          actions: { type: 'logError', params: ({ event }) => ({ message: 'settings: loading the profile failed', error: event.error }) },
        },
      },
    },
    error: {
      meta: { screen: 'SETTINGS', ...doc('The profile did not load: message and Retry') },
      on: { 'settings.retry': 'loading' },
    },
    ready: {
      meta: { screen: 'SETTINGS', ...doc('The account tab (nickname, names, phone, picture) or the payout tab') },
      type: 'parallel',
      on: {
        'settings.selectTab': {
          guard: { type: 'otherTab', params: ({ event }) => ({ tab: event.tab }) },
          actions: [
            { type: 'showTab', params: ({ event }) => ({ tab: event.tab }) },
            { type: 'writeTab', params: ({ event }) => ({ tab: event.tab }) },
          ],
        },
        'settings.change': { actions: { type: 'changeField', params: ({ event }) => event } },
        'settings.blur': { actions: { type: 'touchFields', params: ({ event }) => ({ fields: [event.field] }) } },
        notify: { actions: { type: 'notify', params: ({ event }) => ({ kind: event.kind, key: event.key }) } },
        'panel.open': { actions: { type: 'openResell', params: ({ event }) => ({ userTicketId: event.userTicketId }) } },
        'settings.pictureSaved': {
          actions: [{ type: 'adoptProfileOnly', params: ({ event }) => ({ profile: event.profile }) }, 'tellPictureForm'],
        },
      },
      invoke: [
        // The payout tab's account and onboarding (machines/payout.ts): read once the profile is ready.
        {
          id: 'payout',
          src: 'payout',
          input: ({ context }) => ({ services: context.services, returnToResell: context.returnToResell }),
          // A bug in the payout child: logged, and the account tab goes on without it.
          onError: { actions: { type: 'logError', params: ({ event }) => ({ message: 'settings: the payout child crashed', error: event.error }) } },
        },
        // The profile picture form (machines/picture-form.ts).
        {
          id: 'pictureForm',
          src: 'pictureForm',
          input: ({ context }) => ({ services: context.services, hasPicture: Boolean(context.profile?.picture) }),
          // The form's machine crashed: logged (the rest of settings goes on).
          onError: { actions: { type: 'logError', params: ({ event }) => ({ message: 'settings: the picture form failed', error: event.error }) } },
        },
      ],
      states: {
        nickname: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                // Changed but invalid: the refused Save marks the field touched, so its message shows (not only grey).
                'settings.saveNickname': [
                  { guard: 'nicknameSavable', target: 'saving' },
                  { guard: 'nicknameRefused', actions: { type: 'touchFields', params: { fields: ['nickname'] } } },
                ],
                'settings.generateNickname': 'generating',
              },
            },
            saving: {
              tags: ['savingNickname'],
              invoke: {
                id: 'saveNickname',
                src: 'saveNickname',
                input: ({ context }) => ({ services: context.services, nickname: trimmed(context.fields.nickname) }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'adoptSaved', params: ({ event }) => ({ profile: event.output, fields: ['nickname'] }) },
                    'tellPictureForm',
                    { type: 'notify', params: { kind: 'success', key: 'settings.nickname_saved' } },
                  ],
                },
                onError: { target: 'idle', actions: errorActions('settings: saving the nickname failed') },
              },
            },
            generating: {
              tags: ['savingNickname'],
              invoke: {
                id: 'generateNickname',
                src: 'generateNickname',
                input: ({ context }) => ({ services: context.services }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'adoptSaved', params: ({ event }) => ({ profile: event.output, fields: ['nickname'] }) },
                    'tellPictureForm',
                    { type: 'notify', params: { kind: 'success', key: 'settings.nickname_saved' } },
                  ],
                },
                onError: { target: 'idle', actions: errorActions('settings: generating a nickname failed') },
              },
            },
          },
        },
        names: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'settings.saveNames': [
                  { guard: 'namesSavable', target: 'saving' },
                  { guard: 'namesRefused', actions: { type: 'touchFields', params: { fields: ['givenName', 'familyName'] } } },
                ],
              },
            },
            saving: {
              tags: ['savingNames'],
              invoke: {
                id: 'saveNames',
                src: 'saveNames',
                input: ({ context }) => ({
                  services: context.services,
                  givenName: trimmed(context.fields.givenName),
                  familyName: trimmed(context.fields.familyName),
                }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'adoptSaved', params: ({ event }) => ({ profile: event.output, fields: ['givenName', 'familyName'] }) },
                    'tellPictureForm',
                    { type: 'notify', params: { kind: 'success', key: 'settings.names_saved' } },
                  ],
                },
                onError: { target: 'idle', actions: errorActions('settings: saving the names failed') },
              },
            },
          },
        },
        phone: {
          initial: 'closed',
          states: {
            closed: { on: { 'settings.openPhone': 'open' } },
            open: {
              ...doc('The phone modal (machines/phone-modal.ts) runs until it is saved or closed'),
              invoke: {
                id: 'phoneModal',
                src: 'phoneModal',
                input: ({ context, event }) => ({
                  services: context.services,
                  phoneNumber: context.profile?.phoneNumber ?? null,
                  defaultCountry: (event as Extract<SettingsEvent, { type: 'settings.openPhone' }>).defaultCountry,
                }),
                onDone: [
                  {
                    guard: { type: 'phoneSaved', params: ({ event }) => event.output },
                    target: 'closed',
                    actions: [
                      { type: 'adoptProfileOnly', params: ({ event }) => ({ profile: event.output.profile! }) },
                      'tellPictureForm',
                      { type: 'notify', params: { kind: 'success', key: 'settings.phone_saved' } },
                    ],
                  },
                  { target: 'closed' },
                ],
                // The modal's machine crashed: it closes with the usual failure toast instead of a dead dialog.
                onError: { target: 'closed', actions: errorActions('settings: the phone modal failed') },
              },
            },
          },
        },
        verification: {
          initial: 'idle',
          states: {
            idle: { on: { 'settings.startVerification': { guard: 'onPayoutTab', target: 'starting' } } },
            starting: {
              tags: ['verifying'],
              invoke: {
                id: 'startVerification',
                src: 'startVerification',
                input: ({ context }) => ({ services: context.services }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'notify', params: { kind: 'success', key: 'settings.verification_started' } },
                    // The payout child shows the onboarding the answer starts (absent only in tests that do not run it).
                    enqueueActions(({ enqueue, event, self }) => {
                      const payout = self.getSnapshot()?.children?.payout;
                      if (payout) enqueue.sendTo(payout, { type: 'payout.connected' as const, account: (event as unknown as { output: PaymentsAccount }).output });
                    }),
                  ],
                },
                onError: { target: 'idle', actions: errorActions('settings: starting the verification failed') },
              },
            },
          },
        },
      },
    },
  },
});

export type SettingsMachine = typeof settingsMachine;
export type SettingsActor = ActorRefFrom<SettingsMachine>;
export type SettingsSnapshot = SnapshotFrom<SettingsMachine>;
