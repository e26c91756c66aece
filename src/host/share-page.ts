// The resale share page ({publicBaseUrl}/resale/{shareCode}) on the demo ticket site: what is on sale, by whom, for
// how much, and a Buy form. Rendered by the server (src/server/modules/share-page) in the reader's language; its
// behaviour is src/host/share-page.client.js (same origin as the wallet: it reads the wallet's access token from
// localStorage, see docs/decisions/0034-resell-listings-share-page-and-payouts.md). The embedded wallet (<script src="/embed.js">) signs the buyer in.
import { formatEventMoment } from '../contract/dates';
import type { PublicListing } from '../contract/entities';
import { escapeHtml, scriptJson, type Translate } from './page-html';
import { demoAccountScript, embedScript, type SiteOrganisation, siteFooter, siteHead, siteHeader } from './site-layout';

/** The site the page is part of: its organisation (header, embed tag) and whether live inspection is allowed. */
export interface ShareSite {
  organisation: SiteOrganisation;
  inspect?: boolean;
  /** The demo's "signed-in site user" (DEMO_SITE_SIGN_IN): the header's control, as on the site's other pages. */
  demoSignIn?: boolean;
}


const money = (amount: number, symbol: string) => `${symbol}${amount.toFixed(2)}`;

/** The strings the page's script needs (its states and the purchase call's error codes). */
export const sharePageScriptKeys = [
  'share_page.sign_in',
  'share_page.buy',
  'share_page.buying',
  'share_page.bought',
  'share_page.open_wallet',
  'share_page.own_listing',
  'api.resell.own_listing',
  'api.resell.not_enough_on_sale',
  'api.resell.listing_not_found',
  'api.payment.declined',
  'api.payment.processing',
  'api.payment.provider_unavailable',
  'api.payment.stripe_not_configured',
  'share_page.continue',
  'share_page.pay',
  'api.internal_error',
] as const;

/** The local provider's test methods offered without Stripe (LOCAL_TEST_METHODS in src/server/adapters/payments.ts), with their labels. */
export const localTestMethods = [
  ['pm_card_visa', 'share_page.card_visa'],
  ['pm_card_chargeDeclined', 'share_page.card_declined'],
  ['pm_card_createDispute', 'share_page.card_disputed'],
  ['pm_au_becs_debit_000123456', 'share_page.becs_succeeds'],
  ['pm_au_becs_debit_111111113', 'share_page.becs_fails'],
] as const;

/** Why a listing cannot be bought, or null when it can. */
export function refusalKey(listing: PublicListing): string | null {
  if (listing.status === 'sold') return 'share_page.sold';
  if (listing.status === 'unlisted') return 'share_page.unlisted';
  return null;
}

/**
 * The page. With `stripeKey` (payments through Stripe) the form asks for the quantity, then mounts Stripe's Payment
 * Element for the PaymentIntent the server makes; without it, the local provider's test methods are offered (Stripe's
 * test numbers, with the hint saying so).
 */
