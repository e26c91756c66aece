// Panel header: organisation logo and name (closes the flow), Get the app, and the avatar that opens the hub.
import { type MouseEvent, type ReactElement, useState } from 'react';
import { initialsOf } from '../../../machines/session.selectors';
import { Avatar } from './identity';
import { Skeleton } from './skeleton';
import { Button } from './button';
import { Icon } from './icons';
import headerCss from 'bundle-text:./header.css';
import { registerStyles } from '../style-sheets';
import { i18n } from '../i18n';
import { iconPath } from './icon-paths' with { type: 'macro' };

registerStyles(headerCss);

/**
 * Get the app leads to the main ticket site in the page's language; on that site already (or with no site
 * configured) there is nowhere to go, so the button closes the wallet instead.
 */
export function getAppLink(siteUrl: string | undefined, language: string, currentOrigin: string): string | undefined {
  if (!siteUrl) return undefined;
  let site: URL;
  try {
    site = new URL(siteUrl, currentOrigin);
  } catch {
    return undefined;
  }
  if (site.origin === currentOrigin) return undefined;
  return `${site.origin}${site.pathname.replace(/\/+$/, '')}/${language}/`;
}

/** Up to two capital letters from the organisation's name: "Harbour Lights Festival" → "HL". */
export function orgInitials(name: string): string {
  const letters = name
    .split(/\s+/)
    .map((word) => word.match(/\p{L}|\p{N}/u)?.[0] ?? '')
    .filter(Boolean);
  return (letters.slice(0, 2).join('') || '?').toUpperCase();
}

/** The logo (data-org-logo); one that fails to load gives way to the name's initials, no logo at all to the ticket mark. */
function BrandMark({ name, logo }: { name: string; logo: string | undefined }): ReactElement {
  const [failed, setFailed] = useState<string | null>(null);
  if (logo && failed !== logo) return <img className="tw-brand__logo" src={logo} alt="" onError={() => setFailed(logo)} />;
  if (logo) {
    return (
      <span className="tw-icon-tile tw-icon-tile--32 tw-icon-tile--brand tw-brand__initials" aria-hidden="true" data-initials>
        {orgInitials(name)}
      </span>
    );
  }
  return (
    <span className="tw-icon-tile tw-icon-tile--32 tw-icon-tile--brand" aria-hidden="true">
      <Icon path={iconPath('ticket')} size={18} />
    </span>
  );
}

interface HeaderProps {
  orgName?: string | undefined;
  orgLogo?: string | undefined;
  onLogoClick: () => void;
  /** Where Get the app leads; absent when the wallet already sits on the main ticket site (it then closes). */
  getAppHref: string | undefined;
  onGetAppClose: () => void;
  /** The signed-in user's avatar; 'loading' while the profile loads (a skeleton, never "AA"); absent when signed out. */
  user?: { picture: string | null; givenName: string | null; familyName: string | null } | 'loading' | undefined;
  onAvatarClick: () => void;
  /** The visible close button (the brand closes too). */
  onClose: () => void;
}

/**
 * The buttons that close the wallet keep the focus where it is on a mouse press: a flow asked to close in the middle
 * of something asks "Discard?" first, and a field that lost the focus to the press would count as left (red) behind
 * the question. The click still closes; the keyboard path never moves the focus.
 */
const keepFocus = (event: MouseEvent) => event.preventDefault();

export function Header({ orgName, orgLogo, onLogoClick, getAppHref, onGetAppClose, user, onAvatarClick, onClose }: HeaderProps): ReactElement {
  const name = orgName ?? i18n.t('app.name');
  return (
    <header className="tw-header">
      <div className="tw-header__inner">
        <button type="button" className="tw-brand" onClick={onLogoClick} onMouseDown={keepFocus} aria-label={i18n.t('header.close', { name })} title={name}>
          <BrandMark name={name} logo={orgLogo} />
          <span className="tw-brand__name">{name}</span>
        </button>
        <div className="tw-header__actions">
          {getAppHref ? (
            <a className="tw-button tw-button--secondary tw-button--small" href={getAppHref} target="_blank" rel="noopener" title={i18n.t('header.get_app')}>
              <Icon path={iconPath('phone')} size={16} />
              <span>{i18n.t('header.get_app')}</span>
            </a>
          ) : (
            <Button variant="secondary" size="small" icon={<Icon path={iconPath('phone')} size={16} />} onClick={onGetAppClose} title={i18n.t('header.get_app')}>
              {i18n.t('header.get_app')}
            </Button>
          )}
          {user ? (
            <button
              type="button"
              className="tw-avatar-button"
              onClick={onAvatarClick}
              // The name starts with the initials the button shows (WCAG 2.5.3, label in name); while the profile
              // loads the button shows a skeleton (never a placeholder "AA") and still opens the menu.
              aria-label={user === 'loading' ? i18n.t('header.open_hub_plain') : i18n.t('header.open_hub', { initials: initialsOf(user) })}
              aria-haspopup="dialog"
            >
              {user === 'loading' ? (
                <Skeleton circle width={36} height={36} />
              ) : (
                <Avatar picture={user.picture} givenName={user.givenName} familyName={user.familyName} size={36} />
              )}
            </button>
          ) : null}
          <button type="button" className="tw-icon-button tw-header__close" onClick={onClose} onMouseDown={keepFocus} aria-label={i18n.t('header.close_wallet')} title={i18n.t('header.close_wallet')}>
            <Icon path={iconPath('close')} size={22} />
          </button>
        </div>
      </div>
    </header>
  );
}
