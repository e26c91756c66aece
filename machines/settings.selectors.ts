// Derived values of the settings machine for the views: the forms' fields (errors only once touched, docs/product.md §5), which
// Save is possible, what runs, and the phone modal's and the picture form's children.
import { checkText, firstNameRule, lastNameRule, type TextRule } from '../src/contract/forms';
import { nicknameRule } from '../src/contract/nickname-rule';
import type { UserProfile } from '../src/contract/entities';
import type { PhoneModalActor } from './phone-modal';
import type { PictureFormActor } from './picture-form';
import type { SettingsField, SettingsSnapshot, SettingsTab } from './settings';

export interface FieldView {
  value: string;
  error: string | null;
  status: 'error' | 'default';
}

const ruleOf: Record<SettingsField, TextRule> = { nickname: nicknameRule, givenName: firstNameRule, familyName: lastNameRule };

export function settingsFieldView(snapshot: SettingsSnapshot, field: SettingsField): FieldView {
  const { fields, touched } = snapshot.context;
  const result = checkText(ruleOf[field], fields[field]);
  const error = touched[field] && !result.ok ? result.error : null;
  return { value: fields[field], error, status: error ? 'error' : 'default' };
}

export type SettingsStatus = 'loading' | 'error' | 'ready';
export function selectSettingsStatus(snapshot: SettingsSnapshot): SettingsStatus {
  if (snapshot.matches('ready')) return 'ready';
  return snapshot.matches('error') ? 'error' : 'loading';
}

export const selectSettingsTab = (snapshot: SettingsSnapshot): SettingsTab => snapshot.context.tab;
export const selectProfile = (snapshot: SettingsSnapshot): UserProfile | null => snapshot.context.profile;
export const selectNicknameField = (snapshot: SettingsSnapshot) => settingsFieldView(snapshot, 'nickname');
export const selectGivenNameField = (snapshot: SettingsSnapshot) => settingsFieldView(snapshot, 'givenName');
export const selectFamilyNameField = (snapshot: SettingsSnapshot) => settingsFieldView(snapshot, 'familyName');

/** Save beside the nickname: only when it changed and is valid, and nothing runs for it (docs/product.md §5). */
export const selectCanSaveNickname = (snapshot: SettingsSnapshot) => snapshot.can({ type: 'settings.saveNickname' });
export const selectCanGenerateNickname = (snapshot: SettingsSnapshot) => snapshot.can({ type: 'settings.generateNickname' });
export const selectIsSavingNickname = (snapshot: SettingsSnapshot) => snapshot.hasTag('savingNickname');
export const selectCanSaveNames = (snapshot: SettingsSnapshot) => snapshot.can({ type: 'settings.saveNames' });
export const selectIsSavingNames = (snapshot: SettingsSnapshot) => snapshot.hasTag('savingNames');

export const selectIsPhoneOpen = (snapshot: SettingsSnapshot) => snapshot.matches({ ready: { phone: 'open' } });
/** The phone modal's child while it is open (its own selectors: machines/phone-modal.selectors.ts). */
export const selectPhoneModal = (snapshot: SettingsSnapshot): PhoneModalActor | undefined =>
  snapshot.children.phoneModal as PhoneModalActor | undefined;

/** The picture form's child while the profile is ready (its own selectors: machines/picture-form.selectors.ts). */
export const selectPictureForm = (snapshot: SettingsSnapshot): PictureFormActor | undefined =>
  snapshot.children.pictureForm as PictureFormActor | undefined;
export const selectIsVerifying = (snapshot: SettingsSnapshot) => snapshot.hasTag('verifying');
