// The /scan page's work with the network and storage, around the offline scanner (src/door/scanner.ts): sign in with
// the organiser key (GET /v1/door/events), copy the public keys and the event's revocation list, verify each TW2 code
// here and log it, send TW1 codes to the gate API, and sync the log (POST /v1/door/events/:id/admissions) taking a
// fresh revocation list each time. Everything the scanner needs offline is kept in storage as plain data, so a reload
// with no network still verifies and still knows what waits to sync. fetch, storage and the clock are passed in
// (tests/unit/scan-session.test.ts runs it in Node).
import { decodeCode, fromBase64Url, importPublicKey } from '../../door/code';
import { createScanner, type Scanner, type ScannerLog } from '../../door/scanner';
import { codeKind, type Flag, type ReasonKey, reasonOf, type ScanEvent, type Verdict } from './scan-state';

/** Where the page keeps its copy (localStorage of the demo site's origin). */
export const SCAN_STORAGE_KEY = 'tw.scan';

/** What is kept across reloads. The organiser key too: the sync needs it after a reload offline; Sign out drops it all. */
export interface SavedScan {
  organizerKey: string;
  scannerId: string;
  event: ScanEvent;
  keys: { keyId: number; publicKey: string }[];
  toleranceSteps: number;
  revoked: number[];
  log: ScannerLog;
  flagged: Flag[];
  /** Admissions this scanner made that the server refused at sync (a code revoked before then), with the reason. */
  refused?: RefusedAdmission[];
  syncedAt: string | null;
}

/** One of this scanner's admissions the server refused when it synced: the ticket, when it got in, and why. */
export interface RefusedAdmission {
  userTicketId: number;
  admittedAt: string;
  reason: ReasonKey;
}

export interface ScanSessionDeps {
  fetch: typeof fetch;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  now: () => number;
  /** A name for this scanner in the flagged list; a random one when absent. */
  newScannerId?: () => string;
}

/** A refusal of the sign-in: the API's error code, or `offline` when the request never reached the server. */
export class ScanApiError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/** Admissions per sync call: the endpoint takes at most 500. */
const SYNC_BATCH = 500;

