// Loaded first and blocking in the <head> of every demo site page (/site-theme.js), so the page is painted in the
// wallet's theme from the start. The wallet keeps its Light/System/Dark setting under `theme` in this origin's
// localStorage (src/web/theme-setting.ts); the page follows it: at load, on the embed API's `themeChange` (a change in
// the wallet on this page), on `storage` (another tab) and on the system's scheme under System. The resolved theme is
// <html data-theme>, which site.css reads. Also the organisation's logo: a logo that fails to load is removed, so the
// initials behind it show.
(() => {
  const root = document.documentElement;
  const dark = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  const setting = () => {
    try {
      const stored = window.localStorage.getItem('theme');
      return stored === 'light' || stored === 'dark' ? stored : 'system';
    } catch {
      return 'system';
    }
  };
  const paint = (detail) => {
    const theme = detail?.theme === 'light' || detail?.theme === 'dark' ? detail.theme : null;
    const chosen = setting();
    root.dataset.theme = theme || (chosen === 'system' ? (dark?.matches ? 'dark' : 'light') : chosen);
  };
  paint();
  if (dark) dark.addEventListener('change', () => paint());
  window.addEventListener('storage', (event) => {
    if (event.key === 'theme' || event.key === null) paint();
  });

  const dropBrokenLogo = (image) => {
    if (image instanceof HTMLImageElement && image.dataset.fallback === 'initials') image.remove();
  };
  // Capturing: an <img> error does not bubble. Images that failed before this ran are caught at DOMContentLoaded.
  document.addEventListener('error', (event) => dropBrokenLogo(event.target), true);

  document.addEventListener('DOMContentLoaded', () => {
    for (const image of document.querySelectorAll('img[data-fallback="initials"]')) {
      if (image.complete && image.naturalWidth === 0) dropBrokenLogo(image);
    }
    // The loader (a deferred script) has run by now: the embed API is there, unless the loader failed to arrive.
    const wallet = window.TicketWallet;
    if (wallet && !Array.isArray(wallet)) wallet.on('themeChange', paint);
    else (window.TicketWallet = wallet || []).push(['on', 'themeChange', paint]);
  });

  // Buttons that open the wallet (the help centre's "Open my wallet").
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('[data-open-wallet]') : null;
    if (!button) return;
    const wallet = window.TicketWallet;
    if (wallet && !Array.isArray(wallet)) wallet.open();
    else (window.TicketWallet = wallet || []).push(['open']);
  });
})();
