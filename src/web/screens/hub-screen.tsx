// HUB overlay (Welcome): profile card, tiles to every panel, Logout with a confirmation, and a close button
// that fades the hub out (the 300 ms delay is the panel machine's; reduced motion skips the fade in CSS).
import '../components/card';
import { Avatar, HashedName } from '../components/identity';
import { Button } from '../components/button';
import { Icon } from '../components/icons';
import { keepTabInside } from '../focus-trap';
import { registerStyles } from '../style-sheets';
import { selectUser } from '../../../machines/session.selectors';
import { Skeleton } from '../components/skeleton';
import { useChild, useWallet } from '../wallet-config';
import { useSelector } from '@xstate/react';
import { selectIsHubFading } from '../../../machines/panel.screen-selectors';
import { type ReactElement, useEffect, useRef } from 'react';
import { selectIsLoggingOut, selectIsLogoutModalOpen } from '../../../machines/logout.selectors';
import { Modal } from '../components/modal';
import { type HubPlace, type HubTarget, hubTiles } from '../panels';
import { screenStrings } from '../locale-strings' with { type: 'macro' };
import hubScreenCss from 'bundle-text:./hub-screen.css';
import { i18n, strings } from '../i18n';
import { iconPath } from '../components/icon-paths' with { type: 'macro' };

i18n.set('en', strings('en', screenStrings('HUB')));
registerStyles(hubScreenCss);

export default function HubScreen(): ReactElement {
  const wallet = useWallet();
  const user = useSelector(useChild('session'), selectUser);
  const closing = useSelector(wallet, selectIsHubFading);
  // The logout flow runs while the HUB shows (not while it fades out), once its machine has downloaded; if the
  // download failed, Logout asks for it again.
  const logout = useChild('logout');
  const logoutOpen = useSelector(logout, (snapshot) => (snapshot ? selectIsLogoutModalOpen(snapshot) : false));
  const loggingOut = useSelector(logout, (snapshot) => (snapshot ? selectIsLoggingOut(snapshot) : false));
  return (
    <HubView
      profile={user ?? undefined}
      closing={closing}
      logoutOpen={logoutOpen}
      loggingOut={loggingOut}
      onOpen={(tab) => wallet.send({ type: 'panel.open', tab })}
      onClose={() => wallet.send({ type: 'panel.closeHub' })}
      onLogout={() => (logout ? logout.send({ type: 'logout.open' }) : wallet.send({ type: 'panel.retryFlow' }))}
      onLogoutConfirm={() => logout?.send({ type: 'logout.confirm' })}
      onLogoutCancel={() => logout?.send({ type: 'logout.cancel' })}
    />
  );
}

export type { HubTarget };

export interface HubProfile {
  nickname: string;
  uniqueID: string;
  email: string;
  picture: string | null;
  givenName: string | null;
  familyName: string | null;
}

export interface HubViewProps {
  profile: HubProfile | undefined;
  closing: boolean;
  logoutOpen: boolean;
  loggingOut: boolean;
  onOpen: (target: HubTarget) => void;
  onClose: () => void;
  onLogout: () => void;
  onLogoutConfirm: () => void;
  onLogoutCancel: () => void;
}

