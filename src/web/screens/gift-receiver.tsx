// The gift's receiver: an E-mail and a Username tab (the username searched as it is typed, suggestions with picture
// or initials), Confirm receiver, then the recipient card ("To", with Edit), the terms, Gift and Cancel.
import '../components/card';
import { Button } from '../components/button';
import { HashedName } from '../components/identity';
import { Icon } from '../components/icons';
import { useSelector } from '@xstate/react';
import { type FormEvent, type KeyboardEvent, type ReactElement, useEffect, useRef } from 'react';
import type { GiftActor, GiftEvent, GiftReceiver, ReceiverTab } from '../../../machines/gift';
import {
  selectCanCancel,
  selectCanConfirmReceiver,
  selectCanEditReceiver,
  selectCanGift,
  selectCanToggleTerms,
  selectEmailField,
  selectGiftStep,
  selectIsGifting,
  selectIsSearching,
  selectPickedReceiver,
  selectReceiver,
  selectReceiverTab,
  selectSuggestions,
  selectTermsAccepted,
  selectUsernameQuery,
  usernameInitials,
} from '../../../machines/gift.selectors';
import { FieldMessage, FormField } from '../components/form-field';
import { iconPath } from '../components/icon-paths' with { type: 'macro' };
import { ListTabs } from '../components/list-tabs';
import { useRovingFocus } from '../use-roving-focus';
import { focusIfLost } from '../focus-if-lost';
import { submitAndFocusFirstError } from '../focus-first-error';
import { i18n } from '../i18n';

const receiverTabs = [
  { value: 'EMAIL', label: 'gift.by_email' },
  { value: 'USERNAME', label: 'gift.by_username' },
] as const;

export function GiftReceiverStep({ gift }: { gift: GiftActor }): ReactElement {
  const step = useSelector(gift, selectGiftStep);
  const tab = useSelector(gift, selectReceiverTab);
  const receiver = useSelector(gift, selectReceiver);
  const canCancel = useSelector(gift, selectCanCancel);
  const send = (event: GiftEvent) => gift.send(event);
  const stepRef = useRef<HTMLElement>(null);
  // A ticket was just chosen, or the receiver is edited: the selected tab takes the focus the dropdown or Edit had.
  useEffect(() => {
    if (step === 'receiver') focusIfLost(stepRef.current, '[role="tab"][aria-selected="true"]');
  }, [step]);
  return (
    <section ref={stepRef} className="tw-card tw-gift__step" aria-labelledby="tw-gift-receiver-step">
      <h2 className="tw-gift__step-title" id="tw-gift-receiver-step">
        {i18n.t('gift.receiver_step')}
      </h2>
      {step === 'receiver' && tab ? (
        <ListTabs
          id="tw-gift-receiver"
          label={i18n.t('gift.receiver_tabs')}
          tabs={receiverTabs.map((item) => ({ value: item.value, label: i18n.t(item.label) }))}
          selected={tab}
          onSelect={(next: ReceiverTab) => send({ type: 'gift.chooseReceiverTab', tab: next })}
          className="tw-gift__receiver"
        >
          {tab === 'EMAIL' ? <EmailReceiver gift={gift} /> : <UsernameReceiver gift={gift} />}
        </ListTabs>
      ) : null}
      {step === 'confirmed' && receiver ? <ConfirmedReceiver gift={gift} receiver={receiver} /> : null}
      <div className="tw-gift__actions">
        {step === 'confirmed' ? <GiftButton gift={gift} /> : null}
        <Button variant="secondary" disabled={!canCancel} onClick={() => send({ type: 'gift.cancel' })}>
          {i18n.t('common.cancel')}
        </Button>
      </div>
    </section>
  );
}

function ConfirmButton({ gift }: { gift: GiftActor }): ReactElement {
  const canConfirm = useSelector(gift, selectCanConfirmReceiver);
  return (
    <Button type="submit" block disabled={!canConfirm}>
      {i18n.t('gift.confirm_receiver')}
    </Button>
  );
}

function EmailReceiver({ gift }: { gift: GiftActor }): ReactElement {
  const email = useSelector(gift, selectEmailField);
  // Refused, the field says why and takes the focus.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitAndFocusFirstError(event.currentTarget, () => gift.send({ type: 'gift.confirmReceiver' }));
  };
  return (
    <form className="tw-form" onSubmit={submit} noValidate>
      <FormField
        label={i18n.t('gift.email_label')}
        type="email"
        name="email"
        autoComplete="off"
        inputMode="email"
        placeholder={i18n.t('gift.email_placeholder')}
        value={email.value}
        onValueChange={(value) => gift.send({ type: 'gift.changeEmail', value })}
        onBlur={() => gift.send({ type: 'gift.blurEmail' })}
        error={email.error}
        status={email.status}
        helper={i18n.t('gift.email_helper')}
        required
      />
      <ConfirmButton gift={gift} />
    </form>
  );
}

