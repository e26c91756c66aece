// The script host pages include: <script src="https://wallet.example/embed.js" data-api-base="…"
// data-org-name="…" data-org-logo="…" data-site-url="…"></script>. It mounts the wallet once the DOM is ready;
// data-target (a CSS selector) chooses the element to mount into, else a <ticket-wallet> on the page or a new one.
import { configFromScript } from '../web/wallet-config';
import { HOST_TAG, mountWallet } from './mount';

// currentScript is only set while a classic script first runs, so read it before anything waits.
const script = document.currentScript instanceof HTMLScriptElement ? document.currentScript : null;
const config = configFromScript(script, window.location.href);

function start(): void {
  const selector = script?.dataset.target || HOST_TAG;
  mountWallet(config, document.querySelector<HTMLElement>(selector));
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
