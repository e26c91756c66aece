// The demo ticket site's frame, shared by every page it serves (home, event, help centre, not found, the resale share
// page, the swap checkout): the document head with the theme script, a skip link, the header with the organisation's
// logo (its initials when the image fails), the navigation and the language switch, the footer, and the wallet's
// embed script tag exactly as a real ticket site writes it (docs/embedding.md). The header is a <nav> and the footer a
// named <section>, not <header>/<footer>: the open wallet has its own banner and contentinfo, and a page has one each.
import type { Language } from '../contract/languages';
import { escapeHtml, type Translate } from './page-html';

/** The organisation the site belongs to, as the header and the embed script tag name it. */
export interface SiteOrganisation {
  name: string;
  logoUrl: string | null;
}

/** Which entry of the navigation is the current page. */
export type SiteSection = 'events' | 'help' | null;

export interface SiteFrame {
  lang: Language;
  t: Translate;
  organisation: SiteOrganisation;
  title: string;
  /** The path of this page without its language, e.g. `/events/weekender`: the language switch keeps it. */
  path: string;
  section?: SiteSection;
  /** The address of this page in another language; `/{lang}{path}` when absent. */
  languageHref?: (lang: Language) => string;
  /** The page's own stylesheet (the site pages' when absent) and script (none when absent). */
  stylesheet?: string;
  script?: string;
  /** More <head> content (e.g. `<meta name="robots">`). */
  head?: string;
  /** Whether the page carries the attendee's wallet (the embed script); staff pages such as the door scanner do not. */
  wallet?: boolean;
  /** The server allows live inspection: the embed tag says so (data-inspect, src/visualizer/inspect.ts). */
  inspect?: boolean;
  /** The demo's "signed-in site user" (DEMO_SITE_SIGN_IN): the header's sign-in control and its script. */
  demoSignIn?: boolean;
}

/** Up to two capital letters from the name's words: "Harbour Lights Festival" → "HL". */
export function initialsOf(name: string): string {
  const letters = name
    .split(/\s+/)
    .map((word) => word.match(/\p{L}|\p{N}/u)?.[0] ?? '')
    .filter(Boolean);
  return (letters.slice(0, 2).join('') || '?').toUpperCase();
}

/** The organisation's mark: the logo with the initials behind it (shown when the image fails, site-theme.js). */
function brandMark(organisation: SiteOrganisation): string {
  const initials = `<span class="site-brand__initials" aria-hidden="true">${escapeHtml(initialsOf(organisation.name))}</span>`;
  if (!organisation.logoUrl) return `<span class="site-brand__mark site-brand__mark--initials">${initials}</span>`;
  return `<span class="site-brand__mark">${initials}<img class="site-brand__logo" src="${escapeHtml(organisation.logoUrl)}" alt="" width="36" height="36" data-fallback="initials" /></span>`;
}

const languageLabels: Record<Language, string> = { en: 'English', es: 'Español' };

/**
 * Where the wallet's launcher sits on the site's pages: in the header, in the flow, rather than floating over the
 * page's own controls (a floating button covers a checkout's primary button on a phone whatever space is reserved
 * below the page, as the page scrolls under it). The loader mounts into this element (docs/embedding.md).
 */
const walletSlot = '<ticket-wallet class="site-wallet" data-launcher="inline"></ticket-wallet>';

/**
 * DEMO ONLY: the site's own sign-in, standing in for an organisation's account system. It comes after the launcher
 * (in the header's flow and in the tab order): where the header's one line is too short for both, as in Spanish at
 * 1280 px, it goes to a line of its own below, at the right, and the launcher stays beside the navigation. Signed in, the site hands its
 * visitor to the wallet (TicketWallet.signIn with a token its server signed); signed out, the wallet signs out too
 * (src/host/site-account.client.js). The label's {{name}} is filled in by the script.
 */
function demoAccount(t: Translate): string {
  return `<div class="site-account" data-demo-sign-in data-signed-in="${escapeHtml(t('site.demo_signed_in', { name: '{{name}}' }))}">
      <span class="site-account__who" role="status"></span>
      <button type="button" class="site-account__sign-in">${escapeHtml(t('site.demo_sign_in'))}</button>
      <button type="button" class="site-account__sign-out" hidden>${escapeHtml(t('site.demo_sign_out'))}</button>
    </div>`;
}

