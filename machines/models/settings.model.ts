// The settings machine's test model, shared by tests/machines/settings.test.ts (paths on the actor) and
// tests/web/settings-paths.test.tsx (the same paths on the rendered screen). The account tab's forms are parallel
// regions; the model lets one of them work at a time (a person does one thing at a time), which keeps the graph
// small and still takes every transition.
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { SettingsEvent, SettingsSnapshot } from '../settings';
import { isFormValid, personalDataForm } from '../../src/contract/forms';
import { nicknameForm } from '../../src/contract/nickname-rule';
import { ApiRequestError } from '../../src/client/errors';
import { testServices } from './fake-platform';
import { httpError, userProfile } from './fixtures';
import { settingsMachine } from '../settings';
import { isSample } from './model';
import { modelSpec } from './model-spec';

export type SettingsModelEvent = SettingsEvent | { type: string; output?: unknown; error?: unknown };

export const PROFILE = userProfile({ nickname: 'alex', preferredUsername: 'alex#4821', uniqueID: '#4821', givenName: 'Alex', familyName: 'Rivera', phoneNumber: null });
export const SAVED = userProfile({ ...PROFILE, nickname: 'alexr', preferredUsername: 'alexr#4821', givenName: 'Alexandra', phoneNumber: '+61412345678', picture: 'https://cdn.test/avatars/1-abc.webp' });
/** A picture as the file picker gives it. */
export const PICKED = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });

export const settingsSampleEvents: SettingsModelEvent[] = [
  { type: 'loadProfile.done', output: PROFILE },
  { type: 'loadProfile.error', error: httpError('me', 500, 'api.internal_error') },
  { type: 'settings.retry' },
  { type: 'settings.selectTab', tab: 'ACCOUNT_VERIFICATION' },
  { type: 'settings.selectTab', tab: 'PERSONAL_INFO' },
  { type: 'settings.change', field: 'nickname', value: 'alexr' },
  { type: 'settings.change', field: 'nickname', value: ' ' },
  { type: 'settings.blur', field: 'nickname' },
  { type: 'settings.change', field: 'givenName', value: 'Alexandra' },
  { type: 'settings.change', field: 'givenName', value: '' },
  { type: 'settings.saveNickname' },
  { type: 'saveNickname.done', output: SAVED },
  { type: 'saveNickname.error', error: httpError('updateProfile', 409, 'api.profile.username_taken') },
  { type: 'settings.generateNickname' },
  { type: 'generateNickname.done', output: SAVED },
  { type: 'generateNickname.error', error: new ApiRequestError('username', 'FETCH_ERROR') },
  { type: 'settings.saveNames' },
  { type: 'saveNames.done', output: SAVED },
  { type: 'saveNames.error', error: httpError('updateProfile', 500, 'api.internal_error') },
  { type: 'settings.openPhone', defaultCountry: 'AU' },
  // The phone modal's child (machines/phone-modal.ts, its own model in tests/machines/phone-modal.test.ts) ends saved
  // with the server's profile, or closed without saving.
  { type: 'phoneModal.done', output: { profile: SAVED } },
  { type: 'phoneModal.done', output: { profile: null } },
  { type: 'phoneModal.error', error: new Error('the phone modal crashed') },
  // The picture form's child (machines/picture-form.ts, its own model in tests/machines/picture-form.test.ts) hands
  // over the profile an upload answered.
  { type: 'settings.pictureSaved', profile: SAVED },
  { type: 'settings.startVerification' },
  // A toast of the payout child (machines/payout.ts), passed on.
  { type: 'notify', kind: 'success', key: 'payout.verified_toast' },
  // The payout child's "Back to resell", passed on.
  { type: 'panel.open', tab: 'RESELL', userTicketId: 'resell-ticket-21' },
  { type: 'startVerification.done', output: { clientSecret: 'secret', provider: 'local', publishableKey: null, verified: false, country: 'AU' } },
  { type: 'startVerification.error', error: httpError('paymentsConnect', 400, 'api.resell.unsupported_country') },
];

