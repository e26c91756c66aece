// The Stripe payment pages in headless Chromium, against a real server configured for Stripe whose Stripe is a local
// stub (tests/support/stripe-stubs.ts) — js.stripe.com and api.stripe.com cannot be reached here. Stripe.js is
// replaced by a small fake served at its address (routed by the browser context): its Payment Element is one card
// number field and its confirmPayment asks the test (through a routed api.stripe.com call) to mark the intent
// succeeded in the stub, or answers a card error for Stripe's declined test number. Everything else is real: the
// pages load "Stripe.js" under the real CSP, ask our server for the PaymentIntent, hand its client secret to Stripe.js
// and report the intent back; our server retrieves it from the stub and settles. connect.js (Stripe Connect's embedded
// onboarding, notification banner and account management) is faked the same way. Covered: alex upgrades a swap on
// the checkout page (declined card, then a good one) and comes back to the wallet with the VIP; alex verifies payouts
// in the Connect onboarding of the Payouts tab, which then shows the notification banner and account management; a
// payout Stripe could not make to alex's bank (a signed Connect `payout.failed`) is told on the tab, in English and
// Spanish, light and dark, desktop and phone; sam buys alex's listing on the share page. Screenshots:
// screenshots/stripe-e2e-*.png.
import Stripe from 'stripe';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStubs, type StripeStubs } from '../support/stripe-stubs';
import { hostUrl, openPage, signIn, signInOnSharePage, useBrowser, walletToken } from './page-helpers';
import { useServer } from './server';

const PUBLISHABLE_KEY = 'pk_test_e2e';
const DECLINED_CARD = '4000 0000 0000 0002';
const GOOD_CARD = '4242 4242 4242 4242';
const CONNECT_WEBHOOK_SECRET = 'whsec_e2e_connect';

/** The fake Stripe.js: the calls our pages make (Stripe(), elements(), create('payment').mount(), confirmPayment()). */
const fakeStripeJs = `
window.Stripe = function (key, options) {
  return {
    elements: function (config) {
      var input;
      return {
        clientSecret: config.clientSecret,
        card: function () { return input.value; },
        create: function () {
          return {
            mount: function (target) {
              var label = document.createElement('label');
              label.textContent = 'Card number';
              input = document.createElement('input');
              input.inputMode = 'numeric';
              label.append(input);
              target.append(label);
            },
          };
        },
      };
    },
    confirmPayment: async function (request) {
      var elements = request.elements;
      var response = await fetch('https://api.stripe.com/v1/fake_confirm', {
        method: 'POST',
        body: JSON.stringify({ key: key, locale: options && options.locale, clientSecret: elements.clientSecret, card: elements.card() }),
      });
      var body = await response.json();
      return body.error ? { error: body.error } : { paymentIntent: body };
    },
  };
};`;

/**
 * The fake connect.js (what @stripe/connect-js loads from connect-js.stripe.com): StripeConnect.init and the
 * account-onboarding, notification-banner and account-management elements. Onboarding's "Submit details" asks the
 * test (a routed api.stripe.com call) to mark the account verified in the stub, then exits, as Stripe's component
 * does when onboarding is done. The other two show a heading; every secret the page hands over is recorded.
 */
const fakeConnectJs = `
window.StripeConnect = window.StripeConnect || {};
window.StripeConnect.init = function (params) {
  window.__connectInit = { publishableKey: params.publishableKey, appearance: params.appearance };
  // As Stripe's connect.js does: the secret @stripe/connect-js already asked for (eagerly, at init) is used first.
  var secret = (params.metaOptions && params.metaOptions.eagerClientSecretPromise) || params.fetchClientSecret();
  secret.then(function (value) { (window.__connectSecrets = window.__connectSecrets || []).push(value); });
  [['notification-banner', 'Stripe notifications (test)'], ['account-management', 'Stripe account management (test)']].forEach(function (pair) {
    if (customElements.get('stripe-connect-' + pair[0])) return;
    customElements.define('stripe-connect-' + pair[0], class extends HTMLElement {
      setConnector() {}
      connectedCallback() {
        if (this.childElementCount) return;
        var heading = document.createElement('h3');
        heading.textContent = pair[1];
        this.append(heading);
      }
    });
  });
  if (!customElements.get('stripe-connect-account-onboarding')) {
    customElements.define('stripe-connect-account-onboarding', class extends HTMLElement {
      setConnector() {}
      setOnExitInternalOnly(callback) { this.onExit = callback; }
      connectedCallback() {
        if (this.childElementCount) return;
        var element = this;
        var heading = document.createElement('h3');
        heading.textContent = 'Stripe onboarding (test)';
        var button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'Submit details';
        button.addEventListener('click', async function () {
          var clientSecret = await secret;
          await fetch('https://api.stripe.com/v1/fake_onboard', { method: 'POST', body: JSON.stringify({ clientSecret: clientSecret }) });
          element.onExit && element.onExit();
        });
        this.append(heading, button);
      }
    });
  }
  return { connect: {}, update: function () {}, logout: function () { return Promise.resolve(); } };
};`;

