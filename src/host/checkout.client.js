// The swap checkout's behaviour (src/host/checkout.ts renders the frame). Same origin as the wallet: the access token
// is in localStorage under 'tw.accessToken' (src/client/storage-keys.ts). It loads the order
// (GET /v1/ticket_swap/order/{id}) and shows it; an UPGRADE is paid — with Stripe.js confirming a PaymentIntent the
// server created when the server names a publishable key, else with the local provider's test cards — a DOWNGRADE is
// confirmed, either may be cancelled. The server checks every payment itself (POST /v1/ticket_swap/pay/{id}); this
// page only asks. Done, it sends the window to the address the server already checked (data.redirect).
(() => {
  const byId = (id) => document.getElementById(id);
  const data = JSON.parse(byId('checkout-data').textContent || '{}');
  const strings = JSON.parse(byId('checkout-strings').textContent || '{}');
  const fill = (text, params) => text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name) => (params && name in params ? String(params[name]) : ''));
  const t = (key, params) => fill(strings[key] || strings['api.internal_error'] || key, params);
  const main = document.querySelector('main');
  const status = byId('checkout-status');
  const body = byId('checkout-body');
  const orderPath = encodeURIComponent(data.order);
  const money = (amount, symbol) => `${symbol}${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;
  const token = () => {
    try {
      return window.localStorage.getItem('tw.accessToken');
    } catch {
      return null;
    }
  };

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

  /** One call: its status and JSON body, or offline when the request never reached the server. */
  async function call(method, path, payload) {
    try {
      const response = await fetch(`/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${token()}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
        body: payload ? JSON.stringify(payload) : undefined,
      });
      return { ok: response.ok, status: response.status, body: await response.json().catch(() => ({})) };
    } catch {
      return { ok: false, status: 0, offline: true, body: {} };
    }
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

  function showSignIn() {
    waitingForSignIn = true;
    show(
      t('checkout.sign_in_needed'),
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
    const time = new Intl.DateTimeFormat(data.lang, { timeStyle: 'short' }).format(new Date(order.expiresAt));
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
      el('p', { class: 'checkout__hold' }, t('checkout.held_until', { time })),
    ];
  }

  function showOrder(order) {
    const alert = el('p', { class: 'checkout__error', id: 'checkout-error', role: 'alert' });
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
    /** A refusal that ends the order (expired, cancelled, gone): show the order's state as it is now. */
    const ends = (code) => ['api.swap.expired', 'api.swap.cancelled', 'api.swap.not_found', 'api.swap.already_confirmed'].includes(code);

    async function settle(answer, button, label) {
      if (answer.ok) return finished();
      if (ends(answer.body.code)) return load();
      busy(false, label, button);
      alert.textContent = answer.body.code === 'api.payment.declined' ? t('checkout.declined') : errorText(answer);
    }

    if (upgrade && data.stripeKey) {
      const mount = el('div', { class: 'checkout__stripe', id: 'checkout-card', role: 'group', 'aria-label': t('checkout.card_details') });
      primary = el('button', { type: 'submit', class: 'checkout__button', disabled: true }, t('checkout.pay', { amount }));
      form = el('form', { class: 'checkout__pay', novalidate: true }, mount, alert, el('div', { class: 'checkout__actions' }, primary, cancel));
      const stripe = startStripe(order, mount, alert, primary);
      form.addEventListener('submit', async (event) => {
        event.preventDefault();
        alert.textContent = '';
        const ready = await stripe;
        if (!ready) return;
        busy(true, t('checkout.paying'), primary);
        const result = await ready.stripe.confirmPayment({ elements: ready.elements, redirect: 'if_required' });
        if (result.error) {
          busy(false, t('checkout.pay', { amount }), primary);
          alert.textContent = result.error.type === 'card_error' ? t('checkout.declined') : result.error.message || t('api.internal_error');
          return;
        }
        settle(await call('POST', `/ticket_swap/pay/${orderPath}`, { paymentIntentId: ready.paymentIntentId }), primary, t('checkout.pay', { amount }));
      });
    } else if (upgrade) {
      const card = (value, label, checked) =>
        el('label', { class: 'checkout__card-choice' }, el('input', { type: 'radio', name: 'paymentMethod', value, checked }), el('span', {}, label));
      primary = el('button', { type: 'submit', class: 'checkout__button' }, t('checkout.pay', { amount }));
      form = el(
        'form',
        { class: 'checkout__pay' },
        el(
          'fieldset',
          { class: 'checkout__cards' },
          el('legend', {}, t('checkout.card_legend')),
          card('pm_card_visa', t('checkout.card_visa'), true),
          card('pm_card_chargeDeclined', t('checkout.card_declined'), false),
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
  }

  /** Stripe.js on demand, the PaymentIntent from our server, and the Payment Element in the form; null on failure. */
  async function startStripe(order, mount, alert, primary) {
    const failed = (text) => {
      alert.textContent = text;
      return null;
    };
    if (!window.Stripe) {
      const loaded = await new Promise((resolve) => {
        const script = el('script', { src: 'https://js.stripe.com/v3/', async: true, onload: () => resolve(true), onerror: () => resolve(false) });
        document.head.append(script);
      });
      if (!loaded || !window.Stripe) return failed(t('api.payment.provider_unavailable'));
    }
    const answer = await call('POST', `/ticket_swap/payment_intent/${orderPath}`);
    if (!answer.ok) return failed(errorText(answer));
    const dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
    const stripe = window.Stripe(answer.body.publishableKey || data.stripeKey, { locale: data.lang });
    const elements = stripe.elements({
      clientSecret: answer.body.clientSecret,
      appearance: { theme: dark ? 'night' : 'stripe', variables: { borderRadius: '12px', colorPrimary: dark ? '#8b85ff' : '#4f46e5' } },
    });
    elements.create('payment').mount(mount);
    primary.disabled = false;
    return { stripe, elements, paymentIntentId: answer.body.paymentIntentId, order };
  }

  function finished() {
    show(t('checkout.done'), backLink());
    window.setTimeout(() => window.location.assign(data.redirect), 1500);
  }

  load();
})();
