// The settings' payout tab (docs/product.md §2 Settings, §6): the account's state from the payout machine (a child of the
// settings flow), the verification button that starts onboarding, and the onboarding itself — Stripe's embedded
// component (the payout machine mounts it into the element this tab registers) or the local provider's form. Once
// verified: Stripe's notification banner and account management (mounted the same way), or with the local provider a
// button that opens its form again to change the bank account. A payout Stripe could not make to the seller's bank is
// told above it all, with its reason and what to do (docs/decisions/0114-the-payouts-tab-as-stripe-embeds-it.md).
import './card';
import { Button } from './button';
import { Icon } from './icons';
import { readThemeSetting, resolveTheme, systemPrefersDark } from '../theme-setting';
import { Skeleton } from './skeleton';
import { useSelector } from '@xstate/react';
import { type ReactElement, useCallback } from 'react';
import type { PayoutActor } from '../../../machines/payout';
import {
  payoutFailureReasonKey,
  selectCanGoBackToResell,
  selectChangingBank,
  selectLocalForm,
  selectManagement,
  selectPayoutFailure,
  selectPayoutView,
  selectStripeSessionKey,
} from '../../../machines/payout.selectors';
import type { PaymentsAccount } from '../../contract/entities';
import { formatLocalMoment, formatMoney } from '../format';
import type { SettingsActor } from '../../../machines/settings';
import { selectIsVerifying } from '../../../machines/settings.selectors';
import { LoadFailed } from './load-failed';
import { FormField } from './form-field';
import { i18n } from '../i18n';
import { iconPath } from './icon-paths' with { type: 'macro' };

export function PayoutTab({ settings }: { settings: SettingsActor }): ReactElement {
  const payout = useSelector(settings, (snapshot) => snapshot.children.payout as PayoutActor | undefined);
  const verifying = useSelector(settings, selectIsVerifying);
  const state = useSelector(payout, selectPayoutView);
  const management = useSelector(payout, selectManagement);
  const failure = useSelector(payout, selectPayoutFailure);
  const backToResell = useSelector(payout, selectCanGoBackToResell);
  return (
    <section className="tw-card tw-settings__section" aria-labelledby="tw-settings-payout">
      <h2 className="tw-section__title" id="tw-settings-payout">
        {i18n.t('settings.payout_title')}
      </h2>
      <p className="tw-muted">{i18n.t('settings.payout_text')}</p>
      {failure ? <PayoutFailureNotice failure={failure} /> : null}
      {state === 'loading' ? (
        <div role="status" aria-label={i18n.t('common.loading')}>
          <Skeleton height={44} radius={12} />
        </div>
      ) : null}
      {state === 'failed' && payout ? (
        <LoadFailed className="tw-payout__failed" message={i18n.t('payout.load_error')} onRetry={() => payout.send({ type: 'payout.retry' })} />
      ) : null}
      {state === 'verified' ? (
        <p className="tw-payout__verified" role="status">
          <Icon path={iconPath('check')} size={18} /> {i18n.t('payout.verified')}
        </p>
      ) : null}
      {management === 'local' ? (
        <div className="tw-payout__manage">
          <p className="tw-muted">{i18n.t('payout.local_manage_text')}</p>
          <Button variant="secondary" loading={verifying} onClick={() => settings.send({ type: 'settings.startVerification' })}>
            {i18n.t('payout.change_bank')}
          </Button>
        </div>
      ) : null}
      {management === 'stripe' && payout ? <StripeComponents payout={payout} label={i18n.t('payout.stripe_manage_title')} /> : null}
      {/* The button starts onboarding, or starts it again (a new session) while it is not finished; the local
          provider's form brings its own Verify account, so the tab never shows two verify actions (issue 23). */}
      {state !== 'verified' && state !== 'localForm' ? (
        <Button icon={<Icon path={iconPath('shield')} size={18} />} loading={verifying} onClick={() => settings.send({ type: 'settings.startVerification' })}>
          {i18n.t('settings.verify')}
        </Button>
      ) : null}
      {state === 'localForm' && payout ? <LocalOnboarding payout={payout} /> : null}
      {state === 'stripe' && payout ? <StripeComponents payout={payout} label={i18n.t('payout.stripe_title')} /> : null}
      {backToResell && payout ? (
        <Button variant="secondary" icon={<Icon path={iconPath('back')} size={18} />} onClick={() => payout.send({ type: 'payout.backToResell' })}>
          {i18n.t('payout.back_to_resell')}
        </Button>
      ) : null}
    </section>
  );
}

