// The swap checkout ({site}/{locale}/{slug}/checkout/{orderIdentifier}?redirectDomain=…&origin=ticket_swap, docs/product.md §7)
// on the demo ticket site. The server renders an empty frame in the page's language with what the page needs to know
// (the order's identifier, where to go when done — already checked by safeRedirect —, the Stripe publishable key when
// payments go through Stripe, and the strings); src/host/checkout.client.js loads the order with the wallet's access
// token (same origin, localStorage) and shows it, then pays an UPGRADE, confirms a DOWNGRADE or cancels. Order data is
// only ever written with textContent, never as HTML.
import type { Language } from '../contract/languages';
import { escapeHtml, scriptJson, type Translate } from './page-html';
import { demoAccountScript, embedScript, type SiteOrganisation, siteFooter, siteHead, siteHeader } from './site-layout';

/** The strings the page's script uses: its own and the answers of the swap calls it makes. */
export const checkoutScriptKeys = [
  'checkout.loading',
  'checkout.sign_in_needed',
  'checkout.sign_in',
  'checkout.not_found',
  'checkout.expired',
  'checkout.cancelled',
  'checkout.already_confirmed',
  'checkout.order',
  'checkout.upgrade',
  'checkout.downgrade',
  'checkout.from',
  'checkout.to',
  'checkout.tickets',
  'checkout.amount_due',
  'checkout.amount_lost',
  'checkout.held_until_one',
  'checkout.held_until_other',
  'checkout.card_legend',
  'checkout.card_visa',
  'checkout.card_declined',
  'share_page.becs_succeeds',
  'share_page.becs_fails',
  'checkout.test_mode',
  'checkout.card_details',
  'checkout.pay',
  'checkout.paying',
  'checkout.declined',
  'checkout.payment_failed',
  'api.payment.processing',
  'checkout.downgrade_note',
  'checkout.free_note',
  'checkout.confirm',
  'checkout.confirming',
  'checkout.cancel',
  'checkout.cancelling',
  'checkout.done',
  'checkout.continue',
  'checkout.offline',
  'checkout.try_again',
  'api.auth.hand_over_invalid',
  'api.auth.hand_over_used',
  'api.auth.hand_over_expired',
  'api.auth.hand_over_other_order',
  'api.swap.not_found',
  'api.swap.expired',
  'api.swap.cancelled',
  'api.swap.already_confirmed',
  'api.swap.not_enough_tickets',
  'api.swap.not_allowed',
  'api.swap.payment_required',
  'api.payment.provider_unavailable',
  'api.payment.stripe_not_configured',
  'api.ticket.reserved',
  'api.ticket.listed',
  'api.ticket.used',
  'api.ticket.not_held',
  'api.ticket.event_over',
  'api.internal_error',
] as const;

export interface CheckoutPage {
  orderIdentifier: string;
  /** Where to go when the swap is done (or from a message): safeRedirect's answer. */
  redirect: string;
  lang: 'en' | 'es';
  /** With Stripe payments: the publishable key for Stripe.js. Without: the local provider's test cards. */
  stripePublishableKey?: string | undefined;
  /** The site the page is part of (header, footer, the embed tag); the product's name without one. */
  organisation?: SiteOrganisation;
  inspect?: boolean;
  /** The demo's "signed-in site user" (DEMO_SITE_SIGN_IN): the header's control, as on the site's other pages. */
  demoSignIn?: boolean;
  /** This checkout in another language (the language switch), keeping the accepted redirectDomain and origin. */
  languageHref?: (lang: Language) => string;
}

/** `template` gives a string with its {{placeholders}} kept: the script fills them. */
export function checkoutHtml(page: CheckoutPage, t: Translate, template: (key: string) => string): string {
  const strings = Object.fromEntries(checkoutScriptKeys.map((key) => [key, template(key)]));
  const data = { order: page.orderIdentifier, redirect: page.redirect, lang: page.lang, stripeKey: page.stripePublishableKey ?? null };
  const organisation = page.organisation ?? { name: t('app.name'), logoUrl: null };
  return `<!doctype html>
<html lang="${page.lang}">
<head>
${siteHead({ title: t('checkout.title'), stylesheet: '/checkout-page.css', head: '\n<meta name="robots" content="noindex" />' })}
</head>
<body>
${siteHeader({ lang: page.lang, t, organisation, path: '', demoSignIn: page.demoSignIn ?? false, ...(page.languageHref ? { languageHref: page.languageHref } : {}) })}
<main class="checkout" id="content" tabindex="-1" aria-busy="true">
  <p class="site-kicker">${escapeHtml(t('checkout.kicker'))}</p>
  <h1 tabindex="-1">${escapeHtml(t('checkout.heading'))}</h1>
  <p class="checkout__status" id="checkout-status" role="status" aria-live="polite">${escapeHtml(t('checkout.loading'))}</p>
  <div id="checkout-body"></div>
  <noscript><p class="checkout__status">JavaScript is needed to pay. / Se necesita JavaScript para pagar.</p></noscript>
</main>
${siteFooter({ t, organisation })}
<script type="application/json" id="checkout-data">${scriptJson(data)}</script>
<script type="application/json" id="checkout-strings">${scriptJson(strings)}</script>
<script src="/checkout-page.js" defer></script>
${demoAccountScript(page.demoSignIn)}${embedScript({ organisation, inspect: page.inspect ?? false, lang: page.lang })}
</body>
</html>`;
}
