// SETTINGS: the account tab (picture, nickname, names, phone number) and the payout tab (the verification button).
// The settings machine decides what is possible; the forms are components (settings-account-forms, phone-modal,
// picture-form).
import '../components/card';
import { Button } from '../components/button';
import { Icon } from '../components/icons';
import { PanelSkeleton } from '../components/panel-skeleton';
import { registerStyles } from '../style-sheets';
import { useChild } from '../wallet-config';
import { useSelector } from '@xstate/react';
import type { ReactElement } from 'react';
import type { SettingsActor, SettingsTab } from '../../../machines/settings';
import { selectSettingsStatus, selectSettingsTab } from '../../../machines/settings.selectors';
import { ListTabs } from '../components/list-tabs';
import { PayoutTab } from '../components/payout-tab';
import { PhoneModal } from '../components/phone-modal';
import { PictureForm } from '../components/picture-form';
import { NamesForm, NicknameForm, PhoneRow } from '../components/settings-account-forms';
import { screenStrings } from '../locale-strings' with { type: 'macro' };
import settingsScreenCss from 'bundle-text:./settings-screen.css';
import { i18n, strings } from '../i18n';
import { iconPath } from '../components/icon-paths' with { type: 'macro' };

i18n.set('en', strings('en', screenStrings('SETTINGS')));
registerStyles(settingsScreenCss);

export default function SettingsScreen(): ReactElement {
  const settings = useChild('settings');
  return settings ? <SettingsFlowScreen settings={settings} /> : <PanelSkeleton />;
}

function SettingsFlowScreen({ settings }: { settings: SettingsActor }): ReactElement {
  const status = useSelector(settings, selectSettingsStatus);
  const tab = useSelector(settings, selectSettingsTab);
  const tabs = [
    { value: 'PERSONAL_INFO' as const, label: i18n.t('settings.tab_account') },
    { value: 'ACCOUNT_VERIFICATION' as const, label: i18n.t('settings.tab_payout') },
  ];
  return (
    <section className="tw-screen" aria-labelledby="tw-settings-title" aria-busy={status === 'loading' || undefined}>
      <div className="tw-screen__head">
        <h1 className="tw-title" id="tw-settings-title">
          {i18n.t('title.settings')}
        </h1>
      </div>
      {status === 'loading' ? <PanelSkeleton /> : null}
      {status === 'error' ? (
        <div className="tw-card tw-state-card" role="alert">
          <p>{i18n.t('settings.load_failed')}</p>
          <Button variant="secondary" icon={<Icon path={iconPath('refresh')} size={18} />} onClick={() => settings.send({ type: 'settings.retry' })}>
            {i18n.t('common.retry')}
          </Button>
        </div>
      ) : null}
      {status === 'ready' ? (
        <ListTabs<SettingsTab>
          id="tw-settings"
          label={i18n.t('settings.tabs')}
          tabs={tabs}
          selected={tab}
          onSelect={(next) => settings.send({ type: 'settings.selectTab', tab: next })}
          className="tw-settings__panel"
        >
          {tab === 'PERSONAL_INFO' ? (
            <>
              <PictureForm settings={settings} />
              <NicknameForm settings={settings} />
              <NamesForm settings={settings} />
              <PhoneRow settings={settings} />
              <PhoneModal settings={settings} />
            </>
          ) : (
            <PayoutTab settings={settings} />
          )}
        </ListTabs>
      ) : null}
    </section>
  );
}
