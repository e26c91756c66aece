// The account tab's text forms: the nickname with its unchangeable #suffix (Save only when changed and valid, or
// Generate), first and last name, and the phone number's row that opens the phone modal.
import './card';
import { Button } from './button';
import { Icon } from './icons';
import { useSelector } from '@xstate/react';
import { useWalletConfig } from '../wallet-config';
import type { FormEvent, ReactElement } from 'react';
import type { SettingsActor } from '../../../machines/settings';
import {
  selectCanGenerateNickname,
  selectCanSaveNames,
  selectCanSaveNickname,
  selectFamilyNameField,
  selectGivenNameField,
  selectIsSavingNames,
  selectIsSavingNickname,
  selectProfile,
  selectNicknameField,
} from '../../../machines/settings.selectors';
import { FALLBACK_PHONE_COUNTRY, formatPhone, isPhoneCountry } from '../../../machines/phone';
import { FormField } from './form-field';
import { submitAndFocusFirstError } from '../focus-first-error';
import { i18n } from '../i18n';
import { iconPath } from './icon-paths' with { type: 'macro' };

/** A refused Save touches the fields (the machine); the focus then goes to the first one in error. */
const onSubmit = (send: () => void) => (event: FormEvent<HTMLFormElement>) => {
  event.preventDefault();
  submitAndFocusFirstError(event.currentTarget, send);
};

export function NicknameForm({ settings }: { settings: SettingsActor }): ReactElement {
  const field = useSelector(settings, selectNicknameField);
  const profile = useSelector(settings, selectProfile);
  const canSave = useSelector(settings, selectCanSaveNickname);
  const canGenerate = useSelector(settings, selectCanGenerateNickname);
  const saving = useSelector(settings, selectIsSavingNickname);
  return (
    <form className="tw-card tw-settings__section" aria-labelledby="tw-settings-nickname" noValidate onSubmit={onSubmit(() => settings.send({ type: 'settings.saveNickname' }))}>
      <h2 className="tw-section__title" id="tw-settings-nickname">
        {i18n.t('settings.nickname_title')}
      </h2>
      <div className="tw-settings__nickname">
        <FormField
          label={i18n.t('settings.nickname')}
          name="nickname"
          autoComplete="nickname"
          value={field.value}
          onValueChange={(value) => settings.send({ type: 'settings.change', field: 'nickname', value })}
          onBlur={() => settings.send({ type: 'settings.blur', field: 'nickname' })}
          error={field.error}
          status={field.status}
          helper={i18n.t('settings.nickname_helper')}
          required
        />
        {/* The suffix as shown, and in words for screen readers (a name on a plain span would not be read). */}
        <span className="tw-settings__suffix">
          <span aria-hidden="true">{profile?.uniqueID}</span>
          <span className="tw-sr-only">{i18n.t('settings.suffix', { suffix: profile?.uniqueID ?? '' })}</span>
        </span>
      </div>
      <div className="tw-settings__actions">
        <Button type="submit" loading={saving} disabled={!canSave && !saving}>
          {i18n.t('settings.save')}
        </Button>
        <Button
          variant="ghost"
          icon={<Icon path={iconPath('sparkle')} size={18} />}
          disabled={!canGenerate}
          onClick={() => settings.send({ type: 'settings.generateNickname' })}
        >
          {i18n.t('settings.generate')}
        </Button>
      </div>
    </form>
  );
}

export function NamesForm({ settings }: { settings: SettingsActor }): ReactElement {
  const givenName = useSelector(settings, selectGivenNameField);
  const familyName = useSelector(settings, selectFamilyNameField);
  const canSave = useSelector(settings, selectCanSaveNames);
  const saving = useSelector(settings, selectIsSavingNames);
  return (
    <form className="tw-card tw-settings__section" aria-labelledby="tw-settings-names" noValidate onSubmit={onSubmit(() => settings.send({ type: 'settings.saveNames' }))}>
      <h2 className="tw-section__title" id="tw-settings-names">
        {i18n.t('settings.names_title')}
      </h2>
      <FormField
        label={i18n.t('personal_data.first_name')}
        name="givenName"
        autoComplete="given-name"
        value={givenName.value}
        onValueChange={(value) => settings.send({ type: 'settings.change', field: 'givenName', value })}
        onBlur={() => settings.send({ type: 'settings.blur', field: 'givenName' })}
        error={givenName.error}
        status={givenName.status}
        required
      />
      <FormField
        label={i18n.t('personal_data.last_name')}
        name="familyName"
        autoComplete="family-name"
        value={familyName.value}
        onValueChange={(value) => settings.send({ type: 'settings.change', field: 'familyName', value })}
        onBlur={() => settings.send({ type: 'settings.blur', field: 'familyName' })}
        error={familyName.error}
        status={familyName.status}
        required
      />
      <div className="tw-settings__actions">
        <Button type="submit" loading={saving} disabled={!canSave && !saving}>
          {i18n.t('settings.save')}
        </Button>
      </div>
    </form>
  );
}

export function PhoneRow({ settings }: { settings: SettingsActor }): ReactElement {
  const profile = useSelector(settings, selectProfile);
  const phone = profile?.phoneNumber ?? null;
  const { orgCountry } = useWalletConfig();
  // The phone's country defaults to the organisation's (docs/decisions/0021-redeem-ticket-pdf-and-settings-web.md).
  const defaultCountry = isPhoneCountry(orgCountry) ? orgCountry : FALLBACK_PHONE_COUNTRY;
  return (
    <section className="tw-card tw-settings__section" aria-labelledby="tw-settings-phone">
      <h2 className="tw-section__title" id="tw-settings-phone">
        {i18n.t('settings.phone_title')}
      </h2>
      <div className="tw-settings__row">
        <span className={phone ? 'tw-settings__value' : 'tw-muted'}>{phone ? formatPhone(phone) : i18n.t('settings.phone_none')}</span>
        <Button
          variant="secondary"
          icon={<Icon path={iconPath('phone')} size={18} />}
          onClick={() => settings.send({ type: 'settings.openPhone', defaultCountry })}
        >
          {phone ? i18n.t('settings.phone_change') : i18n.t('settings.phone_add')}
        </Button>
      </div>
    </section>
  );
}