const browser = useBrowser();
let stubs: StripeStubs;
/** What the fake Stripe.js was asked to confirm: the key and client secret the page gave it. */
const confirmations: Array<{ key: string; clientSecret: string; card: string }> = [];

beforeAll(async () => {
  stubs = await startStripeStubs();
});
afterAll(() => stubs?.close());
const server = useServer(() => ({
  env: {
    STRIPE_SECRET_KEY: 'sk_test_e2e',
    STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    STRIPE_API_BASE: stubs.url,
    STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
    STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_WEBHOOK_SECRET,
  },
}));

/** Routes Stripe's two addresses in `context` to the fake: its script, and its confirmation against the stub. */
async function fakeStripe(context: BrowserContext): Promise<void> {
  await context.route('https://connect-js.stripe.com/**', (route: Route) => route.fulfill({ contentType: 'text/javascript', body: fakeConnectJs }));
  await context.route('https://api.stripe.com/v1/fake_onboard', async (route: Route) => {
    const { clientSecret } = JSON.parse(route.request().postData() ?? '{}') as { clientSecret: string };
    // The secret the wallet handed over is the Account Session's, which names its account.
    const account = /^accs_secret_(acct_stub_\d+)_/.exec(clientSecret)?.[1];
    if (account) stubs.connect.setAccount(account, { details_submitted: true, payouts_enabled: true, requirements: { currently_due: [], past_due: [] } });
    return route.fulfill({ status: account ? 200 : 400, headers: { 'access-control-allow-origin': '*' }, json: { ok: Boolean(account) } });
  });
  await context.route('https://js.stripe.com/v3/**', (route: Route) => route.fulfill({ contentType: 'text/javascript', body: fakeStripeJs }));
  await context.route('https://api.stripe.com/v1/fake_confirm', async (route: Route) => {
    const asked = JSON.parse(route.request().postData() ?? '{}') as { key: string; clientSecret: string; card: string };
    confirmations.push(asked);
    const headers = { 'access-control-allow-origin': '*' };
    const intentId = asked.clientSecret.split('_secret_')[0]!;
    const intent = stubs.payments.intents.get(intentId);
    if (!intent || intent.client_secret !== asked.clientSecret) {
      return route.fulfill({ status: 400, headers, json: { error: { type: 'invalid_request_error', message: 'No such payment_intent' } } });
    }
    if (asked.card.replace(/\s/g, '') === DECLINED_CARD.replace(/\s/g, '')) {
      return route.fulfill({ status: 402, headers, json: { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } } });
    }
    return route.fulfill({ headers, json: stubs.payments.succeed(intentId) });
  });
}

const shot = (page: Page, name: string) => page.screenshot({ path: `screenshots/stripe-e2e-${name}.png`, fullPage: true });

/**
 * A call to the API with the token the wallet stored on `origin`: the host site's (where the wallet opens), or the
 * demo site's own (the share page, where a buyer signs in).
 */
