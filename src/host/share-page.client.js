// The share page's behaviour (src/host/share-page.ts renders it). The wallet on this page is the embedded one, on
// the same origin: its access token is in localStorage under 'tw.accessToken' (src/client/storage-keys.ts). Signed
// out: "Sign in to buy" opens the wallet's sign-in; the page notices the token within a second. Signed in: an own
// listing is refused up front (the seller's GET /v1/resell/ticket/sales names this link), else the Buy form calls
// POST /v1/resell/purchase/{shareCode}: with a local test card, or — when the server names a Stripe publishable key —
// with the PaymentIntent the server made (POST /v1/resell/payment_intent/{shareCode}) once Stripe.js confirmed it; the
// server verifies it. Errors show the server's code, translated.
(() => {
  const form = document.getElementById('share-buy');
  if (!form) return;
  const signIn = document.getElementById('share-sign-in');
  const message = document.getElementById('share-message');
  const strings = JSON.parse(document.getElementById('share-strings').textContent || '{}');
  const fill = (text, params) => text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name) => (params && name in params ? String(params[name]) : ''));
  const t = (key, params) => fill(strings[key] || strings['api.internal_error'] || key, params);
  const money = (amount, symbol) => `${symbol}${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;
  const code = form.dataset.shareCode;
  const tokenKey = 'tw.accessToken';
  const token = () => {
    try {
      return window.localStorage.getItem(tokenKey);
    } catch {
      return null;
    }
  };
  let shownFor;
  let done = false;

  async function show() {
    const current = token();
    if (done || current === shownFor) return;
    shownFor = current;
    if (!current) {
      form.hidden = true;
      signIn.hidden = false;
      return;
    }
    signIn.hidden = true;
    try {
      const response = await fetch('/v1/resell/ticket/sales', { headers: { authorization: `Bearer ${current}` } });
      if (response.status === 401) {
        form.hidden = true;
        signIn.hidden = false;
        return;
      }
      const own = response.ok ? await response.json() : [];
      if (own.some((entry) => entry.shareLinkUrl.endsWith(`/resale/${code}`))) {
        message.textContent = t('share_page.own_listing');
        form.hidden = true;
        return;
      }
    } catch {
      // The check is a courtesy: the purchase call refuses an own listing too.
    }
    form.hidden = false;
  }

  signIn.addEventListener('click', () => {
    if (window.TicketWallet) window.TicketWallet.open({ tab: 'LOGIN' });
  });

  const button = form.querySelector('button[type="submit"]');
  const quantity = form.querySelector('select[name="quantity"]');
  const stripeKey = form.dataset.stripeKey;
  /** With Stripe: Stripe.js, the Payment Element and the intent it confirms, once the quantity is chosen. */
  let payment = null;

  /** One call to the API as the signed-in buyer: its status and JSON body (status 0: the request never arrived). */
  async function call(path, payload) {
    try {
      const response = await fetch(`/v1${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token()}` },
        body: JSON.stringify(payload),
      });
      return { ok: response.ok, status: response.status, body: await response.json().catch(() => ({})) };
    } catch {
      return { ok: false, status: 0, body: {} };
    }
  }

  function failed(code) {
    message.textContent = t(code || 'api.internal_error');
    button.disabled = false;
  }

  function bought() {
    done = true;
    form.hidden = true;
    message.textContent = t('share_page.bought');
    const open = document.createElement('button');
    open.type = 'button';
    open.textContent = t('share_page.open_wallet');
    open.addEventListener('click', () => window.TicketWallet && window.TicketWallet.open({ tab: 'MY_TICKET' }));
    message.after(open);
  }

  /** Stripe.js on demand and the Payment Element for a new PaymentIntent of the chosen quantity; null on failure. */
  async function startStripe() {
    if (!window.Stripe) {
      const loaded = await new Promise((resolve) => {
        const script = document.createElement('script');
        script.src = 'https://js.stripe.com/v3/';
        script.async = true;
        script.onload = () => resolve(true);
        script.onerror = () => resolve(false);
        document.head.append(script);
      });
      if (!loaded || !window.Stripe) {
        failed('api.payment.provider_unavailable');
        return null;
      }
    }
    const answer = await call(`/resell/payment_intent/${encodeURIComponent(code)}`, { quantity: Number(quantity.value) });
    if (!answer.ok) {
      failed(answer.body.code);
      return null;
    }
    const dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
    const stripe = window.Stripe(answer.body.publishableKey || stripeKey, { locale: form.dataset.lang });
    const elements = stripe.elements({
      clientSecret: answer.body.clientSecret,
      appearance: { theme: dark ? 'night' : 'stripe', variables: { borderRadius: '12px' } },
    });
    const mount = document.getElementById('share-card');
    elements.create('payment').mount(mount);
    mount.hidden = false;
    // The intent is for this quantity: changing it means a new one.
    quantity.disabled = true;
    return { stripe, elements, paymentIntentId: answer.body.paymentIntentId };
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    button.disabled = true;
    message.textContent = t('share_page.buying');
    if (stripeKey) {
      if (!payment) {
        payment = await startStripe();
        if (!payment) return;
        message.textContent = '';
        // The total of the quantity the intent was made for (the server priced it; this only names it).
        button.textContent = t('share_page.pay', { amount: money(Number(form.dataset.total) * Number(quantity.value), form.dataset.symbol) });
        button.disabled = false;
        return;
      }
      const confirmed = await payment.stripe.confirmPayment({ elements: payment.elements, redirect: 'if_required' });
      if (confirmed.error) return failed(confirmed.error.type === 'card_error' ? 'api.payment.declined' : 'api.internal_error');
      const answer = await call(`/resell/purchase/${encodeURIComponent(code)}`, { paymentIntentId: payment.paymentIntentId });
      return answer.ok ? bought() : failed(answer.body.code);
    }
    const answer = await call(`/resell/purchase/${encodeURIComponent(code)}`, {
      quantity: Number(quantity.value),
      paymentMethod: String(new FormData(form).get('paymentMethod')),
    });
    return answer.ok ? bought() : failed(answer.body.code);
  });

  show();
  window.setInterval(show, 1000);
})();