/**
 * "A payout of 42.00 AUD to your bank failed on …": the reason in words, that the money is safe in the seller's Stripe
 * balance, and what to do (check the bank details in account management, after which Stripe pays it again).
 */
function PayoutFailureNotice({ failure }: { failure: NonNullable<PaymentsAccount['payoutFailure']> }): ReactElement {
  const amount = `${formatMoney(failure.amountMinor / 100, '')} ${failure.currencyCode}`;
  return (
    <div className="tw-payout__failure" role="alert" aria-labelledby="tw-payout-failure-title">
      <p className="tw-payout__failure-title" id="tw-payout-failure-title">
        <Icon path={iconPath('alert')} size={18} /> {i18n.t('payout.failure_title', { amount, date: formatLocalMoment(failure.failedAt, { locale: i18n.locale() }) })}
      </p>
      <p>{i18n.t(payoutFailureReasonKey(failure.failureCode))}</p>
      <p>{i18n.t('payout.failure_todo')}</p>
    </div>
  );
}

function LocalOnboarding({ payout }: { payout: PayoutActor }): ReactElement {
  const form = useSelector(payout, selectLocalForm, localFormEqual);
  const changing = useSelector(payout, selectChangingBank);
  const { errors } = form;
  return (
    <form
      className="tw-payout__form"
      aria-label={i18n.t(changing ? 'payout.change_bank_title' : 'payout.local_title')}
      onSubmit={(event) => {
        event.preventDefault();
        payout.send({ type: 'payout.submit' });
      }}
    >
      <p className="tw-muted">{i18n.t('payout.local_text')}</p>
      <FormField
        label={i18n.t('payout.legal_name')}
        autoComplete="name"
        value={form.legalName}
        error={errors.legalName}
        status={errors.legalName ? 'error' : 'default'}
        onValueChange={(value) => payout.send({ type: 'payout.changeLegalName', value })}
      />
      <FormField
        label={i18n.t('payout.bank_last4')}
        inputMode="numeric"
        value={form.bankLast4}
        error={errors.bankLast4}
        status={errors.bankLast4 ? 'error' : 'default'}
        onValueChange={(value) => payout.send({ type: 'payout.changeBankLast4', value })}
      />
      <div className="tw-payout__actions">
        <Button type="submit" loading={form.submitting}>
          {i18n.t(changing ? 'payout.change_bank_submit' : 'payout.submit')}
        </Button>
        <Button variant="secondary" disabled={form.submitting} onClick={() => payout.send({ type: 'payout.cancel' })}>
          {i18n.t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}

const localFormEqual = (a: ReturnType<typeof selectLocalForm>, b: ReturnType<typeof selectLocalForm>) =>
  a.legalName === b.legalName &&
  a.bankLast4 === b.bankLast4 &&
  a.submitting === b.submitting &&
  a.errors.legalName === b.errors.legalName &&
  a.errors.bankLast4 === b.errors.bankLast4;

/**
 * Stripe's embedded components, themed like the wallet (light/dark, 12 px radius): the element they go into (account
 * onboarding, or the notification banner and account management once verified). The payout machine mounts them while
 * this element is registered (`payout.mount`) and removes them when it leaves.
 */
function StripeComponents({ payout, label }: { payout: PayoutActor; label: string }): ReactElement {
  const sessionKey = useSelector(payout, selectStripeSessionKey);
  const registerHost = useCallback(
    (host: HTMLElement | null) => {
      if (!host) return;
      const theme = resolveTheme(readThemeSetting(), systemPrefersDark());
      payout.send({ type: 'payout.mount', host, theme });
      return () => payout.send({ type: 'payout.unmount' });
    },
    [payout],
  );
  // A named region: the provider's embedded form (in frames of its own) is found under this name.
  return <section key={sessionKey} ref={registerHost} className="tw-payout__stripe" aria-label={label} />;
}
