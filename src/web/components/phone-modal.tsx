// The phone modal of the settings: a country picker (defaulting to the organisation's country) and the number,
// checked with libphonenumber-js and saved as E.164; a refused save shows the server's message in the modal. The
// phone modal machine (a child of settings while open) decides; this renders it and sends its events.
import { Button } from './button';
import { useSelector } from '@xstate/react';
import { type FormEvent, type ReactElement, useId, useMemo } from 'react';
import { phoneCountries, type PhoneCountry } from '../../../machines/phone';
import type { PhoneModalEvent } from '../../../machines/phone-modal';
import { type PhoneView, selectIsSavingPhone, selectPhone } from '../../../machines/phone-modal.selectors';
import type { SettingsActor } from '../../../machines/settings';
import { selectIsPhoneOpen, selectPhoneModal } from '../../../machines/settings.selectors';
import { FieldMessage } from './form-field';
import { Modal } from './modal';
import { i18n } from '../i18n';

export function PhoneModal({ settings }: { settings: SettingsActor }): ReactElement | null {
  const open = useSelector(settings, selectIsPhoneOpen);
  const modal = useSelector(settings, selectPhoneModal);
  const phone = useSelector(modal, selectPhone, samePhone);
  const saving = useSelector(modal, selectIsSavingPhone);
  const send = (event: PhoneModalEvent) => modal?.send(event);
  const countries = useCountryOptions();
  const id = useId();
  const formId = `${id}-form`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'phone.save' });
  };
  return (
    <Modal
      open={open}
      title={i18n.t('settings.phone_modal_title')}
      description={i18n.t('settings.phone_modal_text')}
      onClose={() => send({ type: 'phone.close' })}
      actions={
        <>
          <Button variant="secondary" onClick={() => send({ type: 'phone.close' })} disabled={saving}>
            {i18n.t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {i18n.t('settings.save')}
          </Button>
        </>
      }
    >
      <form id={formId} className="tw-form" noValidate onSubmit={submit}>
        <div className="tw-field">
          <label className="tw-field__label" htmlFor={`${id}-country`}>
            {i18n.t('settings.phone_country')}
          </label>
          <select
            id={`${id}-country`}
            className="tw-input"
            value={phone.country}
            onChange={(event) => send({ type: 'phone.changeCountry', country: event.target.value as PhoneCountry })}
          >
            {countries.map((option) => (
              <option key={option.country} value={option.country}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="tw-field">
          <label className="tw-field__label" htmlFor={`${id}-number`}>
            {i18n.t('settings.phone_number')}
          </label>
          <input
            id={`${id}-number`}
            className="tw-input"
            type="tel"
            name="phoneNumber"
            autoComplete="tel-national"
            required
            value={phone.number}
            onChange={(event) => send({ type: 'phone.change', value: event.target.value })}
            onBlur={() => send({ type: 'phone.blur' })}
            aria-invalid={Boolean(phone.error) || undefined}
            aria-describedby={phone.error ? `${id}-message` : undefined}
          />
          <FieldMessage id={`${id}-message`} status={phone.error ? 'error' : 'default'} text={phone.error ? i18n.t(phone.error) : undefined} />
        </div>
      </form>
    </Modal>
  );
}

const samePhone = (a: PhoneView, b: PhoneView) => a.country === b.country && a.number === b.number && a.error === b.error;

/** Every country by its name in the page's language, with its calling code, sorted by name. */
function useCountryOptions(): Array<{ country: PhoneCountry; label: string }> {
  const language = i18n.locale();
  return useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    return phoneCountries()
      .map(({ country, callingCode }) => ({ country, label: `${names.of(country) ?? country} (+${callingCode})` }))
      .sort((a, b) => a.label.localeCompare(b.label, language));
  }, [language]);
}
