// The page /visualizer answers while the visualiser and its test paths are still being built (`npm start` builds them
// after the server listens; scripts/start.ts): never a 404 or a blank chart. In the reader's language (Accept-Language
// or ?lang=), a status region that says what is happening, a link to check again, and a small script that asks
// every 3 s (HEAD /visualizer) and reloads the page once the visualiser answers, so the page changes only when it
// is ready rather than on a timer.
import { translate } from './i18n';

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The inline script: its hash goes into the page's CSP (inlineScriptPolicy). */
const POLL = `setInterval(function(){fetch(location.pathname,{method:'HEAD',cache:'no-store'}).then(function(r){if(r.ok)location.reload()},function(){})},3000)`;

export function visualizerPreparingPage(lang: 'en' | 'es'): string {
  const t = (key: string) => escapeHtml(translate(lang, key));
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${t('visualizer.preparing_title')} · ${t('visualizer.title')}</title>
</head>
<body>
<main>
<h1>${t('visualizer.title')}</h1>
<p role="status" aria-live="polite" id="visualizer-preparing">${t('visualizer.preparing')}</p>
<p><a href="">${t('visualizer.preparing_check')}</a></p>
</main>
<script>${POLL}</script>
</body>
</html>
`;
}
