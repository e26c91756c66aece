// What the demo site's page scripts share (the swap checkout, the resale share page). Served in front of each page's
// own script in one file (src/host/site-scripts.ts), so `site` is in their scope. The pages are on the wallet's
// origin: the access token is the wallet's, in localStorage under 'tw.accessToken' (src/client/storage-keys.ts), or
// the one the checkout got for the hand-over code of a wallet on another origin.
const site = (() => {
  // A wallet on another origin (an organiser's site) hands its session to the checkout with a single-use code in the
  // address's fragment (machines/swap.checkout.ts), never a token: the code leaves the address at once (neither in the
  // history nor in a copied link) and is exchanged, once, for an access token that works for this order alone, kept
  // for this tab only. `handOver` settles when that is done: `{ error }` with the stable code of a refusal.
  let handedOver = null;
  const handOver = (async () => {
    const order = /\/checkout\/([^/?#]+)/.exec(window.location.pathname);
    if (!order) return {};
    const match = /(?:^#|&)tw-hand-over=([^&]+)/.exec(window.location.hash);
    try {
      handedOver = window.sessionStorage.getItem('tw.checkoutAccessToken');
    } catch {
      // storage refused: the token lives in memory only
    }
    if (!match) return {};
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    try {
      const response = await fetch('/v1/auth/exchangeCheckoutHandOver', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: decodeURIComponent(match[1]), swapIdentifier: decodeURIComponent(order[1]) }),
      });
      const body = await response.json().catch(() => ({}));
      if (!response.ok) return { error: body.code || 'api.internal_error' };
      handedOver = body.accessToken;
      try {
        window.sessionStorage.setItem('tw.checkoutAccessToken', handedOver);
      } catch {
        // storage refused: the token lives in memory only
      }
      return {};
    } catch {
      return { error: 'checkout.offline' };
    }
  })();
  const token = () => {
    if (handedOver) return handedOver;
    try {
      return window.localStorage.getItem('tw.accessToken');
    } catch {
      return null;
    }
  };

  /** One API call as the signed-in person: its status and JSON body, or `offline` when it never reached the server. */
  async function call(method, path, payload) {
    try {
      const response = await fetch(`/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${token()}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
        body: payload ? JSON.stringify(payload) : undefined,
      });
      // The handed-over token has expired: from now on the page's own sign-in counts.
      if (response.status === 401 && handedOver) {
        handedOver = null;
        try {
          window.sessionStorage.removeItem('tw.checkoutAccessToken');
        } catch {
          // storage refused: the token lived in memory only
        }
      }
      return { ok: response.ok, status: response.status, body: await response.json().catch(() => ({})) };
    } catch {
      return { ok: false, status: 0, offline: true, body: {} };
    }
  }

  /** The page's strings (a JSON script element) as t(key, params): {{name}} filled, an unknown key as the generic error. */
  function translator(elementId) {
    const strings = JSON.parse(document.getElementById(elementId).textContent || '{}');
    const fill = (text, params) => text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name) => (params && name in params ? String(params[name]) : ''));
    // A counted string (`<key>_one`, `<key>_other`, as in the wallet's i18n) picks its form by `params.count`.
    const plural = new Intl.PluralRules(document.documentElement.lang || 'en');
    const counted = (key, params) =>
      params && typeof params.count === 'number' ? strings[`${key}_${plural.select(params.count)}`] || strings[`${key}_other`] : undefined;
    return (key, params) => fill(counted(key, params) || strings[key] || strings['api.internal_error'] || key, params);
  }

  /** Money as the wallet writes it: the symbol, en-US grouping, two decimals. */
  const money = (amount, symbol) => `${symbol}${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;

  let stripeLoaded;
  /** Stripe.js from js.stripe.com, loaded once on demand; false when it cannot be loaded. */
  function loadStripe() {
    stripeLoaded ??= window.Stripe
      ? Promise.resolve(true)
      : new Promise((resolve) => {
          const script = document.createElement('script');
          script.src = 'https://js.stripe.com/v3/';
          script.async = true;
          script.onload = () => resolve(Boolean(window.Stripe));
          script.onerror = () => resolve(false);
          document.head.append(script);
        });
    return stripeLoaded;
  }

  /**
   * Stripe's Payment Element for a PaymentIntent our server made (`intent`: its publishable key and client secret),
   * mounted into `mount`, themed like the wallet; null when Stripe.js cannot be loaded.
   */
  async function paymentElement(mount, intent, lang) {
    if (!(await loadStripe())) return null;
    // The page's theme, the wallet's (site-theme.client.js).
    const dark = document.documentElement.dataset.theme === 'dark';
    const stripe = window.Stripe(intent.publishableKey, { locale: lang });
    const elements = stripe.elements({
      clientSecret: intent.clientSecret,
      appearance: { theme: dark ? 'night' : 'stripe', variables: { borderRadius: '12px', colorPrimary: dark ? '#8b85ff' : '#4f46e5' } },
    });
    elements.create('payment').mount(mount);
    return { stripe, elements, paymentIntentId: intent.paymentIntentId };
  }

  return { token, handOver, call, translator, money, paymentElement };
})();
