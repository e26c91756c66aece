// The share page's behaviour (src/host/share-page.ts renders it). The wallet on this page is the embedded one, on
// the same origin: its access token is in localStorage under 'tw.accessToken' (src/client/storage-keys.ts). Signed
// out: "Sign in to buy" opens the wallet's sign-in; the page notices the token within a second. Signed in: an own
// listing is refused up front (the seller's GET /v1/resell/ticket/sales names this link), else the Buy form calls
// POST /v1/resell/purchase/{shareCode}. Errors show the server's code, translated.
(() => {
  const form = document.getElementById('share-buy');
  if (!form) return;
  const signIn = document.getElementById('share-sign-in');
  const message = document.getElementById('share-message');
  const strings = JSON.parse(document.getElementById('share-strings').textContent || '{}');
  const t = (key) => strings[key] || strings['api.internal_error'] || key;
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

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = form.querySelector('button[type="submit"]');
    const data = new FormData(form);
    button.disabled = true;
    message.textContent = t('share_page.buying');
    try {
      const response = await fetch(`/v1/resell/purchase/${encodeURIComponent(code)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token()}` },
        body: JSON.stringify({ quantity: Number(data.get('quantity')), paymentMethod: String(data.get('paymentMethod')) }),
      });
      const body = await response.json().catch(() => ({}));
      if (!response.ok) {
        message.textContent = t(body.code || 'api.internal_error');
        button.disabled = false;
        return;
      }
      done = true;
      form.hidden = true;
      message.textContent = t('share_page.bought');
      const open = document.createElement('button');
      open.type = 'button';
      open.textContent = t('share_page.open_wallet');
      open.addEventListener('click', () => window.TicketWallet && window.TicketWallet.open({ tab: 'MY_TICKET' }));
      message.after(open);
    } catch {
      message.textContent = t('api.internal_error');
      button.disabled = false;
    }
  });

  show();
  window.setInterval(show, 1000);
})();
