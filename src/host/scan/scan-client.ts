// The script of the door scanner page (src/host/scan-page.ts writes its markup and strings), built by Parcel as
// /scan/scan-client.js. It renders the page's state (scan-state.ts) and does the work through the session
// (scan-session.ts): sign-in, each read (camera, or the code field, which a hand-held reader types into as a
// keyboard), and the sync — when an admission is made online, when the network returns, every half minute, and on
// "Sync now". Focus stays in the code field after each read, ready for the next person.
import { createCamera } from './scan-camera';
import { createScanSession, ScanApiError } from './scan-session';
import { type Camera, initialScanState, oneAtATime, type ScanAction, type ScanEvent, scanReducer, type Verdict } from './scan-state';

const SYNC_EVERY_MS = 30_000;

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const strings: Record<string, string> = JSON.parse(byId('scan-strings').textContent || '{}');
const t = (key: string, params: Record<string, string | number> = {}) =>
  (strings[key] ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => (name in params ? String(params[name]) : ''));
const lang = document.documentElement.lang || 'en';
const time = (iso: string) => new Intl.DateTimeFormat(lang, { timeStyle: 'medium' }).format(new Date(iso));
const dateTime = (iso: string) => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

const el = {
  signIn: byId('scan-sign-in'),
  signInTitle: byId('scan-sign-in-title'),
  keyForm: byId<HTMLFormElement>('scan-key-form'),
  key: byId<HTMLInputElement>('scan-key'),
  eventForm: byId<HTMLFormElement>('scan-event-form'),
  events: byId('scan-events'),
  error: byId('scan-error'),
  view: byId('scan-view'),
  viewTitle: byId('scan-view-title'),
  result: byId('scan-result'),
  codeForm: byId<HTMLFormElement>('scan-code-form'),
  code: byId<HTMLInputElement>('scan-code'),
  cameraToggle: byId<HTMLButtonElement>('scan-camera-toggle'),
  video: byId<HTMLVideoElement>('scan-video'),
  cameraNote: byId('scan-camera-note'),
  network: byId('scan-network'),
  pending: byId('scan-pending'),
  syncNow: byId<HTMLButtonElement>('scan-sync-now'),
  flagged: byId('scan-flagged'),
  flaggedList: byId('scan-flagged-list'),
  refused: byId('scan-refused'),
  refusedList: byId('scan-refused-list'),
  signOut: byId<HTMLButtonElement>('scan-sign-out'),
};

const session = createScanSession({ fetch: (input, init) => fetch(input, init), storage: window.localStorage, now: () => Date.now() });
let state = initialScanState(navigator.onLine);
let organizerKey = '';
let shownReads = 0;

function dispatch(action: ScanAction) {
  state = scanReducer(state, action);
  render();
}

/** Text nodes only: nothing from a code or the server is ever read as HTML. */
function element(tag: string, className: string, text = '') {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.textContent = text;
  return node;
}

function verdictNodes(verdict: Verdict): HTMLElement[] {
  if (verdict.kind === 'admitted') {
    return [element('p', 'scan-result__title', `✓ ${t('scan.admitted')}`), element('p', 'scan-result__detail', t('scan.admitted_detail', { ticket: verdict.ticket, holder: verdict.holder }))];
  }
  return [element('p', 'scan-result__title', `✕ ${t('scan.refused')}`), element('p', 'scan-result__detail', t(verdict.reason, verdict.at ? { time: time(verdict.at) } : {}))];
}

const cameraNotes: Partial<Record<Camera, string>> = {
  starting: 'scan.camera_starting',
  unavailable: 'scan.camera_unavailable',
  denied: 'scan.camera_denied',
  failed: 'scan.camera_failed',
  stopped: 'scan.camera_stopped',
};

function render() {
  const scanning = state.step === 'scanning';
  el.signIn.hidden = scanning;
  el.view.hidden = !scanning;
  el.keyForm.hidden = state.step !== 'key';
  el.eventForm.hidden = state.step !== 'event';
  el.error.textContent = state.error ? t(state.error) : '';
  for (const button of document.querySelectorAll<HTMLButtonElement>('#scan-sign-in button')) button.disabled = state.busy;
  if (!scanning || !state.event) return;
  el.viewTitle.textContent = t('scan.scanning_title', { event: state.event.name });
  if (state.reads !== shownReads) {
    shownReads = state.reads;
    el.result.className = `scan-result scan-result--${state.verdict?.kind ?? 'none'}`;
    // Emptied first, so the same verdict twice is announced twice.
    el.result.replaceChildren();
    const verdict = state.verdict;
    if (verdict) requestAnimationFrame(() => el.result.replaceChildren(...verdictNodes(verdict)));
  }
  el.network.textContent = state.online ? t('scan.online') : t('scan.offline');
  el.network.className = `scan-network scan-network--${state.online ? 'online' : 'offline'}`;
  el.pending.textContent = state.syncing ? t('scan.syncing') : state.pending ? t('scan.pending', { count: state.pending }) : state.syncedAt ? t('scan.synced') : '';
  if (state.syncFailed && state.online && !state.syncing) el.pending.textContent += ` · ${t('scan.sync_failed')}`;
  el.syncNow.disabled = state.syncing || !state.online;
  el.cameraToggle.textContent = t(state.camera === 'on' || state.camera === 'starting' ? 'scan.camera_stop' : 'scan.camera_start');
  el.cameraNote.textContent = cameraNotes[state.camera] ? t(cameraNotes[state.camera]!) : '';
  renderFlagged();
}