async function api<T>(page: Page, method: string, path: string, body?: unknown, origin?: string): Promise<T> {
  const token = await walletToken(page, server.url, origin);
  const response = await fetch(`${server.url}/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return response.json() as Promise<T>;
}

async function holdings(page: Page, origin?: string): Promise<Record<string, number>> {
  const tickets = await api<Array<{ ticketName: string }>>(page, 'GET', '/list/ticket_listing?status=UPCOMING', undefined, origin);
  const counts: Record<string, number> = {};
  for (const ticket of tickets) counts[ticket.ticketName] = (counts[ticket.ticketName] ?? 0) + 1;
  return counts;
}

describe('paying through Stripe', () => {
  let context: BrowserContext, page: Page;
  beforeAll(async () => {
    ({ context, page } = await openPage(browser, { viewport: { width: 1280, height: 900 } }));
    await fakeStripe(context);
    await signIn(page, server.url, 'alex@example.com');
    await page.getByRole('dialog', { name: 'Welcome' }).waitFor();
  });
  afterAll(() => context?.close());

  it('alex upgrades on the checkout page: the card is declined, then paid, and the wallet shows the VIP', async () => {
    const before = await holdings(page);
    await page.goto(hostUrl(server.url, `/en/?PANEL_TAB=SWAP`));
    await page
      .locator('section[aria-labelledby="tw-swap-base-step"] .tw-event-tile', { hasText: 'General Admission' })
      .getByRole('button', { name: 'Choose General Admission' })
      .click();
    await page.locator('section[aria-labelledby="tw-swap-target-step"]').getByRole('button', { name: 'Choose VIP' }).click();
    await page.locator('.tw-modal').getByRole('button', { name: 'Go to checkout' }).click();

    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    const card = page.getByLabel('Card number');
    await card.waitFor();
    const pay = page.getByRole('button', { name: /^Pay \$140\.00$/ });
    await expect(pay.isEnabled()).resolves.toBe(true);
    // The page gave Stripe.js the publishable key from the server, and our server made the intent in the stub.
    const created = stubs.payments.requests.filter((request) => request.path === '/v1/payment_intents');
    expect(created).toHaveLength(1);
    expect(Number(created[0]!.body.get('amount'))).toBe(14_000);

    await card.fill(DECLINED_CARD);
    await shot(page, '1-checkout-card');
    await pay.click();
    await page.getByRole('alert').filter({ hasText: /declined/i }).waitFor();
    await shot(page, '2-checkout-declined');
    expect(await holdings(page)).toEqual(before);

    await card.fill(GOOD_CARD);
    await pay.click();
    await page.waitForURL((url) => url.pathname === '/en/' && url.searchParams.get('PANEL_TAB') === 'SWAP' && url.searchParams.has('SWAP_ORDER'));
    await page.getByRole('heading', { name: 'You now hold VIP' }).waitFor();
    await page.getByRole('button', { name: 'View my tickets' }).click();
    await page.waitForURL((url) => url.searchParams.get('PANEL_TAB') === 'MY_TICKET');
    await page.locator('ticket-wallet .tw-ticket-card', { hasText: 'VIP' }).first().waitFor();
    await shot(page, '3-back-in-wallet');
    expect(confirmations.every((asked) => asked.key === PUBLISHABLE_KEY)).toBe(true);
    // Our server asked Stripe (the stub) itself before it exchanged anything.
    expect(stubs.payments.requests.some((request) => request.method === 'GET' && request.path.startsWith('/v1/payment_intents/'))).toBe(true);
    const after = await holdings(page);
    expect(after['VIP']).toBe((before['VIP'] ?? 0) + 1);
    expect(after['General Admission']).toBe((before['General Admission'] ?? 0) - 1);
  });

  it('alex verifies payouts in the Stripe Connect onboarding the Payouts tab renders', async () => {
    await page.goto(hostUrl(server.url, `/en/?PANEL_TAB=SETTINGS&SETTINGS_TAB=ACCOUNT_VERIFICATION`));
    await page.getByRole('button', { name: 'Verify my account' }).click();
    await page.getByRole('heading', { name: 'Stripe onboarding (test)' }).waitFor();
    // connect.js got the publishable key from the server and the wallet's theme (light here, 12 px radius).
    const init = await page.evaluate(() => (window as unknown as { __connectInit: { publishableKey: string; appearance: { variables: Record<string, string> } } }).__connectInit);
    expect(init.publishableKey).toBe(PUBLISHABLE_KEY);
    expect(init.appearance.variables).toMatchObject({ borderRadius: '12px', colorBackground: '#ffffff' });
    expect(stubs.connect.requests.filter((request) => request.path === '/v1/account_sessions')).toHaveLength(1);
    await shot(page, '4-payouts-connect-onboarding');
    await page.getByRole('button', { name: 'Submit details' }).click();
    // Exiting the component reads the account again, from Stripe.
    await page.getByText('Your payout account is verified. You can resell tickets.').waitFor();
    // A verified account's tab: Stripe's notification banner and account management, on a new Account Session
    // (the onboarding's was single-use) that enables all three components.
    const manage = page.getByRole('region', { name: 'Your Stripe payout account' });
    await manage.getByRole('heading', { name: 'Stripe notifications (test)' }).waitFor();
    await manage.getByRole('heading', { name: 'Stripe account management (test)' }).waitFor();
    // The components can draw their headings before connect.js has fetched their client secret: wait for the request.
    const accountSessions = () => stubs.connect.requests.filter((request) => request.path === '/v1/account_sessions');
    await expect.poll(() => accountSessions().length).toBe(2);
    const sessions = accountSessions();
    for (const session of sessions) {
      expect(['account_onboarding', 'notification_banner', 'account_management'].map((name) => session.body.get(`components[${name}][enabled]`))).toEqual(['true', 'true', 'true']);
    }
    const secrets = await page.evaluate(() => (window as unknown as { __connectSecrets: string[] }).__connectSecrets);
    expect(new Set(secrets).size).toBe(secrets.length);
    await shot(page, '5-payouts-verified');
  });

  it('a payout Stripe could not make to alex’s bank is told on the Payouts tab with its reason and what to do', async () => {
    const accountId = stubs.connect.requests.find((request) => request.path === '/v1/account_sessions')!.body.get('account')!;
    const payload = JSON.stringify({
      id: 'evt_e2e_payout_failed',
      object: 'event',
      type: 'payout.failed',
      account: accountId,
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'po_e2e_1', object: 'payout', amount: 4200, currency: 'aud', status: 'failed', failure_code: 'account_closed', arrival_date: 0 } },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: CONNECT_WEBHOOK_SECRET });
    const told = await fetch(`${server.url}/v1/webhooks/stripe-connect`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
    expect(told.status).toBe(200);
    const views = [
      { lang: 'en', scheme: 'light', width: 1280, title: /A payout of 42\.00 AUD to your bank failed on /, reason: 'Your bank says the account is closed.', todo: /Stripe pays the money out again/ },
      { lang: 'es', scheme: 'dark', width: 375, title: /Falló un cobro de 42\.00 AUD a tu banco el /, reason: 'Tu banco dice que la cuenta está cerrada.', todo: /Stripe vuelve a pagar el dinero/ },
    ] as const;
    for (const view of views) {
      await page.setViewportSize({ width: view.width, height: 900 });
      await page.emulateMedia({ colorScheme: view.scheme });
      await page.goto(hostUrl(server.url, `/${view.lang}/?PANEL_TAB=SETTINGS&SETTINGS_TAB=ACCOUNT_VERIFICATION`));
      const notice = page.getByRole('alert').filter({ hasText: view.reason });
      await notice.waitFor();
      await notice.getByText(view.title).waitFor();
      await notice.getByText(view.todo).waitFor();
      // It fits the phone's width: nothing runs off the edge.
      const box = (await notice.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(view.width);
      await shot(page, `5b-payout-failed-${view.lang}-${view.scheme}-${view.width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('sam buys alex’s listing on the share page with a card', async () => {
    const [ticket] = await api<Array<{ userTicketId: number; ticketName: string; ticketPrice: number; currencyCode: string; currencySymbol: string }>>(
      page,
      'GET',
      '/resell/tickets/available',
    );
    const listed = await api<{ shareLinkUrl: string }>(page, 'POST', '/resell', {
      userTicketId: ticket!.userTicketId,
      amountCount: 1,
      price: ticket!.ticketPrice,
      currencyCode: ticket!.currencyCode,
      currencySymbol: ticket!.currencySymbol,
    });
    expect(listed.shareLinkUrl).toContain('/resale/');

    const { context: samContext, page: samPage } = await openPage(browser, { viewport: { width: 375, height: 800 } });
    try {
      await fakeStripe(samContext);
      // The share page is the demo site's (ours): sam signs in through its own embedded wallet.
      await signInOnSharePage(samPage, server.url, listed.shareLinkUrl, 'sam@example.com');
      const before = (await holdings(samPage, server.url))[ticket!.ticketName] ?? 0;
      await samPage.goto(listed.shareLinkUrl);
      await samPage.getByRole('button', { name: 'Continue to payment' }).click();
      const card = samPage.getByLabel('Card number');
      await card.waitFor();
      await card.fill(GOOD_CARD);
      await shot(samPage, '6-share-page-card');
      // Named with the total of the quantity chosen: price plus service fee.
      await samPage.getByRole('button', { name: /^Pay \$\d+\.\d{2}$/ }).click();
      await samPage.getByText('Bought! The tickets are in your wallet now.').waitFor();
      await shot(samPage, '7-share-page-bought');
      expect((await holdings(samPage, server.url))[ticket!.ticketName]).toBe(before + 1);
      const paid = stubs.payments.requests.filter((request) => request.path === '/v1/payment_intents').at(-1)!;
      expect(paid.body.get('metadata[resaleShareCode]')).toBe(listed.shareLinkUrl.split('/resale/')[1]);
      await samPage.goto(listed.shareLinkUrl);
      await samPage.getByText('These tickets have been sold.').waitFor();
    } finally {
      await samContext.close();
    }
  });
});
