// The share page's behaviour (src/host/share-page.ts renders it; `site` is src/host/site.client.js: the wallet's
// token, API calls, strings, Stripe's Payment Element). The wallet on this page is the embedded one. Signed out: "Sign in to buy" opens the wallet's sign-in; the page notices the token within a second. Signed in: an own
// listing is refused up front (the seller's GET /v1/resell/ticket/sales names this link), else the Buy form calls
// POST /v1/resell/purchase/{shareCode}: with a local test card, or — when the server names a Stripe publishable key —
// with the PaymentIntent the server made (POST /v1/resell/payment_intent/{shareCode}) once Stripe.js confirmed it; the
// server verifies it. A payment that is processing is asked about again until it ends (whenSettled). Errors show the
// server's code, translated.
(() => {
  const form = document.getElementById('share-buy');
  if (!form) return;
  const signIn = document.getElementById('share-sign-in');
  const message = document.getElementById('share-message');
  const t = site.translator('share-strings');
  const { call, money, token } = site;
  const code = form.dataset.shareCode;
  let shownFor;
  let done = false;
  /** A processing payment is being asked about (whenSettled): the form stays disabled meanwhile. */
  let waiting = false;

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
    const sales = await call('GET', '/resell/ticket/sales');
    if (sales.status === 401) {
      form.hidden = true;
      signIn.hidden = false;
      return;
    }
    // A courtesy: the purchase call refuses an own listing too (and a failed check leaves it to it).
    if (sales.ok && sales.body.some((entry) => entry.shareLinkUrl.endsWith(`/resale/${code}`))) {
      message.textContent = t('share_page.own_listing');
      form.hidden = true;
      return;
    }
    form.hidden = false;
    // Reloaded while this buyer's payment is on its way: the page says so and keeps asking, instead of offering the form anew.
    const pending = await call('GET', `/resell/purchase/${encodeURIComponent(code)}`);
    if (pending.ok && pending.body.paymentIntentId && !waiting) whenSettled(pending.body.paymentIntentId);
  }

  // Back from the sign-in, the wallet gives the focus back to "Sign in to buy", which the page then hides: the focus
  // goes to the form's first control instead of <body>, so a keyboard user is ready to buy.
  function onWalletClosed() {
    window.TicketWallet.off('close', onWalletClosed);
    shownFor = undefined;
    show().then(() => {
      if (!form.hidden) quantity.focus();
    });
  }

  signIn.addEventListener('click', () => {
    if (!window.TicketWallet) return;
    window.TicketWallet.on('close', onWalletClosed);
    window.TicketWallet.open({ tab: 'LOGIN', returnToPage: true });
  });

  const button = form.querySelector('button[type="submit"]');
  const quantity = form.querySelector('select[name="quantity"]');
  const stripeKey = form.dataset.stripeKey;
  /** With Stripe: Stripe.js, the Payment Element and the intent it confirms, once the quantity is chosen. */
  let payment = null;

  /**
   * Says why, with the focus where the person goes on (the disabled Buy button had it, so it would drop to <body>): a
   * declined test card puts it on the card field, described by the message; anything else on the message itself.
   */
  function failed(code) {
    message.classList.add('share__message--error');
    message.textContent = t(code || 'api.internal_error');
    button.disabled = false;
    const card = code === 'api.payment.declined' ? form.querySelector('select[name="paymentMethod"]') : null;
    (card || message).focus();
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
    // The Buy button that had the focus is hidden with its form: the next thing to do has it instead.
    open.focus();
  }

  /**
   * A payment that is processing (a bank debit): the page says so and asks the server again every two seconds, with
   * the payment's id, until it has ended — bought, or the reason it was not — without a reload.
   */
  function whenSettled(paymentIntentId) {
    waiting = true;
    message.classList.remove('share__message--error');
    message.textContent = t('api.payment.processing');
    quantity.disabled = true;
    button.disabled = true;
    const ask = async () => {
      const answer = await call('POST', `/resell/purchase/${encodeURIComponent(code)}`, { paymentIntentId });
      if (answer.ok) return bought();
      if (answer.body.code === 'api.payment.processing' || answer.offline) return window.setTimeout(ask, 2000);
      waiting = false;
      quantity.disabled = false;
      return failed(answer.body.code);
    };
    window.setTimeout(ask, 2000);
  }

  /** The Payment Element for a new PaymentIntent of the chosen quantity; null (and the reason shown) on failure. */
  async function startStripe() {
    const answer = await call('POST', `/resell/payment_intent/${encodeURIComponent(code)}`, { quantity: Number(quantity.value) });
    if (!answer.ok) {
      failed(answer.body.code);
      return null;
    }
    const mount = document.getElementById('share-card');
    const payment = await site.paymentElement(mount, answer.body, form.dataset.lang);
    if (!payment) {
      failed('api.payment.provider_unavailable');
      return null;
    }
    mount.hidden = false;
    // The intent is for this quantity: changing it means a new one.
    quantity.disabled = true;
    return payment;
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    button.disabled = true;
    message.classList.remove('share__message--error');
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
      // Processing (a delayed method): not declined; the webhook settles it and the buyer is e-mailed.
      if (confirmed.paymentIntent?.status === 'processing') return whenSettled(payment.paymentIntentId);
      const answer = await call('POST', `/resell/purchase/${encodeURIComponent(code)}`, { paymentIntentId: payment.paymentIntentId });
      return answer.ok ? bought() : failed(answer.body.code);
    }
    const answer = await call('POST', `/resell/purchase/${encodeURIComponent(code)}`, {
      quantity: Number(quantity.value),
      paymentMethod: String(new FormData(form).get('paymentMethod')),
    });
    if (!answer.ok && answer.body.code === 'api.payment.processing' && answer.body.paymentIntentId) return whenSettled(answer.body.paymentIntentId);
    return answer.ok ? bought() : failed(answer.body.code);
  });

  show();
  window.setInterval(show, 1000);
})();