function renderFlagged() {
  const own = session.saved()?.scannerId;
  el.flagged.hidden = state.flagged.length === 0;
  el.flaggedList.replaceChildren(
    ...state.flagged.map((flag) => {
      const item = element('li', '', '');
      item.append(element('strong', '', t('scan.flagged_ticket', { ticket: flag.userTicketId, holder: flag.holderUserId })));
      const admissions = element('ul', '');
      for (const admission of flag.admissions) {
        admissions.append(element('li', '', t('scan.flagged_at', { scanner: admission.scannerId === own ? t('scan.this_scanner') : admission.scannerId, time: time(admission.admittedAt) })));
      }
      item.append(admissions);
      return item;
    }),
  );
  // Admissions the server refused at sync (a code revoked before the time it got in), each with its reason.
  const refused = session.status().refused;
  el.refused.hidden = refused.length === 0;
  el.refusedList.replaceChildren(
    ...refused.map((admission) => {
      const item = element('li', '', '');
      item.append(element('strong', '', t('scan.refused_ticket', { ticket: admission.userTicketId, time: time(admission.admittedAt) })));
      item.append(element('p', '', t(admission.reason)));
      return item;
    }),
  );
}

const sync = oneAtATime(async () => {
  if (state.step !== 'scanning' || !navigator.onLine) return false;
  dispatch({ type: 'sync.started' });
  try {
    const status = await session.sync();
    dispatch({ type: 'sync.done', pending: status.pending, flagged: status.flagged, at: status.syncedAt ?? new Date().toISOString() });
    return true;
  } catch {
    dispatch({ type: 'sync.failed', pending: session.status().pending });
    return false;
  }
});

async function read(code: string) {
  if (!code.trim() || state.step !== 'scanning') return;
  const verdict = await session.read(code);
  dispatch({ type: 'read', verdict, pending: session.status().pending });
  if (verdict.kind === 'admitted' && verdict.local) void sync();
}

function startScanning(event: ScanEvent) {
  const status = session.status();
  dispatch({ type: 'scanning', event, pending: status.pending, flagged: status.flagged, syncedAt: status.syncedAt });
  el.code.focus();
  void sync();
}

const errorKey = (error: unknown) => {
  const code = error instanceof ScanApiError ? error.code : '';
  if (code === 'api.access.organizer_key_invalid') return 'scan.key_invalid';
  return code === 'offline' ? 'scan.sign_in_offline' : 'scan.sign_in_failed';
};

el.keyForm.addEventListener('submit', async (submitted) => {
  submitted.preventDefault();
  organizerKey = el.key.value.trim();
  if (!organizerKey) {
    dispatch({ type: 'key.refused', error: 'scan.key_invalid' });
    return el.key.focus();
  }
  dispatch({ type: 'key.submitted' });
  try {
    const { organisation, events } = await session.events(organizerKey);
    el.events.replaceChildren(
      ...events.map((event, index) => {
        const label = element('label', 'scan-event', '');
        const radio = document.createElement('input');
        Object.assign(radio, { type: 'radio', name: 'event', value: String(event.eventId), checked: index === 0 });
        const text = element('span', '', '');
        text.append(element('strong', '', event.name), element('span', 'scan-muted', `${event.venue} · ${dateTime(event.startsAt)}`));
        label.append(radio, text);
        return label;
      }),
    );
    dispatch({ type: 'key.accepted', organisation, events });
    if (events.length) el.events.querySelector<HTMLInputElement>('input')?.focus();
    else el.key.focus();
  } catch (error) {
    dispatch({ type: 'key.refused', error: errorKey(error) });
    el.key.focus();
  }
});

el.eventForm.addEventListener('submit', async (submitted) => {
  submitted.preventDefault();
  const chosen = Number(new FormData(el.eventForm).get('event'));
  const event = state.events.find((candidate) => candidate.eventId === chosen);
  if (!event) return;
  dispatch({ type: 'event.submitted' });
  try {
    await session.signIn(organizerKey, event);
    el.key.value = '';
    startScanning(event);
  } catch (error) {
    dispatch({ type: 'key.refused', error: errorKey(error) });
    el.events.querySelector<HTMLInputElement>('input:checked')?.focus();
  }
});

el.codeForm.addEventListener('submit', async (submitted) => {
  submitted.preventDefault();
  const code = el.code.value;
  el.code.value = '';
  await read(code);
  el.code.focus();
});

const camera = createCamera(el.video, (code) => void read(code), (status) => dispatch({ type: 'camera', camera: status }));
el.cameraToggle.addEventListener('click', () => (camera.running() ? camera.stop() : void camera.start()));
el.syncNow.addEventListener('click', () => void sync());
el.signOut.addEventListener('click', () => {
  camera.stop();
  session.signOut();
  dispatch({ type: 'signed_out' });
  el.signInTitle.focus();
});
window.addEventListener('online', () => {
  dispatch({ type: 'network', online: true });
  void sync();
});
window.addEventListener('offline', () => dispatch({ type: 'network', online: false }));
setInterval(() => void sync(), SYNC_EVERY_MS);

// A scanner kept from before (a reload, perhaps offline) goes straight back to scanning.
void session.restore().then((saved) => {
  if (saved) startScanning(saved.event);
  else render();
});
