// The settings' payout tab (SPEC §2 Settings, §6): the account's state from the payout machine (a child of the
// settings flow), the verification button that starts onboarding, and the onboarding itself — Stripe's embedded
// component (loaded on demand, so @stripe/connect-js is never in the first chunk) or the local provider's form.
import { useSelector } from '@xstate/react';
import { type ReactElement, useEffect, useRef } from 'react';
import { localFormErrors, type PayoutActor } from '../../../machines/payout';
import type { SettingsActor } from '../../../machines/settings';
import { selectIsVerifying } from '../../../machines/settings.selectors';
import { t } from '../i18n';
import { readThemeSetting, resolveTheme, systemPrefersDark } from '../theme-setting';
import { Button } from './button';
import { FormField } from './form-field';
import { iconPath } from './icon-paths' with { type: 'macro' };
import { Icon } from './icons';
import { Skeleton } from './skeleton';

export function PayoutTab({ settings }: { settings: SettingsActor }): ReactElement {
  const payout = useSelector(settings, (snapshot) => snapshot.children.payout as PayoutActor | undefined);
  const verifying = useSelector(settings, selectIsVerifying);
  const state = useSelector(payout, (snapshot) => (snapshot ? (typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0]!) : 'loading'));
  return (
    <section className="tw-card tw-settings__section" aria-labelledby="tw-settings-payout">
      <h2 className="tw-section__title" id="tw-settings-payout">
        {t('settings.payout_title')}
      </h2>
      <p className="tw-muted">{t('settings.payout_text')}</p>
      {state === 'loading' || state === 'deciding' ? (
        <div role="status" aria-label={t('common.loading')}>
          <Skeleton height={44} radius={12} />
        </div>
      ) : null}
      {state === 'failed' && payout ? (
        <div className="tw-payout__failed" role="alert">
          <p>{t('payout.load_error')}</p>
          <Button variant="secondary" icon={<Icon path={iconPath('refresh')} size={18} />} onClick={() => payout.send({ type: 'payout.retry' })}>
            {t('common.retry')}
          </Button>
        </div>
      ) : null}
      {state === 'verified' ? (
        <p className="tw-payout__verified" role="status">
          <Icon path={iconPath('check')} size={18} /> {t('payout.verified')}
        </p>
      ) : null}
      {/* The button starts onboarding, or starts it again (a new session) while it is not finished. */}
      {state !== 'verified' ? (
        <Button icon={<Icon path={iconPath('shield')} size={18} />} loading={verifying} onClick={() => settings.send({ type: 'settings.startVerification' })}>
          {t('settings.verify')}
        </Button>
      ) : null}
      {state === 'localForm' && payout ? <LocalOnboarding payout={payout} /> : null}
      {state === 'stripe' && payout ? <StripeOnboarding payout={payout} /> : null}
    </section>
  );
}

function LocalOnboarding({ payout }: { payout: PayoutActor }): ReactElement {
  const context = useSelector(payout, (snapshot) => snapshot.context);
  const submitting = useSelector(payout, (snapshot) => snapshot.hasTag('loading'));
  const errors = context.touched ? localFormErrors(context) : {};
  return (
    <form
      className="tw-payout__form"
      aria-label={t('payout.local_title')}
      onSubmit={(event) => {
        event.preventDefault();
        payout.send({ type: 'payout.submit' });
      }}
    >
      <p className="tw-muted">{t('payout.local_text')}</p>
      <FormField
        label={t('payout.legal_name')}
        autoComplete="name"
        value={context.legalName}
        error={errors.legalName}
        status={errors.legalName ? 'error' : 'default'}
        onValueChange={(value) => payout.send({ type: 'payout.changeLegalName', value })}
      />
      <FormField
        label={t('payout.bank_last4')}
        inputMode="numeric"
        value={context.bankLast4}
        error={errors.bankLast4}
        status={errors.bankLast4 ? 'error' : 'default'}
        onValueChange={(value) => payout.send({ type: 'payout.changeBankLast4', value })}
      />
      <Button type="submit" loading={submitting}>
        {t('payout.submit')}
      </Button>
    </form>
  );
}

/** Stripe's account onboarding, themed like the wallet (light/dark, 12 px radius); its exit re-reads the account. */
function StripeOnboarding({ payout }: { payout: PayoutActor }): ReactElement {
  const account = useSelector(payout, (snapshot) => snapshot.context.account);
  const hostRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!account?.publishableKey || !account.clientSecret) return;
    let cancelled = false;
    let element: HTMLElement | null = null;
    const dark = resolveTheme(readThemeSetting(), systemPrefersDark()) === 'dark';
    void import('@stripe/connect-js').then(({ loadConnectAndInitialize }) => {
      if (cancelled) return;
      const instance = loadConnectAndInitialize({
        publishableKey: account.publishableKey!,
        fetchClientSecret: async () => account.clientSecret,
        appearance: {
          overlays: 'dialog',
          variables: dark
            ? { borderRadius: '12px', colorPrimary: '#8b85ff', colorBackground: '#1b1e25', colorText: '#eceef3' }
            : { borderRadius: '12px', colorPrimary: '#4f46e5', colorBackground: '#ffffff', colorText: '#1f2330' },
        },
      });
      const onboarding = instance.create('account-onboarding');
      onboarding.setOnExit(() => payout.send({ type: 'payout.exited' }));
      element = onboarding;
      hostRef.current?.append(onboarding);
    });
    return () => {
      cancelled = true;
      element?.remove();
    };
  }, [account?.publishableKey, account?.clientSecret, payout]);
  return <div ref={hostRef} className="tw-payout__stripe" aria-label={t('payout.stripe_title')} />;
}