export function createScanSession(deps: ScanSessionDeps) {
  let saved: SavedScan | null = null;
  let scanner: Scanner | null = null;

  async function api<T>(path: string, organizerKey: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await deps.fetch(`/v1${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'x-organizer-key': organizerKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new ScanApiError('offline');
    }
    const json = await response.json().catch(() => ({}));
    if (!response.ok) throw new ScanApiError(typeof json?.code === 'string' ? json.code : 'api.internal_error');
    return json as T;
  }

  function persist() {
    if (!saved || !scanner) return;
    saved = { ...saved, log: scanner.log() };
    try {
      deps.storage.setItem(SCAN_STORAGE_KEY, JSON.stringify(saved));
    } catch {
      // Storage full or refused: the log lives on in memory until the next sync.
    }
  }

  async function build(from: SavedScan) {
    const organisationKeys = new Map<number, CryptoKey>();
    for (const key of from.keys) organisationKeys.set(key.keyId, await importPublicKey(fromBase64Url(key.publicKey)));
    saved = from;
    scanner = createScanner({ eventId: from.event.eventId, organisationKeys, revoked: from.revoked, toleranceSteps: from.toleranceSteps }, from.log);
  }

  /** The public keys and the event's revocation list, as of now. */
  async function copyKeys(organizerKey: string, eventId: number) {
    const published = await api<{ keys: { keyId: number; publicKey: string }[]; toleranceSteps: number }>('/door/keys', organizerKey);
    const revocations = await api<{ certificateIds: number[] }>(`/door/events/${eventId}/revocations`, organizerKey);
    return { keys: published.keys.map(({ keyId, publicKey }) => ({ keyId, publicKey })), toleranceSteps: published.toleranceSteps, revoked: revocations.certificateIds };
  }

  /** This scanner's admission of the code's ticket, if it made one. */
  function admittedHere(text: string) {
    const { userTicketId } = decodeCode(text).certificate;
    return scanner?.log().admitted.find((admission) => admission.userTicketId === userTicketId);
  }

  const status = () => ({ pending: scanner?.pendingCount() ?? 0, flagged: saved?.flagged ?? [], refused: saved?.refused ?? [], syncedAt: saved?.syncedAt ?? null });

  return {
    /** The scanner kept from before, if any (a reload, online or not). */
    async restore(): Promise<SavedScan | null> {
      const text = deps.storage.getItem(SCAN_STORAGE_KEY);
      if (!text) return null;
      try {
        await build(JSON.parse(text) as SavedScan);
        return saved;
      } catch {
        deps.storage.removeItem(SCAN_STORAGE_KEY);
        return null;
      }
    },

    /** The events the key may scan; throws ScanApiError (`api.access.organizer_key_invalid`, `offline`). */
    events: (organizerKey: string) => api<{ organisation: string; events: ScanEvent[] }>('/door/events', organizerKey),

    /** Starts scanning an event: copies what the scanner needs offline and keeps it. */
    async signIn(organizerKey: string, event: ScanEvent) {
      const copied = await copyKeys(organizerKey, event.eventId);
      const scannerId = deps.newScannerId?.() ?? `scanner-${crypto.randomUUID().slice(0, 8)}`;
      await build({ organizerKey, scannerId, event, ...copied, log: { admitted: [], synced: 0 }, flagged: [], syncedAt: null });
      persist();
    },

    signOut() {
      saved = null;
      scanner = null;
      deps.storage.removeItem(SCAN_STORAGE_KEY);
    },

    /** One code read at the door. TW2 is checked here with no network; TW1 needs the gate API. */
    async read(text: string): Promise<Verdict> {
      if (!saved || !scanner) throw new Error('read before sign-in');
      const kind = codeKind(text);
      if (kind === 'polling') {
        try {
          const admitted = await api<{ userTicketId: number; ticketName: string; holder: string }>('/access/scan', saved.organizerKey, {
            token: text.trim(),
            eventId: saved.event.eventId,
          });
          return { kind: 'admitted', ticket: admitted.ticketName, holder: admitted.holder, local: false };
        } catch (error) {
          const code = error instanceof ScanApiError ? error.code : 'offline';
          return { kind: 'refused', reason: code === 'offline' ? 'scan.reason_needs_network' : reasonOf(code) };
        }
      }
      if (kind === 'unknown') return { kind: 'refused', reason: 'scan.reason_malformed' };
      const result = await scanner.scan(text, deps.now());
      if (!result.admitted) {
        // A ticket this scanner let in is on the revocation list once synced (used): staff read "already admitted here".
        const previous = result.previous ?? (result.reason === 'door.certificate_revoked' ? admittedHere(text) : undefined);
        if (previous) return { kind: 'refused', reason: 'scan.reason_already_admitted', at: previous.admittedAt };
        return { kind: 'refused', reason: reasonOf(result.reason) };
      }
      persist();
      return { kind: 'admitted', ticket: `#${result.admission.userTicketId}`, holder: `#${result.holderUserId}`, local: true };
    },

    /** Sends what waits, then takes a fresh revocation list. Throws ScanApiError when the server cannot be reached. */
    async sync() {
      if (!saved || !scanner) throw new Error('sync before sign-in');
      const { organizerKey, scannerId, event } = saved;
      let answered = false;
      for (let batch = scanner.nextBatch(SYNC_BATCH); batch.length; batch = scanner.nextBatch(SYNC_BATCH)) {
        const answer = await api<{ refused: { index: number; reason: string }[]; flagged: Flag[] }>(`/door/events/${event.eventId}/admissions`, organizerKey, {
          scannerId,
          admissions: batch,
        });
        scanner.acknowledge(batch.length, answer);
        const refused = answer.refused.flatMap(({ index, reason }) => {
          const admission = batch[index];
          if (!admission) return [];
          return [{ userTicketId: decodeCode(admission.code).certificate.userTicketId, admittedAt: admission.admittedAt, reason: reasonOf(reason) }];
        });
        saved = { ...saved, flagged: answer.flagged, refused: [...(saved.refused ?? []), ...refused] };
        answered = true;
        persist();
      }
      if (!answered) {
        // Nothing to send: an empty batch still answers the flags other scanners caused.
        const answer = await api<{ flagged: Flag[] }>(`/door/events/${event.eventId}/admissions`, organizerKey, { scannerId, admissions: [] });
        saved = { ...saved, flagged: answer.flagged };
      }
      const copied = await copyKeys(organizerKey, event.eventId);
      const syncedAt = new Date(deps.now()).toISOString();
      // A key published since is taken by building the scanner again around the same log; else only the list changes.
      if (JSON.stringify(copied.keys) !== JSON.stringify(saved.keys)) await build({ ...saved, ...copied, log: scanner.log(), syncedAt });
      else {
        scanner.updateRevocations(copied.revoked);
        saved = { ...saved, ...copied, syncedAt };
      }
      persist();
      return status();
    },

    status,
    saved: () => saved,
  };
}

export type ScanSession = ReturnType<typeof createScanSession>;
