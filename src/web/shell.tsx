// The wallet frame: the launcher while closed; header, the panel's screen (its own chunk, loaded on demand), footer
// and the HUB while open. The router lives in the wallet actor; this only draws what its snapshot says.
import { useSelector } from '@xstate/react';
import { type KeyboardEvent, type ReactElement, type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import {
  selectFlowCrashed,
  selectIsHubReady,
  selectIsHubVisible,
  selectIsOpen,
  selectIsSignedIn,
  selectLanguage,
  selectPanelFailed,
  selectPanelReady,
  selectTab,
  selectTitleScreen,
} from '../../machines/panel.selectors';
import { selectIsUserLoading, selectUser } from '../../machines/session.selectors';
import { loadedScreen } from './panels';
import { launcherRoute, type PanelTab } from '../../machines/tabs';
import { Button } from './components/button';
import './components/card';
import { Footer } from './components/footer';
import { getAppLink, Header } from './components/header';
import { Icon } from './components/icons';
import { PanelSkeleton } from './components/panel-skeleton';
import { useDocumentTitle } from './document-title';
import { markFirstPanel } from './first-panel';
import { keepTabInside } from './focus-trap';
import { useKeepFocus } from './use-keep-focus';
import type { ThemeSetting } from './theme-setting';
import { useChild, useWallet, useWalletConfig } from './wallet-config';
import shellCss from 'bundle-text:./shell.css';
import { registerStyles } from './style-sheets';
import { i18n } from './i18n';
import { iconPath } from './components/icon-paths' with { type: 'macro' };

registerStyles(shellCss);

interface ShellProps {
  theme: ThemeSetting;
  onThemeChange: (theme: ThemeSetting) => void;
}

export function Shell({ theme, onThemeChange }: ShellProps): ReactElement {
  const wallet = useWallet();
  const config = useWalletConfig();
  const open = useSelector(wallet, selectIsOpen);
  const tab = useSelector(wallet, selectTab);
  const titleScreen = useSelector(wallet, selectTitleScreen);
  const hubVisible = useSelector(wallet, selectIsHubVisible);
  // The HUB is a chunk of its own, downloaded by the router when it opens: a signed-out visitor never needs it.
  const hubReady = useSelector(wallet, selectIsHubReady);
  const Hub = hubVisible && hubReady ? loadedScreen('HUB') : undefined;
  const language = useSelector(wallet, selectLanguage);
  const signedIn = useSelector(wallet, selectIsSignedIn);
  const session = useChild('session');
  const user = useSelector(session, selectUser);
  const userLoading = useSelector(session, selectIsUserLoading);
  const siteName = config.orgName ?? i18n.t('app.name');
  useDocumentTitle(titleScreen, open, siteName);
  const panelRef = useRef<HTMLDivElement>(null);
  const launcherRef = useRef<HTMLButtonElement>(null);
  useFocusReturn(open, launcherRef);
  useKeepFocus(open, panelRef);

  if (!open) {
    return (
      <button
        ref={launcherRef}
        type="button"
        className="tw-launcher"
        onClick={() => wallet.send({ type: 'panel.open', ...launcherRoute })}
      >
        <Icon path={iconPath('wallet')} size={20} />
        <span>{i18n.t('launcher.open')}</span>
      </button>
    );
  }
  const close = () => wallet.send({ type: 'panel.close' });
  // A modal dialog: Tab stays inside (the HUB, a modal and the menus keep their own keys), Escape closes the wallet
  // once nothing inside it has taken the key (the HUB and modals close first, menus and tips too).
  const onKeyDown = (event: KeyboardEvent) => {
    const panel = panelRef.current;
    if (!panel || event.defaultPrevented || hubVisible) return;
    if ((event.target as Element).closest('[role="dialog"], [role="alertdialog"]') !== panel) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else {
      keepTabInside(panel, event);
    }
  };
  return (
    // The open wallet covers the host page and stops it scrolling: a modal dialog named after the site. (A <main>
    // would be a second main landmark on the host page.)
    <div
      ref={panelRef}
      className="tw-panel"
      role="dialog"
      aria-modal="true"
      aria-label={siteName}
      data-screen={tab ?? undefined}
      onKeyDown={onKeyDown}
    >
      <div className="tw-frame" inert={hubVisible || undefined}>
        <Header
          orgName={config.orgName}
          orgLogo={config.orgLogo}
          onLogoClick={close}
          getAppHref={getAppLink(config.siteUrl, language, window.location.origin)}
          onGetAppClose={close}
          user={signedIn ? (userLoading && !user ? 'loading' : { picture: user?.picture ?? null, givenName: user?.givenName ?? null, familyName: user?.familyName ?? null }) : undefined}
          onAvatarClick={() => wallet.send({ type: 'panel.openHub' })}
          onClose={close}
        />
        <div className="tw-main">
          {tab && isPassTab(tab) ? <PassNav current={tab} onOpen={(next) => wallet.send({ type: 'panel.open', tab: next })} /> : null}
          {tab ? <PanelContent key={tab} tab={tab} hubOpen={hubVisible} /> : null}
        </div>
        <Footer
          locale={language}
          // The host page that chose the language (data-locale, open({ locale })) offers its own choice.
          onLocaleChange={config.locale ? undefined : (lang) => wallet.send({ type: 'panel.changeLanguage', lang })}
          theme={theme}
          onThemeChange={onThemeChange}
          orgName={config.orgName}
        />
      </div>
      {Hub ? <Hub /> : null}
    </div>
  );
}

/** The two panels a person moves between most: the entry QR and the ticket list, one tap apart without the HUB. */
const passTabs = [
  { tab: 'QR', label: 'nav.qr', icon: iconPath('qr') },
  { tab: 'MY_TICKET', label: 'nav.tickets', icon: iconPath('ticket') },
] as const;
type PassTab = (typeof passTabs)[number]['tab'];
const isPassTab = (tab: PanelTab): tab is PassTab => passTabs.some((entry) => entry.tab === tab);

function PassNav({ current, onOpen }: { current: PassTab; onOpen: (tab: PassTab) => void }): ReactElement {
  return (
    <nav className="tw-pass-nav" aria-label={i18n.t('nav.label')}>
      {passTabs.map((entry) => (
        <button
          key={entry.tab}
          type="button"
          className="tw-pass-nav__item"
          aria-current={entry.tab === current ? 'page' : undefined}
          onClick={() => entry.tab !== current && onOpen(entry.tab)}
        >
          <Icon path={entry.icon} size={18} />
          {i18n.t(entry.label)}
        </button>
      ))}
    </nav>
  );
}

/**
 * The open panel's screen once the router has its chunks (the screen's and its flow's machine), else a skeleton of
 * it; Try again when a download failed (the HUB's too, when it is open over the panel); "Something went wrong" with
 * Try again when the panel's flow crashed. The router does the downloading (machines/router.ts): this only draws.
 */
function PanelContent({ tab, hubOpen }: { tab: PanelTab; hubOpen: boolean }): ReactElement {
  const wallet = useWallet();
  const ready = useSelector(wallet, selectPanelReady);
  const failed = useSelector(wallet, selectPanelFailed);
  const crashed = useSelector(wallet, selectFlowCrashed);
  const Screen = ready ? loadedScreen(tab) : undefined;
  // The first panel is on screen: mark it (the bench and real-user monitoring read the mark). The router meanwhile
  // has its other chunks downloaded ahead (the wallet's `prefetch` actor).
  const contentRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ready) markFirstPanel();
  }, [ready]);
  useEffect(() => {
    if (ready && !hubOpen) focusPanel(contentRef.current);
  }, [ready, hubOpen]);
  if (failed || crashed) {
    return (
      <section className="tw-card tw-state-card" role="alert">
        <span className="tw-icon-tile tw-icon-tile--56 tw-icon-tile--danger tw-state-card__icon" aria-hidden="true">
          <Icon path={iconPath('alert')} size={24} />
        </span>
        <p className="tw-state-card__title">{i18n.t(crashed ? 'screen.crashed' : 'screen.load_failed')}</p>
        <Button variant="secondary" icon={<Icon path={iconPath('refresh')} size={18} />} onClick={() => wallet.send({ type: 'panel.retryFlow' })}>
          {i18n.t('common.retry')}
        </Button>
      </section>
    );
  }
  return <div ref={contentRef} className="tw-panel-content">{Screen ? <Screen /> : <PanelSkeleton />}</div>;
}