/** The invokes whose outcome a path step decides. */
export const settingsPromiseActors = ['loadProfile', 'saveNickname', 'generateNickname', 'saveNames', 'phoneModal', 'startVerification'] as const;

type Region = 'nickname' | 'names' | 'phone' | 'verification';
const regionOf: Array<[RegExp, Region]> = [
  [/Nickname|field: nickname/, 'nickname'],
  [/Names|givenName/, 'names'],
  [/Phone|phoneModal/, 'phone'],
  [/Verification/, 'verification'],
];
function eventRegion(event: EventObject): Region | null {
  const text = `${event.type} field: ${(event as { field?: string }).field ?? ''}`;
  return regionOf.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}
const restingStates: Record<Region, string> = { nickname: 'idle', names: 'idle', phone: 'closed', verification: 'idle' };

/** The region that is not at rest (one at most in the model), or null. */
export function busyRegion(snapshot: AnyMachineSnapshot): Region | null {
  if (!snapshot.matches('ready')) return null;
  const value = (snapshot.value as { ready: Record<Region, unknown> }).ready;
  return (Object.keys(restingStates) as Region[]).find((region) => value[region] !== restingStates[region]) ?? null;
}

/** One thing at a time: while a region works, only its own events (and the API's answers to it). */
export function oneAtATime(snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  const busy = busyRegion(snapshot);
  // The account tab's forms are on screen only on the account tab.
  const region = eventRegion(event);
  const onPayout = (snapshot as SettingsSnapshot).context.tab === 'ACCOUNT_VERIFICATION';
  if (region !== null && region !== 'verification' && onPayout && busy !== region) return false;
  // The picture form is on the account tab; its upload is one thing at a time too.
  if (event.type === 'settings.pictureSaved') return !onPayout && busy === null;
  return busy === null || region === busy;
}

/** One vertex per state and what decides the forms: Save possible, a picture saved. */
export function settingsVertex(snapshot: AnyMachineSnapshot): string {
  const { context } = snapshot as SettingsSnapshot;
  const saved = { nickname: context.profile?.nickname ?? '', givenName: context.profile?.givenName ?? '' };
  return JSON.stringify({
    value: snapshot.value,
    tab: context.tab,
    nickname: context.fields.nickname.trim() === saved.nickname ? 'same' : isFormValid(nicknameForm, context.fields) ? 'new' : 'bad',
    names: context.fields.givenName.trim() === saved.givenName ? 'same' : isFormValid(personalDataForm, context.fields) ? 'new' : 'bad',
    touched: context.touched.nickname,
    hasPicture: Boolean(context.profile?.picture),
  });
}

export const settingsInput = () => ({ services: testServices(), tab: 'PERSONAL_INFO' as const });

/**
 * The settings machine's model-based test (tests/machines/settings.test.ts, the visualiser's paths): one region
 * busy at a time, in the traversal and in the transitions coverTransitions adds.
 */
export const settingsSpec = modelSpec({
  name: 'settings',
  machine: settingsMachine,
  starts: [{ name: 'start', input: settingsInput }],
  events: settingsSampleEvents,
  filter: (snapshot, event) => snapshot.can(event as never) && isSample(settingsSampleEvents, event) && oneAtATime(snapshot, event),
  coverFilter: (testMachine) => (snapshot, event) =>
    testMachine.getTransitionData(snapshot as never, event as never).length > 0 && oneAtATime(snapshot, event),
  serializeState: settingsVertex,
  excused: {
    'settings.ready on pictureForm.error': 'the real picture form runs in these paths (its hasPicture is checked), and its own model shows no step of it throws',
    // The payout child is a machine of our own with its own model (tests/machines/payout.test.ts): it crashes only
    // through a bug, and then the branch only logs. The wallet's tests crash a flow on purpose.
    'settings.ready on payout.error': 'the payout child machine crashes only through a bug; the branch only logs',
  },
});
