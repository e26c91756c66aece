// The settings' payout tab (docs/product.md §2 Settings, §6): the account's state from the payout machine (a child of the
// settings flow), the verification button that starts onboarding, and the onboarding itself — Stripe's embedded
// component (the payout machine mounts it into the element this tab registers) or the local provider's form.
import './card';
import { Button } from './button';
import { Icon } from './icons';
import { readThemeSetting, resolveTheme, systemPrefersDark } from '../theme-setting';
import { Skeleton } from './skeleton';
import { useSelector } from '@xstate/react';
import { type ReactElement, useCallback } from 'react';
import type { PayoutActor } from '../../../machines/payout';
import { selectLocalForm, selectPayoutView, selectStripeSessionKey } from '../../../machines/payout.selectors';
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
  return (
    <section className="tw-card tw-settings__section" aria-labelledby="tw-settings-payout">
      <h2 className="tw-section__title" id="tw-settings-payout">
        {i18n.t('settings.payout_title')}
      </h2>
      <p className="tw-muted">{i18n.t('settings.payout_text')}</p>
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
      {/* The button starts onboarding, or starts it again (a new session) while it is not finished; the local
          provider's form brings its own Verify account, so the tab never shows two verify actions (issue 23). */}
      {state !== 'verified' && state !== 'localForm' ? (
        <Button icon={<Icon path={iconPath('shield')} size={18} />} loading={verifying} onClick={() => settings.send({ type: 'settings.startVerification' })}>
          {i18n.t('settings.verify')}
        </Button>
      ) : null}
      {state === 'localForm' && payout ? <LocalOnboarding payout={payout} /> : null}
      {state === 'stripe' && payout ? <StripeOnboarding payout={payout} /> : null}
    </section>
  );
}

function LocalOnboarding({ payout }: { payout: PayoutActor }): ReactElement {
  const form = useSelector(payout, selectLocalForm, localFormEqual);
  const { errors } = form;
  return (
    <form
      className="tw-payout__form"
      aria-label={i18n.t('payout.local_title')}
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
      <Button type="submit" loading={form.submitting}>
        {i18n.t('payout.submit')}
      </Button>
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
 * Stripe's account onboarding, themed like the wallet (light/dark, 12 px radius): the element it goes into. The payout
 * machine mounts the component while this element is registered (`payout.mount`) and removes it when it leaves.
 */
function StripeOnboarding({ payout }: { payout: PayoutActor }): ReactElement {
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
  return <section key={sessionKey} ref={registerHost} className="tw-payout__stripe" aria-label={i18n.t('payout.stripe_title')} />;
}