/**
 * A panel has opened (or another replaced it): the focus goes into it, unless the person already is somewhere in
 * the wallet (a field, the tickets/QR switch). A single-form screen focuses its first field, any other its heading.
 */
function focusPanel(content: HTMLElement | null): void {
  const dialog = content?.closest<HTMLElement>('[role="dialog"]');
  if (!content || !dialog) return;
  const active = (dialog.getRootNode() as Document | ShadowRoot).activeElement;
  if (active && active !== dialog && dialog.contains(active)) return;
  const field = content.querySelector<HTMLElement>('[data-focus-first] :is(input, select, textarea):not([disabled])');
  const heading = content.querySelector<HTMLElement>('h1');
  if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  (field ?? heading)?.focus({ preventScroll: true });
}

/**
 * When the wallet closes, the focus goes back to what opened it: the element of the host page that had it, or the
 * launcher (the launcher is replaced by the panel while it is open). Nothing moves the focus on the first render.
 */
function useFocusReturn(open: boolean, launcher: RefObject<HTMLButtonElement | null>): void {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(open);
  useLayoutEffect(() => {
    if (open && !wasOpen.current) {
      const active = document.activeElement;
      // Focus inside our shadow root shows as its host: that was the launcher.
      opener.current = active instanceof HTMLElement && active !== document.body && !active.shadowRoot ? active : null;
    } else if (!open && wasOpen.current) {
      const target = opener.current?.isConnected ? opener.current : launcher.current;
      target?.focus({ preventScroll: true });
      opener.current = null;
    }
    wasOpen.current = open;
  }, [open, launcher]);
}
