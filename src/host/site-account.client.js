// DEMO ONLY (DEMO_SITE_SIGN_IN): the demo site's own "signed-in site user", standing in for an organisation's account
// system. "Sign in as Alex (demo)" asks the site's server for a hand-off token (POST /demo/site-sign-in, signed with
// the demo-only key) and gives it to the wallet, which signs in without a code; every page view while signed in hands
// a fresh token over, as a real site's page would (the wallet exchanges nothing for the person it has already). Sign out
// signs the wallet out too (TicketWallet.logout(): its session ends on the server). The site remembers its visitor in
// localStorage, as a real site would in its own session cookie.
(() => {
  const control = document.querySelector('[data-demo-sign-in]');
  if (!control) return;
  const STORAGE_KEY = 'demo.siteUser';
  const who = control.querySelector('.site-account__who');
  const signInButton = control.querySelector('.site-account__sign-in');
  const signOutButton = control.querySelector('.site-account__sign-out');
  window.TicketWallet = window.TicketWallet || [];

  /** The embed API once the loader has run, else the queue stub (whose calls it replays). */
  const wallet = (call, ...args) => {
    const api = window.TicketWallet;
    if (typeof api[call] === 'function') return api[call](...args);
    api.push([call, ...args]);
    return Promise.resolve();
  };
  const readUser = () => {
    try {
      return JSON.parse(localStorage.getItem(STORAGE_KEY) || 'null');
    } catch {
      return null;
    }
  };
  const show = (user) => {
    who.textContent = user ? control.dataset.signedIn.replace('{{name}}', user.name) : '';
    signInButton.hidden = Boolean(user);
    signOutButton.hidden = !user;
  };
  const handOver = async () => {
    const response = await fetch('/demo/site-sign-in', { method: 'POST' });
    if (!response.ok) throw new Error(`demo sign-in: the site answered ${response.status}`);
    const { token, name } = await response.json();
    await wallet('signIn', { token });
    return { name };
  };

  // The button pressed is hidden by what it did: the focus goes on to the one shown in its place (Sign out, Sign in),
  // not to <body>, so a keyboard user stays in the header.
  signInButton.addEventListener('click', async () => {
    const focused = document.activeElement === signInButton;
    signInButton.disabled = true;
    try {
      const user = await handOver();
      localStorage.setItem(STORAGE_KEY, JSON.stringify(user));
      show(user);
      if (focused) signOutButton.focus();
    } catch (error) {
      console.error(error);
    } finally {
      signInButton.disabled = false;
      if (focused && !signInButton.hidden) signInButton.focus();
    }
  });
  signOutButton.addEventListener('click', async () => {
    const focused = document.activeElement === signOutButton;
    localStorage.removeItem(STORAGE_KEY);
    show(null);
    if (focused) signInButton.focus();
    await wallet('logout');
  });

  const user = readUser();
  show(user);
  if (user) handOver().catch((error) => console.error(error));
})();