export function HubView(props: HubViewProps): ReactElement {
  const { profile, onClose } = props;
  const hubRef = useRef<HTMLDivElement>(null);
  // Keyboard users land in the menu when it opens, on its heading.
  useEffect(() => hubRef.current?.querySelector<HTMLElement>('#tw-hub-title')?.focus(), []);
  return (
    <div
      ref={hubRef}
      className="tw-hub"
      role="dialog"
      aria-modal="true"
      aria-labelledby="tw-hub-title"
      tabIndex={-1}
      data-closing={props.closing || undefined}
      onKeyDown={(event) => {
        // The logout confirmation (a dialog of its own) keeps its keys.
        if (event.defaultPrevented || (event.target as Element).closest('[role="dialog"], [role="alertdialog"]') !== hubRef.current) return;
        if (event.key === 'Escape') {
          // The HUB closes, not the wallet behind it.
          event.preventDefault();
          onClose();
        } else if (hubRef.current) {
          keepTabInside(hubRef.current, event);
        }
      }}
    >
      <div className="tw-hub__inner">
        <div className="tw-hub__top">
          <h1 className="tw-title" id="tw-hub-title" tabIndex={-1}>
            {i18n.t('hub.title')}
          </h1>
          <button type="button" className="tw-icon-button" onClick={props.onClose} aria-label={i18n.t('hub.close')}>
            <Icon path={iconPath('close')} size={22} />
          </button>
        </div>

        <div className="tw-card tw-profile">
          {profile ? (
            <>
              <Avatar picture={profile.picture} givenName={profile.givenName} familyName={profile.familyName} size={56} />
              <div className="tw-profile__text">
                <HashedName className="tw-profile__name" value={`${profile.nickname}${profile.uniqueID}`} />
                <span className="tw-profile__email">{profile.email}</span>
              </div>
            </>
          ) : (
            <>
              <Skeleton circle width={56} height={56} />
              <div className="tw-profile__text" style={{ gap: 8 }}>
                <Skeleton width="50%" height={18} label={i18n.t('common.loading')} />
                <Skeleton width="70%" height={14} />
              </div>
            </>
          )}
          {tilesAt('profile').map((tile) => (
            <button key={tile.tab} type="button" className="tw-icon-button" onClick={() => props.onOpen(tile.tab)} aria-label={i18n.t(tile.label)} title={i18n.t(tile.label)}>
              <Icon path={tile.icon} size={20} />
            </button>
          ))}
        </div>

        <div className="tw-tiles">
          {tilesAt('feature').map((tile) => (
            <Tile key={tile.tab} feature icon={tile.icon} label={i18n.t(tile.label)} hint={tile.hint ? i18n.t(tile.hint) : undefined} onSelect={() => props.onOpen(tile.tab)} />
          ))}
        </div>

        <section className="tw-hub__section" aria-labelledby="tw-hub-manage">
          <h2 className="tw-hub__section-title" id="tw-hub-manage">
            {i18n.t('hub.manage')}
          </h2>
          <div className="tw-tiles tw-tiles--three">
            {[...tilesAt('manage'), ...tilesAt('wide')].map((tile) => (
              <Tile key={tile.tab} wide={tile.place === 'wide'} icon={tile.icon} label={i18n.t(tile.label)} onSelect={() => props.onOpen(tile.tab)} />
            ))}
          </div>
        </section>

        <Button variant="ghost" className="tw-logout" icon={<Icon path={iconPath('logout')} size={18} />} onClick={props.onLogout}>
          {i18n.t('hub.logout')}
        </Button>
      </div>

      <Modal
        open={props.logoutOpen}
        role="alertdialog"
        title={i18n.t('logout.title')}
        description={i18n.t('logout.description')}
        onClose={props.onLogoutCancel}
        actions={
          <>
            <Button variant="secondary" onClick={props.onLogoutCancel}>
              {i18n.t('common.cancel')}
            </Button>
            <Button variant="danger" loading={props.loggingOut} onClick={props.onLogoutConfirm}>
              {i18n.t('logout.confirm')}
            </Button>
          </>
        }
      />
    </div>
  );
}

/** The HUB's tiles at one place, in the panel table's order (src/web/panels.ts). */
const tilesAt = (place: HubPlace) => hubTiles.filter((tile) => tile.place === place);

/** A hub tile: icon, label and an optional one-line hint; the whole tile is one button. */
interface TileProps {
  /** Path data: `iconPath(name)`. */
  icon: string;
  label: string;
  hint?: string;
  feature?: boolean;
  /** The whole row of its grid, icon beside the label (Redeem under Gift, Swap and Resell). */
  wide?: boolean;
  onSelect: () => void;
}

export function Tile({ icon, label, hint, feature = false, wide = false, onSelect }: TileProps): ReactElement {
  const modifiers = `${feature ? ' tw-tile--feature' : ''}${wide ? ' tw-tile--wide' : ''}`;
  return (
    <button type="button" className={`tw-card tw-card--flat tw-card--interactive tw-card--lift tw-tile${modifiers}`} onClick={onSelect}>
      <span className="tw-icon-tile tw-icon-tile--40" aria-hidden="true">
        <Icon path={icon} size={22} />
      </span>
      <span className="tw-tile__label">{label}</span>
      {hint ? <span className="tw-tile__hint">{hint}</span> : null}
    </button>
  );
}
