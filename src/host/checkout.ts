// The swap checkout ({site}/{locale}/{slug}/checkout/{orderIdentifier}?redirectDomain=…&origin=ticket_swap, docs/product.md §7)
// on the demo ticket site. The server renders an empty frame in the page's language with what the page needs to know
// (the order's identifier, where to go when done — already checked by safeRedirect —, the Stripe publishable key when
// payments go through Stripe, and the strings); src/host/checkout.client.js loads the order with the wallet's access
// token (same origin, localStorage) and shows it, then pays an UPGRADE, confirms a DOWNGRADE or cancels. Order data is
// only ever written with textContent, never as HTML.
import { escapeHtml, scriptJson, type Translate } from './page-html';

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
  'checkout.held_until',
  'checkout.card_legend',
  'checkout.card_visa',
  'checkout.card_declined',
  'checkout.test_mode',
  'checkout.card_details',
  'checkout.pay',
  'checkout.paying',
  'checkout.declined',
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
}

/** `template` gives a string with its {{placeholders}} kept: the script fills them. */
export function checkoutHtml(page: CheckoutPage, t: Translate, template: (key: string) => string): string {
  const strings = Object.fromEntries(checkoutScriptKeys.map((key) => [key, template(key)]));
  const data = { order: page.orderIdentifier, redirect: page.redirect, lang: page.lang, stripeKey: page.stripePublishableKey ?? null };
  return `<!doctype html>
<html lang="${page.lang}">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" />
<title>${escapeHtml(t('checkout.title'))}</title>
<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Crect width='16' height='16' rx='4' fill='%234f46e5'/%3E%3C/svg%3E" />
<link rel="stylesheet" href="/checkout-page.css" />
</head>
<body>
<main class="checkout" aria-busy="true">
  <p class="site-kicker">${escapeHtml(t('checkout.kicker'))}</p>
  <h1 tabindex="-1">${escapeHtml(t('checkout.heading'))}</h1>
  <p class="checkout__status" id="checkout-status" role="status" aria-live="polite">${escapeHtml(t('checkout.loading'))}</p>
  <div id="checkout-body"></div>
  <noscript><p class="checkout__status">JavaScript is needed to pay. / Se necesita JavaScript para pagar.</p></noscript>
</main>
<script type="application/json" id="checkout-data">${scriptJson(data)}</script>
<script type="application/json" id="checkout-strings">${scriptJson(strings)}</script>
<script src="/checkout-page.js" defer></script>
<script src="/embed.js" defer></script>
</body>
</html>`;
}
