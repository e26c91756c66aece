// The door scanner page of the demo site (`/{lang}/scan`, issue 24): in the site's frame, the sign-in (organiser key,
// then the event), and the scanning view (the verdict of the last read in a live region, the code field, the camera,
// the network and what waits to sync, the tickets flagged as admitted twice). The server writes the markup and the
// strings; the script (src/host/scan/scan-client.ts, built by Parcel as /scan/scan-client.js) runs it.
import { escapeHtml, scriptJson } from './page-html';
import { type SiteFrame, sitePage } from './site-layout';

/** Every string the page's script shows, by key (the server fills the page's language). */
export const scanScriptKeys = [
  'scan.key_invalid',
  'scan.sign_in_offline',
  'scan.sign_in_failed',
  'scan.no_events',
  'scan.scanning_title',
  'scan.camera_start',
  'scan.camera_stop',
  'scan.camera_starting',
  'scan.camera_unavailable',
  'scan.camera_denied',
  'scan.camera_failed',
  'scan.camera_stopped',
  'scan.admitted',
  'scan.admitted_detail',
  'scan.refused',
  'scan.reason_already_admitted',
  'scan.reason_expired',
  'scan.reason_wrong_event',
  'scan.reason_revoked',
  'scan.reason_bad_signature',
  'scan.reason_malformed',
  'scan.reason_needs_network',
  'scan.reason_used',
  'scan.reason_no_ticket',
  'scan.reason_not_admissible',
  'scan.online',
  'scan.offline',
  'scan.pending',
  'scan.synced',
  'scan.syncing',
  'scan.sync_failed',
  'scan.flagged_ticket',
  'scan.flagged_at',
  'scan.this_scanner',
  'scan.refused_ticket',
  'scan.reason_revoked_before_admission',
] as const;

type Frame = Omit<SiteFrame, 'title' | 'path' | 'section'>;

/** `template` gives a string with its {{placeholders}} left in, for the script to fill. */
export function scanPage(frame: Frame, { script, template }: { script: string; template: (key: string) => string }): string {
  const { t } = frame;
  const text = (key: string, params?: Record<string, string>) => escapeHtml(t(key, params));
  const strings = Object.fromEntries(scanScriptKeys.map((key) => [key, template(key)]));
  const main = `<main id="content" class="site-main scan" tabindex="-1">
  <h1>${text('scan.title')}</h1>
  <section id="scan-sign-in" class="scan-card" aria-labelledby="scan-sign-in-title">
    <h2 id="scan-sign-in-title" tabindex="-1">${text('scan.sign_in_title')}</h2>
    <p class="scan-muted">${text('scan.sign_in_intro')}</p>
    <form id="scan-key-form" class="scan-form" novalidate>
      <label for="scan-key">${text('scan.key_label')}</label>
      <input id="scan-key" name="key" type="password" autocomplete="off" spellcheck="false" required aria-describedby="scan-error" />
      <button class="site-button" type="submit">${text('scan.key_continue')}</button>
    </form>
    <form id="scan-event-form" class="scan-form" novalidate hidden>
      <fieldset class="site-choices">
        <legend id="scan-event-legend">${text('scan.event_legend', { org: frame.organisation.name })}</legend>
        <div id="scan-events" class="scan-events"></div>
      </fieldset>
      <button class="site-button" type="submit">${text('scan.event_start')}</button>
    </form>
    <p id="scan-error" class="scan-error" role="alert"></p>
  </section>
  <section id="scan-view" class="scan-view" aria-labelledby="scan-view-title" hidden>
    <h2 id="scan-view-title" tabindex="-1"></h2>
    <div id="scan-result" class="scan-result" aria-live="assertive" aria-atomic="true"></div>
    <form id="scan-code-form" class="scan-form scan-form--code" novalidate>
      <label for="scan-code">${text('scan.code_label')}</label>
      <p id="scan-code-hint" class="scan-muted">${text('scan.code_hint')}</p>
      <div class="scan-code-row">
        <input id="scan-code" name="code" type="text" autocomplete="off" autocapitalize="off" spellcheck="false" aria-describedby="scan-code-hint" />
        <button class="site-button" type="submit">${text('scan.check')}</button>
      </div>
    </form>
    <div class="scan-camera">
      <button id="scan-camera-toggle" class="site-button site-button--secondary" type="button">${text('scan.camera_start')}</button>
      <video id="scan-video" class="scan-video" muted playsinline aria-label="${text('scan.camera_label')}" hidden></video>
      <p id="scan-camera-note" class="scan-muted" role="status"></p>
    </div>
    <div class="scan-sync" aria-live="polite">
      <p id="scan-network" class="scan-network"></p>
      <p id="scan-pending" class="scan-pending"></p>
    </div>
    <p><button id="scan-sync-now" class="site-button site-button--secondary" type="button">${text('scan.sync_now')}</button></p>
    <section id="scan-flagged" class="scan-flagged" aria-labelledby="scan-flagged-title" hidden>
      <h3 id="scan-flagged-title">${text('scan.flagged_title')}</h3>
      <p>${text('scan.flagged_intro')}</p>
      <ul id="scan-flagged-list"></ul>
    </section>
    <section id="scan-refused" class="scan-flagged" aria-labelledby="scan-refused-title" hidden>
      <h3 id="scan-refused-title">${text('scan.refused_title')}</h3>
      <p>${text('scan.refused_intro')}</p>
      <ul id="scan-refused-list"></ul>
    </section>
    <p><button id="scan-sign-out" class="site-button site-button--secondary" type="button">${text('scan.sign_out')}</button></p>
  </section>
  <script type="application/json" id="scan-strings">${scriptJson(strings)}</script>
</main>`;
  return sitePage(
    {
      ...frame,
      title: t('scan.page_title', { org: frame.organisation.name }),
      path: '/scan',
      section: null,
      stylesheet: '/scan-page.css',
      script,
      // Door staff scan here: the attendee's wallet button would only cover the result on a phone.
      wallet: false,
      head: '\n<meta name="robots" content="noindex" />',
    },
    main,
  );
}
