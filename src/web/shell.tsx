// The wallet frame: the launcher while closed; header, the panel's screen, footer and the HUB while open.
import { useSelector } from '@xstate/react';
import type { ReactElement } from 'react';
import { launcherRoute, type PanelTab } from '../../machines/panel.location';
import {
  selectIsHubVisible,
  selectIsOpen,
  selectLanguage,
  selectScreen,
  selectTab,
} from '../../machines/panel.selectors';
import { selectIsSignedIn, selectUser } from '../../machines/session.selectors';
import { Footer } from './components/footer';
import { getAppLink, Header } from './components/header';
import { Icon } from './components/icons';
import { useDocumentTitle } from './document-title';
import { t } from './i18n';
import { HubScreen } from './screens/hub-screen';
import { LoginScreen } from './screens/login-screen';
import { MyTicketsScreen } from './screens/my-tickets-screen';
import { OtpScreen } from './screens/otp-screen';
import { PersonalDataScreen } from './screens/personal-data-screen';
import { PlaceholderScreen } from './screens/placeholder-screen';
import { QrScreen } from './screens/qr-screen';
import { TicketScreen } from './screens/ticket-screen';
import type { ThemeSetting } from './theme-setting';
import { useWalletConfig } from './wallet-config';
import { useWallet } from './wallet-config';

interface ShellProps {
  theme: ThemeSetting;
  onThemeChange: (theme: ThemeSetting) => void;
}

export function Shell({ theme, onThemeChange }: ShellProps): ReactElement {
  const { panel, session } = useWallet();
  const config = useWalletConfig();
  const open = useSelector(panel, selectIsOpen);
  const tab = useSelector(panel, selectTab);
  const screen = useSelector(panel, selectScreen);
  const hubVisible = useSelector(panel, selectIsHubVisible);
  const language = useSelector(panel, selectLanguage);
  const signedIn = useSelector(session, selectIsSignedIn);
  const user = useSelector(session, selectUser);
  const siteName = config.orgName ?? t('app.name');
  // The title names what is on top: the HUB while it covers the panel.
  useDocumentTitle(hubVisible ? 'HUB' : screen, open, siteName);

  if (!open) {
    return (
      <button type="button" className="tw-launcher" onClick={() => panel.send({ type: 'panel.open', ...launcherRoute })}>
        <Icon name="wallet" size={20} />
        <span>{t('launcher.open')}</span>
      </button>
    );
  }
  const close = () => panel.send({ type: 'panel.close' });
  return (
    // The open wallet covers the host page and stops it scrolling: a modal dialog named after the site. (A <main>
    // would be a second main landmark on the host page.)
    <div className="tw-panel" role="dialog" aria-modal="true" aria-label={siteName} data-screen={screen ?? undefined}>
      <div className="tw-frame" inert={hubVisible || undefined}>
      <Header
        orgName={config.orgName}
        orgLogo={config.orgLogo}
        onLogoClick={close}
        getAppHref={getAppLink(config.siteUrl, language, window.location.origin)}
        onGetAppClose={close}
        user={signedIn ? { picture: user?.picture ?? null, givenName: user?.givenName ?? null, familyName: user?.familyName ?? null } : undefined}
        onAvatarClick={() => panel.send({ type: 'panel.openHub' })}
      />
      <div className="tw-main">
        {tab ? <PanelContent key={tab} tab={tab} /> : null}
      </div>
      <Footer
        locale={language}
        onLocaleChange={(lang) => panel.send({ type: 'panel.changeLanguage', lang })}
        theme={theme}
        onThemeChange={onThemeChange}
        orgName={config.orgName}
      />
      </div>
      {hubVisible ? <HubScreen /> : null}
    </div>
  );
}

function PanelContent({ tab }: { tab: PanelTab }): ReactElement {
  switch (tab) {
    case 'LOGIN':
      return <LoginScreen />;
    case 'OTP':
      return <OtpScreen />;
    case 'PERSONAL_DATA':
      return <PersonalDataScreen />;
    case 'QR':
      return <QrScreen />;
    case 'MY_TICKET':
      return <MyTicketsScreen />;
    case 'TICKET':
      return <TicketScreen />;
    default:
      return <PlaceholderScreen screen={tab} />;
  }
}
