// The swap checkout: the order the page shows, payment before an upgrade confirms, a declined card keeps the
// reservation until cancelled, and the page itself (language, where it sends the person afterwards, escaping).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDemoApp, type DemoApp, signIn } from './helper';

let t: DemoApp;
let alex: string;
let sam: string;
beforeAll(async () => {
  t = await createDemoApp();
  ({ alex, sam } = t.tokens);
});
afterAll(() => t.close());

type Base = { id: number; name: string; price: number; quantity: number };
type Target = { id: number; name: string; price: number };

const bases = async () => (await call(t.app, { method: 'GET', url: '/v1/ticket_swap/tickets', token: alex })).json as Base[];
const heldOf = async (name: string) => (await bases()).find((base) => base.name === name)?.quantity ?? 0;
const post = (url: string, payload?: object, token = alex) => call(t.app, { method: 'POST', url, token, ...(payload ? { payload } : {}) });
const order = (id: string, token = alex) => call(t.app, { method: 'GET', url: `/v1/ticket_swap/order/${encodeURIComponent(id)}`, token });

async function startUpgrade(quantity: number) {
  const ga = (await bases()).find((base) => base.name === 'General Admission')!;
  const targets = (await call(t.app, { method: 'GET', url: `/v1/ticket_swap/tickets/${ga.id}`, token: alex })).json as Target[];
  const vip = targets.find((target) => target.name === 'VIP')!;
  const started = await post('/v1/ticket_swap/start_swap', { baseTicketId: ga.id, swapPairId: vip.id, swapQuantity: quantity });
  expect(started.status).toBe(200);
  return { ga, vip, id: started.json.orderIdentifier as string };
}

describe('the order behind the checkout page', () => {
  it('shows its owner what is swapped for what and what is due; nobody else finds it', async () => {
    const { ga, vip, id } = await startUpgrade(1);
    const shown = await order(id);
    expect(shown.status).toBe(200);
    expect(shown.json).toMatchObject({
      orderIdentifier: id,
      swapType: 'UPGRADE',
      status: 'started',
      fromName: 'General Admission',
      toName: 'VIP',
      quantity: 1,
      amountDue: vip.price - ga.price,
      amountLost: 0,
    });
    expect(new Date(shown.json.expiresAt).getTime() - t.clock.now.getTime()).toBe(30 * 60 * 1000);
    expect((await order(id, sam)).json.code).toBe('api.swap.not_found');
    expect((await order('SW-000000000000')).status).toBe(404);
    expect((await call(t.app, { method: 'GET', url: `/v1/ticket_swap/order/${id}` })).status).toBe(401);
    expect((await post(`/v1/ticket_swap/cancel/${id}`)).json).toEqual({ ok: true });
    expect((await order(id)).json.status).toBe('cancelled');
  });

});

