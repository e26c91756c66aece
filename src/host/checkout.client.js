// The swap checkout's behaviour (src/host/checkout.ts renders the frame; `site` is src/host/site.client.js: the
// wallet's token, API calls, strings, Stripe's Payment Element). It loads the order
// (GET /v1/ticket_swap/order/{id}) and shows it; an UPGRADE is paid — with Stripe.js confirming a PaymentIntent the
// server created when the server names a publishable key, else with the local provider's test cards and bank debits; a
// debit that is processing is asked about again until it ends — a DOWNGRADE is
// confirmed, either may be cancelled. The server checks every payment itself (POST /v1/ticket_swap/pay/{id}); this
// page only asks. Done, it sends the window to the address the server already checked (data.redirect).
(() => {
  const byId = (id) => document.getElementById(id);
  const data = JSON.parse(byId('checkout-data').textContent || '{}');
  const t = site.translator('checkout-strings');
  const { call, money, token } = site;
  const main = document.querySelector('main');
  const status = byId('checkout-status');
  const body = byId('checkout-body');
  const orderPath = encodeURIComponent(data.order);

  /** A DOM element with properties and children (text children become text nodes: order data is never HTML). */
  function el(tag, props, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(props || {})) {
      if (name === 'class') node.className = value;
      else if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
      else if (name in node && !name.includes('-')) node[name] = value;
      else node.setAttribute(name, value);
    }
    for (const child of children.flat()) if (child != null && child !== false) node.append(child);
    return node;
  }

  const errorText = (answer) => (answer.offline ? t('checkout.offline') : t(answer.body.code || 'api.internal_error'));

  function show(message, ...content) {
    main.setAttribute('aria-busy', 'false');
    status.textContent = message;
    status.hidden = !message;
    body.replaceChildren(...content);
  }

  const backLink = () => el('a', { class: 'checkout__button checkout__button--secondary', href: data.redirect }, t('checkout.continue'));

  // ── loading the order ────────────────────────────────────────────────────────────────────────────────────────
  let shownFor;
  let waitingForSignIn = false;

  async function load() {
    const current = token();
    shownFor = current;
    if (!current) return showSignIn();
    waitingForSignIn = false;
    main.setAttribute('aria-busy', 'true');
    status.hidden = false;
    status.textContent = t('checkout.loading');
    const answer = await call('GET', `/ticket_swap/order/${orderPath}`);
    if (answer.status === 401) return showSignIn();
    if (answer.status === 404) return show(t('checkout.not_found'), backLink());
    if (!answer.ok) return show(errorText(answer), el('button', { type: 'button', class: 'checkout__button', onclick: load }, t('checkout.try_again')));
    const order = answer.body;
    if (order.status === 'expired') return show(t('checkout.expired'), backLink());
    if (order.status === 'cancelled') return show(t('checkout.cancelled'), backLink());
    if (order.status === 'confirmed') return show(t('checkout.already_confirmed'), backLink());
    showOrder(order);
  }

  /** Why the wallet's hand-over was refused (its stable code), shown instead of the plain sign-in request. */
  let handOverRefusal;

  function showSignIn() {
    waitingForSignIn = true;
    show(
      t(handOverRefusal || 'checkout.sign_in_needed'),
      el('button', { type: 'button', class: 'checkout__button', onclick: () => window.TicketWallet && window.TicketWallet.open({ tab: 'LOGIN' }) }, t('checkout.sign_in')),
    );
  }

  // The wallet signs the person in on this page: the order loads as soon as its token appears.
  window.setInterval(() => {
    if (waitingForSignIn && token() && token() !== shownFor) load();
  }, 1000);

  // ── the order ────────────────────────────────────────────────────────────────────────────────────────────────
  function summary(order) {
    const upgrade = order.swapType === 'UPGRADE';
    // On the event's clock with the zone named, like every date of the wallet, the ticket PDF and the e-mails.
    const zone = order.eventTimeZone ? { timeZone: order.eventTimeZone, timeZoneName: 'shortOffset' } : {};
    // The hour is the count of the held-until string: Spanish says "hasta la 1:05", "hasta las 13:05".
    const clock = new Intl.DateTimeFormat(data.lang, { hour: 'numeric', minute: '2-digit', ...zone });
    const time = clock.format(new Date(order.expiresAt));
    const hour = Number(clock.formatToParts(new Date(order.expiresAt)).find((part) => part.type === 'hour')?.value ?? 0);
    return [
      el(
        'section',
        { class: 'checkout__card', 'aria-labelledby': 'checkout-event' },
        el('p', { class: 'checkout__meta' }, `${t(upgrade ? 'checkout.upgrade' : 'checkout.downgrade')} · ${t('checkout.order', { order: order.orderIdentifier })}`),
        el('h2', { id: 'checkout-event' }, order.eventName),
        el(
          'dl',
          { class: 'checkout__facts' },
          el('div', {}, el('dt', {}, t('checkout.from')), el('dd', {}, t('checkout.tickets', { quantity: order.quantity, name: order.fromName }))),
          el('div', {}, el('dt', {}, t('checkout.to')), el('dd', {}, t('checkout.tickets', { quantity: order.quantity, name: order.toName }))),
          el(
            'div',
            { class: 'checkout__total' },
            el('dt', {}, t(upgrade ? 'checkout.amount_due' : 'checkout.amount_lost')),
            el('dd', {}, `${money(upgrade ? order.amountDue : order.amountLost, order.currencySymbol)} ${order.currencyCode}`),
          ),
        ),
      ),
      el('p', { class: 'checkout__hold' }, t('checkout.held_until', { time, count: hour })),
    ];
  }

  function showOrder(order) {
    // tabindex -1: a refusal can take the focus (refused), which the disabled button had, so it never drops to <body>.
    const alert = el('p', { class: 'checkout__error', id: 'checkout-error', role: 'alert', tabindex: '-1' });
    const cancel = el('button', { type: 'button', class: 'checkout__button checkout__button--secondary' }, t('checkout.cancel'));
    const upgrade = order.swapType === 'UPGRADE';
    const amount = money(order.amountDue, order.currencySymbol);
    let primary;
    let form;

    const busy = (on, label, button) => {
      main.setAttribute('aria-busy', String(on));
      for (const control of body.querySelectorAll('button, input')) control.disabled = on;
      if (button) button.textContent = label;
    };
    /**
     * Says why, with the focus where the person goes on: a declined card puts it on the card chosen (the payment field,
     * described by the alert), any other refusal — and a declined card in Stripe's own field, an iframe — on the alert.
     */
    function refused(text, declined) {
      alert.textContent = text;
      const card = declined && form ? form.querySelector('input[name="paymentMethod"]:checked') : null;
      (card || alert).focus();
    }
    /** A refusal that ends the order (expired, cancelled, gone): show the order's state as it is now. */
    const ends = (code) => ['api.swap.expired', 'api.swap.cancelled', 'api.swap.not_found', 'api.swap.already_confirmed'].includes(code);

    async function settle(answer, button, label) {
      if (answer.ok) return finished();
      if (ends(answer.body.code)) return load();
      if (answer.body.code === 'api.payment.processing' && answer.body.paymentIntentId) return whenSettled(answer.body.paymentIntentId);
      busy(false, label, button);
      const declined = answer.body.code === 'api.payment.declined';
      refused(declined ? t('checkout.declined') : answer.body.code === 'api.payment.processing' ? t('api.payment.processing') : errorText(answer), declined);
    }

    /**
     * A payment that is processing (a bank debit): the page says so and asks the server again every two seconds, with
     * the payment's id, until it has ended — the swap done, or released because the debit failed — without a reload.
     */
    function whenSettled(paymentIntentId) {
      busy(true, t('checkout.paying'), primary);
      alert.textContent = '';
      status.hidden = false;
      status.textContent = t('api.payment.processing');
      const ask = async () => {
        const answer = await call('POST', `/ticket_swap/pay/${orderPath}`, { paymentIntentId });
        if (answer.ok) return finished();
        if (answer.body.code === 'api.payment.processing' || answer.offline) return window.setTimeout(ask, 2000);
        if (answer.body.code === 'api.payment.declined') return show(t('checkout.payment_failed'), backLink());
        return ends(answer.body.code) ? load() : show(errorText(answer), backLink());
      };
      window.setTimeout(ask, 2000);
    }

    if (upgrade && data.stripeKey) {
      const mount = el('div', { class: 'checkout__stripe', id: 'checkout-card', role: 'group', 'aria-label': t('checkout.card_details') });
      primary = el('button', { type: 'submit', class: 'checkout__button', disabled: true }, t('checkout.pay', { amount }));
      form = el('form', { class: 'checkout__pay', novalidate: true }, mount, alert, el('div', { class: 'checkout__actions' }, primary, cancel));
      const stripe = startStripe(mount, alert, primary);
      form.addEventListener('submit', async (event) => {
        event.preventDefault();
        alert.textContent = '';
        const ready = await stripe;
        if (!ready) return;
        busy(true, t('checkout.paying'), primary);
        const result = await ready.stripe.confirmPayment({ elements: ready.elements, redirect: 'if_required' });
        if (result.error) {
          busy(false, t('checkout.pay', { amount }), primary);
          refused(result.error.type === 'card_error' ? t('checkout.declined') : result.error.message || t('api.internal_error'), false);
          return;
        }
        // Processing (a delayed method): not declined; the webhook confirms the swap once the money arrives.
        if (result.paymentIntent?.status === 'processing') return whenSettled(ready.paymentIntentId);
        settle(await call('POST', `/ticket_swap/pay/${orderPath}`, { paymentIntentId: ready.paymentIntentId }), primary, t('checkout.pay', { amount }));
      });
    } else if (upgrade) {
      const card = (value, label, checked) =>
        el(
          'label',
          { class: 'checkout__card-choice' },
          el('input', { type: 'radio', name: 'paymentMethod', value, checked, 'aria-describedby': 'checkout-error' }),
          el('span', {}, label),
        );
      primary = el('button', { type: 'submit', class: 'checkout__button' }, t('checkout.pay', { amount }));
      form = el(
        'form',
        { class: 'checkout__pay' },
        el(
          'fieldset',
          { class: 'site-choices' },
          el('legend', {}, t('checkout.card_legend')),
          card('pm_card_visa', t('checkout.card_visa'), true),
          card('pm_card_chargeDeclined', t('checkout.card_declined'), false),
          card('pm_au_becs_debit_000123456', t('share_page.becs_succeeds'), false),
          card('pm_au_becs_debit_111111113', t('share_page.becs_fails'), false),
        ),
        el('p', { class: 'checkout__hint' }, t('checkout.test_mode')),
        alert,
        el('div', { class: 'checkout__actions' }, primary, cancel),
      );
      form.addEventListener('submit', async (event) => {
        event.preventDefault();
        alert.textContent = '';
        const paymentMethod = new FormData(form).get('paymentMethod');
        busy(true, t('checkout.paying'), primary);
        settle(await call('POST', `/ticket_swap/pay/${orderPath}`, { paymentMethod }), primary, t('checkout.pay', { amount }));
      });
    } else {
      primary = el('button', { type: 'submit', class: 'checkout__button' }, t('checkout.confirm'));
      const note = order.amountLost > 0 ? t('checkout.downgrade_note', { amount: money(order.amountLost, order.currencySymbol) }) : t('checkout.free_note');
      form = el('form', { class: 'checkout__pay' }, el('p', { class: 'checkout__hint' }, note), alert, el('div', { class: 'checkout__actions' }, primary, cancel));
      form.addEventListener('submit', async (event) => {
        event.preventDefault();
        alert.textContent = '';
        busy(true, t('checkout.confirming'), primary);
        settle(await call('POST', `/ticket_swap/confirm_swap/${orderPath}`), primary, t('checkout.confirm'));
      });
    }

    cancel.addEventListener('click', async () => {
      alert.textContent = '';
      busy(true, t('checkout.cancelling'), cancel);
      const answer = await call('POST', `/ticket_swap/cancel/${orderPath}`);
      if (answer.ok) return show(t('checkout.cancelled'), backLink());
      settle(answer, cancel, t('checkout.cancel'));
    });

    show('', ...summary(order), form);
    // Reloaded (or opened again) while its payment is on its way: the page says so and keeps asking, not the form.
    if (upgrade && order.processingPaymentIntentId) whenSettled(order.processingPaymentIntentId);
  }

  /** Stripe.js on demand, the PaymentIntent from our server, and the Payment Element in the form; null on failure. */
  async function startStripe(mount, alert, primary) {
    const failed = (text) => {
      alert.textContent = text;
      return null;
    };
    const answer = await call('POST', `/ticket_swap/payment_intent/${orderPath}`);
    if (!answer.ok) return failed(errorText(answer));
    const payment = await site.paymentElement(mount, answer.body, data.lang);
    if (!payment) return failed(t('api.payment.provider_unavailable'));
    primary.disabled = false;
    return payment;
  }

  /**
   * Back to the wallet on its swap panel with this order (SWAP_ORDER), which then shows the confirmation: "You now
   * hold VIP", with what was paid. The address stays the one the server checked; only the panel's parameters change.
   */
  function confirmedUrl() {
    try {
      const url = new URL(data.redirect, window.location.href);
      url.searchParams.set('PANEL_TAB', 'SWAP');
      url.searchParams.delete('PANEL_OVERLAY_TAB');
      url.searchParams.set('SWAP_ORDER', data.order);
      return url.href;
    } catch {
      return data.redirect;
    }
  }

  function finished() {
    const back = confirmedUrl();
    show(t('checkout.done'), el('a', { class: 'checkout__button checkout__button--secondary', href: back }, t('checkout.continue')));
    window.setTimeout(() => window.location.assign(back), 1500);
  }

  // A wallet on another origin handed its session over: its code is exchanged first (site.client.js).
  site.handOver.then((result) => {
    handOverRefusal = result.error;
    load();
  });
})();