function UsernameReceiver({ gift }: { gift: GiftActor }): ReactElement {
  const query = useSelector(gift, selectUsernameQuery);
  const suggestions = useSelector(gift, selectSuggestions);
  const picked = useSelector(gift, selectPickedReceiver);
  const searching = useSelector(gift, selectIsSearching);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const onListKeyDown = useRovingFocus({ container: listRef, items: '[role="option"]', orientation: 'vertical' });
  const pick = (username: string) => {
    gift.send({ type: 'gift.pickReceiver', username });
    inputRef.current?.focus();
  };
  const onInputKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' || suggestions.length === 0) return;
    event.preventDefault();
    listRef.current?.querySelector<HTMLElement>('[role="option"]')?.focus();
  };
  const onOptionKeyDown = (event: KeyboardEvent, username: string) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      pick(username);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      inputRef.current?.focus();
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    gift.send({ type: 'gift.confirmReceiver' });
  };
  const status = searching ? i18n.t('gift.searching') : query.trim() && !picked && suggestions.length === 0 ? i18n.t('gift.no_match') : undefined;
  return (
    <form className="tw-form" onSubmit={submit} noValidate>
      <div className="tw-field">
        <label className="tw-field__label" htmlFor="tw-gift-username">
          {i18n.t('gift.username_label')}
        </label>
        <input
          ref={inputRef}
          id="tw-gift-username"
          className="tw-input"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={suggestions.length > 0}
          aria-controls={suggestions.length > 0 ? 'tw-gift-suggestions' : undefined}
          aria-describedby="tw-gift-username-message"
          autoComplete="off"
          spellCheck={false}
          placeholder={i18n.t('gift.username_placeholder')}
          value={query}
          onChange={(event) => gift.send({ type: 'gift.changeUsername', value: event.target.value })}
          onKeyDown={onInputKeyDown}
        />
        <FieldMessage id="tw-gift-username-message" status="default" text={status ?? (picked ? undefined : i18n.t('gift.username_helper'))} />
      </div>
      {suggestions.length > 0 ? (
        <ul ref={listRef} id="tw-gift-suggestions" className="tw-gift__suggestions" role="listbox" aria-label={i18n.t('gift.suggestions')} onKeyDown={onListKeyDown}>
          {suggestions.map((suggestion) => (
            <li
              key={suggestion.username}
              role="option"
              className="tw-gift__suggestion"
              aria-selected={picked?.username === suggestion.username}
              tabIndex={-1}
              onClick={() => pick(suggestion.username)}
              onKeyDown={(event) => onOptionKeyDown(event, suggestion.username)}
            >
              <UsernameAvatar username={suggestion.username} picture={suggestion.picture} />
              <HashedName value={suggestion.username} className="tw-gift__name" />
            </li>
          ))}
        </ul>
      ) : null}
      {picked ? (
        <p className="tw-gift__picked" aria-live="polite">
          <Icon path={iconPath('check')} size={16} />
          <span>
            {i18n.t('gift.picked')}: <HashedName value={picked.username} className="tw-strong" />
          </span>
        </p>
      ) : null}
      <ConfirmButton gift={gift} />
    </form>
  );
}

/** A suggestion's or a receiver's picture, or the username's initials. */
function UsernameAvatar({ username, picture }: { username: string; picture: string | null }): ReactElement {
  return (
    <span className="tw-avatar tw-gift__avatar" aria-hidden="true">
      {picture ? <img src={picture} alt="" /> : usernameInitials(username)}
    </span>
  );
}

function ConfirmedReceiver({ gift, receiver }: { gift: GiftActor; receiver: GiftReceiver }): ReactElement {
  const canEdit = useSelector(gift, selectCanEditReceiver);
  const accepted = useSelector(gift, selectTermsAccepted);
  const canToggle = useSelector(gift, selectCanToggleTerms);
  const termsRef = useRef<HTMLInputElement>(null);
  // The receiver's form is gone: the next thing to do, the terms, takes the focus.
  useEffect(() => termsRef.current?.focus(), []);
  return (
    <>
      <div className="tw-card tw-card--compact tw-gift__recipient">
        {receiver.kind === 'username' ? (
          <UsernameAvatar username={receiver.value} picture={receiver.picture} />
        ) : (
          <span className="tw-icon-tile tw-gift__avatar" aria-hidden="true">
            <Icon path={iconPath('mail')} size={20} />
          </span>
        )}
        <span className="tw-gift__recipient-text">
          <span className="tw-gift__recipient-caption">{i18n.t('gift.to')}</span>
          <HashedName value={receiver.value} className="tw-gift__name" />
        </span>
        {canEdit ? (
          <button type="button" className="tw-icon-button" aria-label={i18n.t('gift.edit_receiver')} onClick={() => gift.send({ type: 'gift.editReceiver' })}>
            <Icon path={iconPath('edit')} size={18} />
          </button>
        ) : null}
      </div>
      <label className="tw-gift__terms">
        <input ref={termsRef} type="checkbox" checked={accepted} disabled={!canToggle} onChange={() => gift.send({ type: 'gift.toggleTerms' })} />
        <span>{i18n.t('gift.terms')}</span>
      </label>
    </>
  );
}

function GiftButton({ gift }: { gift: GiftActor }): ReactElement {
  const canGift = useSelector(gift, selectCanGift);
  const gifting = useSelector(gift, selectIsGifting);
  return (
    <Button icon={<Icon path={iconPath('gift')} size={18} />} disabled={!canGift && !gifting} loading={gifting} onClick={() => gift.send({ type: 'gift.submit' })}>
      {i18n.t('gift.gift_button')}
    </Button>
  );
}