describe('paying an upgrade', () => {
  it('an unpaid upgrade cannot be confirmed: 402, the tickets stay as they were', async () => {
    const { id } = await startUpgrade(1);
    const confirmed = await post(`/v1/ticket_swap/confirm_swap/${id}`);
    expect(confirmed.status).toBe(402);
    expect(confirmed.json.code).toBe('api.swap.payment_required');
    expect((await order(id)).json.status).toBe('started');
    expect(await heldOf('General Admission')).toBe(1);
    await post(`/v1/ticket_swap/cancel/${id}`);
  });

  it('a declined card charges nothing and keeps the tickets reserved; cancel then gives them back', async () => {
    const charged = t.charges.length;
    const { id } = await startUpgrade(2);
    expect(await heldOf('General Admission')).toBe(0);
    const declined = await post(`/v1/ticket_swap/pay/${id}`, { paymentMethod: 'pm_card_chargeDeclined' });
    expect(declined.status).toBe(402);
    expect(declined.json.code).toBe('api.payment.declined');
    expect(t.charges).toHaveLength(charged);
    expect((await order(id)).json.status).toBe('started');
    expect(await heldOf('General Admission')).toBe(0);

    expect((await post(`/v1/ticket_swap/cancel/${id}`)).json).toEqual({ ok: true });
    expect(await heldOf('General Admission')).toBe(2);
    expect((await post(`/v1/ticket_swap/pay/${id}`, { paymentMethod: 'pm_card_visa' })).json.code).toBe('api.swap.cancelled');
    expect(t.charges).toHaveLength(charged);
  });

  it('a good card after a declined one pays exactly the difference and confirms the swap', async () => {
    const { ga, vip, id } = await startUpgrade(1);
    expect((await post(`/v1/ticket_swap/pay/${id}`, { paymentMethod: 'pm_card_chargeDeclined' })).status).toBe(402);
    const paid = await post(`/v1/ticket_swap/pay/${id}`, { paymentMethod: 'pm_card_visa' });
    expect(paid.json).toEqual({ ok: true });
    expect(t.charges.at(-1)!.amountMinor).toBe(Math.round((vip.price - ga.price) * 100));
    expect((await order(id)).json.status).toBe('confirmed');
    expect(await heldOf('General Admission')).toBe(1);
  });

  it('without Stripe there is no PaymentIntent to make (409 stripe_not_configured), and one the local provider never made pays nothing', async () => {
    const { id } = await startUpgrade(1);
    const intent = await post(`/v1/ticket_swap/payment_intent/${id}`);
    expect(intent.status).toBe(409);
    expect(intent.json.code).toBe('api.payment.stripe_not_configured');
    const paid = await post(`/v1/ticket_swap/pay/${id}`, { paymentIntentId: 'pi_123' });
    expect(paid.status).toBe(402);
    expect(paid.json.code).toBe('api.payment.declined');
    expect((await order(id)).json.status).toBe('started');
    // Nor is there a payments webhook to deliver to.
    const hook = await t.app.inject({ method: 'POST', url: '/v1/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' }, payload: '{}' });
    expect(hook.statusCode).toBe(400);
    await post(`/v1/ticket_swap/cancel/${id}`);
  });

  it('a body that is neither a payment method nor a payment intent is bad input', async () => {
    const { id } = await startUpgrade(1);
    for (const payload of [{}, { paymentMethod: '' }, { paymentMethod: 5 }, { card: 'pm_card_visa' }]) {
      const answer = await post(`/v1/ticket_swap/pay/${id}`, payload);
      expect(answer.status).toBe(400);
      expect(answer.json.code).toBe('api.invalid_request_body');
    }
    expect((await order(id)).json.status).toBe('started');
    await post(`/v1/ticket_swap/cancel/${id}`);
  });
});