export function sharePageHtml(
  listing: PublicListing,
  lang: 'en' | 'es',
  t: Translate,
  {
    stripeKey,
    template = t,
    site = { organisation: { name: t('app.name'), logoUrl: null } },
  }: { stripeKey?: string | undefined; /** Strings with placeholders kept, for the script. */ template?: Translate; site?: ShareSite } = {},
): string {
  const when = formatEventMoment(listing.eventStartDateTime, { locale: lang, tz: listing.eventTimeZone });
  const refusal = refusalKey(listing);
  const strings = Object.fromEntries(sharePageScriptKeys.map((key) => [key, template(key)]));
  const options = Array.from({ length: listing.quantity }, (_, index) => `<option value="${index + 1}">${index + 1}</option>`).join('');
  return `<!doctype html>
<html lang="${lang}">
<head>
${siteHead({ title: t('share_page.title', { ticket: listing.ticketName }), stylesheet: '/resale-page.css' })}
</head>
<body>
${siteHeader({ lang, t, organisation: site.organisation, path: '', languageHref: (code) => `/resale/${encodeURIComponent(listing.shareCode)}?lang=${code}`, demoSignIn: site.demoSignIn ?? false })}
<main class="share" id="content" tabindex="-1">
  <p class="site-kicker">${escapeHtml(t('share_page.kicker'))}</p>
  <h1>${escapeHtml(listing.eventName)}</h1>
  <p class="share__when">${escapeHtml(when)} · ${escapeHtml(listing.eventVenue)}</p>
  <section class="share__card" aria-labelledby="share-ticket">
    ${listing.ticketLogo ? `<img class="share__logo" src="${escapeHtml(listing.ticketLogo)}" alt="" width="56" height="56" />` : ''}
    <div>
      <h2 id="share-ticket">${escapeHtml(listing.ticketName)}</h2>
      <p>${escapeHtml(t('share_page.seller', { seller: listing.sellerNickname }))}</p>
    </div>
    <dl class="share__facts">
      <dt>${escapeHtml(t('share_page.price'))}</dt><dd data-price>${money(listing.price, listing.currencySymbol)}</dd>
      <dt>${escapeHtml(t('share_page.original_price'))}</dt><dd>${money(listing.originalPrice, listing.currencySymbol)}</dd>
      <dt>${escapeHtml(t('share_page.service_fee'))}</dt><dd>${money(listing.serviceFee, listing.currencySymbol)}</dd>
      <dt>${escapeHtml(t('share_page.total'))}</dt><dd>${money(listing.totalPrice, listing.currencySymbol)} ${escapeHtml(listing.currencyCode)}</dd>
      ${
        listing.status === 'sold' && listing.quantity === 0
          ? `<dt>${escapeHtml(t('share_page.quantity'))}</dt><dd data-quantity><span class="share__badge">${escapeHtml(t('share_page.sold_badge'))}</span></dd>`
          : `<dt>${escapeHtml(t('share_page.quantity'))}</dt><dd data-quantity>${listing.quantity}</dd>`
      }
    </dl>
  </section>
  ${
    refusal
      ? `<p class="share__refusal" role="status">${escapeHtml(t(refusal))}</p>`
      : `<form class="share__buy" id="share-buy" data-share-code="${escapeHtml(listing.shareCode)}" data-lang="${lang}"${
          stripeKey ? ` data-stripe-key="${escapeHtml(stripeKey)}"` : ''
        } data-total="${listing.totalPrice}" data-symbol="${escapeHtml(listing.currencySymbol)}" hidden>
    <label>${escapeHtml(t('share_page.quantity'))} <select name="quantity">${options}</select></label>
    ${
      stripeKey
        ? `<div class="share__stripe" id="share-card" role="group" aria-label="${escapeHtml(t('share_page.card'))}" hidden></div>
    <button type="submit">${escapeHtml(t('share_page.continue'))}</button>`
        : `<label>${escapeHtml(t('share_page.card'))}
      <select name="paymentMethod" aria-describedby="share-message">
        ${localTestMethods.map(([value, key]) => `<option value="${value}">${escapeHtml(t(key))}</option>`).join('\n        ')}
      </select>
    </label>
    <p class="share__hint">${escapeHtml(t('share_page.test_hint'))}</p>
    <button type="submit">${escapeHtml(t('share_page.buy'))}</button>`
    }
  </form>
  <button type="button" class="share__sign-in" id="share-sign-in" hidden>${escapeHtml(t('share_page.sign_in'))}</button>
  <p class="share__message" id="share-message" role="status" aria-live="polite" tabindex="-1"></p>`
  }
</main>
${siteFooter({ t, organisation: site.organisation })}
<script type="application/json" id="share-strings">${scriptJson(strings)}</script>
<script src="/resale-page.js" defer></script>
${demoAccountScript(site.demoSignIn)}${embedScript({ ...site, lang })}
</body>
</html>`;
}

/** The page of an unknown share code. */
export function shareNotFoundHtml(lang: 'en' | 'es', t: Translate, site: ShareSite = { organisation: { name: t('app.name'), logoUrl: null } }): string {
  return `<!doctype html><html lang="${lang}"><head>${siteHead({ title: t('share_page.not_found'), stylesheet: '/resale-page.css' })}</head><body>${siteHeader({ lang, t, organisation: site.organisation, path: '/', demoSignIn: site.demoSignIn ?? false })}<main class="share" id="content" tabindex="-1"><h1>${escapeHtml(t('share_page.not_found'))}</h1><p><a href="/${lang}/">${escapeHtml(t('site.nav_events'))}</a></p></main>${siteFooter({ t, organisation: site.organisation })}${demoAccountScript(site.demoSignIn)}${embedScript({ ...site, lang })}</body></html>`;
}