export function siteHeader({
  lang,
  t,
  organisation,
  path,
  section = null,
  languageHref = (code) => `/${code}${path}`,
  wallet = true,
  demoSignIn = false,
}: Pick<SiteFrame, 'lang' | 't' | 'organisation' | 'path' | 'section' | 'languageHref' | 'wallet' | 'demoSignIn'>): string {
  const current = (name: SiteSection) => (section === name ? ' aria-current="page"' : '');
  const languages = (Object.keys(languageLabels) as Language[])
    .map((code) =>
      code === lang
        ? `<li><span class="site-lang__current" aria-current="true" lang="${code}">${languageLabels[code]}</span></li>`
        : `<li><a href="${escapeHtml(languageHref(code))}" lang="${code}" hreflang="${code}">${languageLabels[code]}</a></li>`,
    )
    .join('');
  return `<a class="site-skip" href="#content">${escapeHtml(t('site.skip'))}</a>
<div class="site-header">
  <div class="site-header__inner">
    <nav class="site-header__nav" aria-label="${escapeHtml(t('site.nav_label'))}">
      <a class="site-brand" href="/${lang}/">${brandMark(organisation)}<span class="site-brand__name">${escapeHtml(organisation.name)}</span></a>
      <div class="site-nav">
        <ul>
          <li><a href="/${lang}/"${current('events')}>${escapeHtml(t('site.nav_events'))}</a></li>
          <li><a href="/${lang}/help"${current('help')}>${escapeHtml(t('site.nav_help'))}</a></li>
        </ul>
        <ul class="site-lang" aria-label="${escapeHtml(t('site.language'))}">${languages}</ul>
      </div>
    </nav>${wallet ? `\n    ${walletSlot}` : ''}${wallet && demoSignIn ? `\n    ${demoAccount(t)}` : ''}
  </div>
</div>`;
}

export function siteFooter({ t, organisation }: Pick<SiteFrame, 't' | 'organisation'>): string {
  return `<section class="site-footer" aria-label="${escapeHtml(organisation.name)}"><p>${escapeHtml(t('site.footer', { org: organisation.name }))}</p></section>`;
}

/** The embed script tag, as docs/embedding.md shows it to organisers. */
export function embedScript({ organisation, inspect, lang }: Pick<SiteFrame, 'organisation' | 'inspect'> & { lang?: 'en' | 'es' }): string {
  const logo = organisation.logoUrl ? ` data-org-logo="${escapeHtml(organisation.logoUrl)}"` : '';
  // Every page names its language, so its wallet speaks the page's, also where the path does not say it (the share
  // page's ?lang=); the tag is the same on every page of the site.
  const locale = lang ? ` data-locale="${lang}"` : '';
  return `<script src="/embed.js" data-org-name="${escapeHtml(organisation.name)}"${logo}${locale}${inspect ? ' data-inspect="allowed"' : ''} defer></script>`;
}

/**
 * The demo's sign-in control script (/site-account.js) when the header carries the control, else nothing: every page
 * whose header has the control (site pages, the share page, the checkout) loads it before the embed script, whose
 * queue it may fill.
 */
export function demoAccountScript(demoSignIn: boolean | undefined): string {
  return demoSignIn ? '<script src="/site-account.js" defer></script>\n' : '';
}

/** The <head> of a site page: the theme script comes first and blocking, so the page is painted in the right theme. */
export function siteHead({ title, stylesheet = '/site-page.css', head = '' }: Pick<SiteFrame, 'title' | 'stylesheet' | 'head'>): string {
  return `<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Crect width='16' height='16' rx='4' fill='%234f46e5'/%3E%3C/svg%3E" />
<script src="/site-theme.js"></script>
<link rel="stylesheet" href="${stylesheet}" />${head}`;
}

/** A whole page of the site around `main` (the page's <main> element, id="content"). */
export function sitePage(frame: SiteFrame, main: string): string {
  return `<!doctype html>
<html lang="${frame.lang}">
<head>
${siteHead(frame)}
</head>
<body>
${siteHeader(frame)}
${main}
${siteFooter(frame)}
${frame.script ? `<script src="${frame.script}" defer></script>\n` : ''}${frame.wallet === false ? '' : `${demoAccountScript(frame.demoSignIn)}${embedScript(frame)}`}
</body>
</html>`;
}