describe('the checkout page', () => {
  const page = (path: string, headers: Record<string, string> = {}) => call(t.app, { method: 'GET', url: path, headers });
  const embedded = (html: string) => JSON.parse(html.match(/<script type="application\/json" id="checkout-data">(.*?)<\/script>/s)![1]!);
  const site = () => new URL(t.config.publicBaseUrl).origin;
  const checkout = (redirectDomain: string, locale = 'en', order = 'SW-0123456789AB') =>
    page(`/${locale}/summer-festival-1/checkout/${encodeURIComponent(order)}?${new URLSearchParams({ redirectDomain, origin: 'ticket_swap' })}`);

  it('is served in the language of its address, never cached', async () => {
    const en = await checkout(`${site()}/en/`);
    expect(en.status).toBe(200);
    expect(en.response.headers['content-type']).toMatch(/^text\/html/);
    expect(en.response.headers['cache-control']).toBe('no-store');
    expect(en.response.body).toContain('<html lang="en">');
    expect(en.response.body).toContain('<h1 tabindex="-1">Checkout</h1>');
    const es = await checkout(`${site()}/es/`, 'es');
    expect(es.response.body).toContain('<html lang="es">');
    expect(es.response.body).toContain('<h1 tabindex="-1">Pago</h1>');
    expect(embedded(es.response.body)).toMatchObject({ order: 'SW-0123456789AB', lang: 'es', stripeKey: null });
    // The page's script puts the amount and the quantity into its strings, so they arrive as templates ({{amount}}).
    const strings = JSON.parse(es.response.body.match(/<script type="application\/json" id="checkout-strings">(.*?)<\/script>/s)![1]!);
    expect(strings['checkout.pay']).toBe('Pagar {{amount}}');
    expect(strings['checkout.tickets']).toBe('{{quantity}} × {{name}}');
    // The held-until line is counted by the hour it names: "hasta la 1:05", "hasta las 13:05".
    expect(strings['checkout.held_until_one']).toBe('Tus entradas están reservadas hasta la {{time}}.');
    expect(strings['checkout.held_until_other']).toBe('Tus entradas están reservadas hasta las {{time}}.');
    expect((await page('/checkout-page.js')).response.headers['content-type']).toMatch(/javascript/);
    expect((await page('/checkout-page.css')).response.headers['content-type']).toMatch(/css/);
  });

  it('sends the person back to the page they came from on the site, with My tickets open', async () => {
    const back = embedded((await checkout(`${site()}/en/?PANEL_TAB=SWAP&USER_TICKET_ID=abc`)).response.body).redirect;
    expect(back).toBe(`${site()}/en/?PANEL_TAB=MY_TICKET`);
  });

  it.each(['https://evil.example', 'https://evil.example/en/?PANEL_TAB=MY_TICKET', '//evil.example/', 'javascript:alert(1)', '{site}@evil.example/'])(
    'an open-redirect attempt (%s) lands on the default page',
    async (attempt) => {
      const html = (await checkout(attempt.replace('{site}', site()))).response.body;
      expect(embedded(html).redirect).toBe(`${site()}/en/?PANEL_TAB=MY_TICKET`);
      expect(html).not.toContain('evil.example');
    },
  );

  it('its language switch keeps the way home: redirectDomain and origin, so the other language returns to the same page', async () => {
    const languageLink = (html: string, lang: string) => {
      const href = html.match(new RegExp(`<a href="([^"]*)" lang="${lang}" hreflang="${lang}">`))?.[1];
      expect(href, `a link to ${lang}`).toBeDefined();
      return href!.replaceAll('&amp;', '&');
    };
    const en = (await checkout(`${site()}/en/events?PANEL_TAB=SWAP`)).response.body;
    const toSpanish = new URL(languageLink(en, 'es'), site());
    expect(toSpanish.pathname).toBe('/es/summer-festival-1/checkout/SW-0123456789AB');
    expect(toSpanish.searchParams.get('origin')).toBe('ticket_swap');
    expect(toSpanish.searchParams.get('redirectDomain')).toBe(`${site()}/en/events?PANEL_TAB=MY_TICKET`);
    // Followed: the Spanish page sends the person back where the English one would, and its own switch keeps it too.
    const es = (await page(toSpanish.pathname + toSpanish.search)).response.body;
    expect(es).toContain('<html lang="es">');
    expect(embedded(es).redirect).toBe(embedded(en).redirect);
    expect(embedded(es).redirect).toBe(`${site()}/en/events?PANEL_TAB=MY_TICKET`);
    expect(new URL(languageLink(es, 'en'), site()).searchParams.get('redirectDomain')).toBe(`${site()}/en/events?PANEL_TAB=MY_TICKET`);
  });

  it("its language switch never carries a refused address: the other language's default page instead", async () => {
    const html = (await checkout('https://evil.example/en/')).response.body;
    expect(html).not.toContain('evil.example');
    const href = html.match(/<a href="([^"]*)" lang="es" hreflang="es">/)![1]!.replaceAll('&amp;', '&');
    const toSpanish = new URL(href, site());
    expect(toSpanish.searchParams.has('redirectDomain')).toBe(false);
    expect(toSpanish.searchParams.get('origin')).toBe('ticket_swap');
    expect(embedded((await page(toSpanish.pathname + toSpanish.search)).response.body).redirect).toBe(`${site()}/es/?PANEL_TAB=MY_TICKET`);
  });

  it('writes what it was given as data, never as markup', async () => {
    const hostile = 'SW-</script><script>alert(1)</script>';
    const answer = await checkout(`${site()}/en/?q=</script><img src=x onerror=alert(1)>`, 'en', hostile);
    expect(answer.status).toBe(200);
    expect(answer.response.body).not.toContain('<script>alert(1)');
    expect(answer.response.body).not.toContain('<img src=x');
    expect(embedded(answer.response.body).order).toBe(hostile);
  });

  it('an unknown language or an impossible order is not a page', async () => {
    expect((await checkout(`${site()}/`, 'fr')).status).toBe(404);
    // Longer than any order identifier: past the router's limit, so at most the language path's host page answers.
    const long = await checkout(`${site()}/`, 'en', 'SW-'.padEnd(101, 'A'));
    expect(long.response.body).not.toContain('id="checkout-data"');
  });
});

// Last: it moves the clock past the reservation (and past the access tokens' lifetime).
describe('an order left alone', () => {
  it('reads expired once its 30 minutes are over, and then nothing can be paid', async () => {
    const held = await heldOf('General Admission');
    const { id } = await startUpgrade(1);
    expect(await heldOf('General Admission')).toBe(held - 1);
    t.clock.advance(30 * 60 * 1000 + 1);
    alex = (await signIn(t, 'alex@example.com')).accessToken; // the old access token lapsed with the clock
    expect((await order(id)).json.status).toBe('expired');
    const paid = await post(`/v1/ticket_swap/pay/${id}`, { paymentMethod: 'pm_card_visa' });
    expect(paid.json.code).toBe('api.swap.expired');
    expect(await heldOf('General Admission')).toBe(held);
  });
});
