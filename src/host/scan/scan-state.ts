// The /scan page's state, as a reducer with no I/O (scan-client.ts renders it; tests/unit/scan-state.test.ts checks
// it): the sign-in (organiser key, then the event), and the scanning view (the last read's verdict, the network, the
// admissions waiting to sync, the camera, the tickets the server flagged as admitted twice). A plain module, not an
// XState machine: the page is the demo site's, not a wallet flow, and its few states are a field each.
import type { RefusalCode } from '../../door/code';

/** A ticket admitted at more than one scanner (the sync's answer). */
export interface Flag {
  userTicketId: number;
  holderUserId: number;
  admissions: { scannerId: string; admittedAt: string }[];
}

export interface ScanEvent {
  eventId: number;
  name: string;
  venue: string;
  startsAt: string;
  endsAt: string;
}

/** What the page shows of one read. `local`: verified on this device and logged, to sync (a TW2 code). */
export type Verdict =
  | { kind: 'admitted'; ticket: string; holder: string; local: boolean }
  | { kind: 'refused'; reason: ReasonKey; at?: string };

/** Why a read is refused, as the locale key staff read. */
export type ReasonKey =
  | 'scan.reason_already_admitted'
  | 'scan.reason_expired'
  | 'scan.reason_wrong_event'
  | 'scan.reason_revoked'
  | 'scan.reason_revoked_before_admission'
  | 'scan.reason_bad_signature'
  | 'scan.reason_malformed'
  | 'scan.reason_needs_network'
  | 'scan.reason_used'
  | 'scan.reason_no_ticket'
  | 'scan.reason_not_admissible';

/** The reason of an offline refusal (src/door/code.ts) or of the gate API's error code (a TW1 code). */
export function reasonOf(code: RefusalCode | string): ReasonKey {
  switch (code) {
    case 'door.already_admitted':
      return 'scan.reason_already_admitted';
    case 'door.certificate_expired':
    case 'door.certificate_not_yet_valid':
    case 'door.step_out_of_tolerance':
    case 'api.access.invalid_qr':
      return 'scan.reason_expired';
    case 'door.wrong_event':
      return 'scan.reason_wrong_event';
    case 'door.revoked_before_admission':
      return 'scan.reason_revoked_before_admission';
    case 'api.access.no_ticket':
      return 'scan.reason_no_ticket';
    case 'door.certificate_revoked':
    case 'api.ticket.not_held':
    case 'api.ticket.listed':
    case 'api.ticket.reserved':
      return 'scan.reason_revoked';
    case 'door.key_unknown':
    case 'door.certificate_forged':
    case 'door.device_signature_invalid':
      return 'scan.reason_bad_signature';
    case 'door.code_malformed':
      return 'scan.reason_malformed';
    case 'api.access.qr_replayed':
    case 'api.ticket.used':
      return 'scan.reason_used';
    default:
      return 'scan.reason_not_admissible';
  }
}

/** Which path a code read at the door takes: verified here (TW2), asked of the gate API (TW1), or neither. */
export function codeKind(text: string): 'device' | 'polling' | 'unknown' {
  const code = text.trim();
  if (code.startsWith('TW2.')) return 'device';
  // The server-drawn polling code (src/server/modules/access/service.ts): `TW1.<user>.<step>.<mac>`.
  if (code.startsWith('TW1.')) return 'polling';
  return 'unknown';
}

/** `failed`: the code reader did not load; `stopped`: the camera went away while on. */
export type Camera = 'off' | 'starting' | 'on' | 'unavailable' | 'denied' | 'failed' | 'stopped';

export interface ScanPageState {
  step: 'key' | 'event' | 'scanning';
  busy: boolean;
  /** A locale key: why the sign-in did not go through. */
  error: string | null;
  organisation: string;
  events: ScanEvent[];
  event: ScanEvent | null;
  online: boolean;
  pending: number;
  syncing: boolean;
  /** The last sync failed (it is tried again): shown until one succeeds. */
  syncFailed: boolean;
  /** When the server last took this scanner's admissions (ISO), null before the first sync. */
  syncedAt: string | null;
  flagged: Flag[];
  verdict: Verdict | null;
  /** Counts the reads, so the same verdict twice is still a new message for the live region. */
  reads: number;
  camera: Camera;
}

export type ScanAction =
  | { type: 'key.submitted' }
  | { type: 'key.refused'; error: string }
  | { type: 'key.accepted'; organisation: string; events: ScanEvent[] }
  | { type: 'event.submitted' }
  | { type: 'scanning'; event: ScanEvent; pending: number; flagged: Flag[]; syncedAt: string | null }
  | { type: 'signed_out' }
  | { type: 'network'; online: boolean }
  | { type: 'read'; verdict: Verdict; pending: number }
  | { type: 'sync.started' }
  | { type: 'sync.done'; pending: number; flagged: Flag[]; at: string }
  | { type: 'sync.failed'; pending: number }
  | { type: 'camera'; camera: Camera };

export const initialScanState = (online: boolean): ScanPageState => ({
  step: 'key',
  busy: false,
  error: null,
  organisation: '',
  events: [],
  event: null,
  online,
  pending: 0,
  syncing: false,
  syncFailed: false,
  syncedAt: null,
  flagged: [],
  verdict: null,
  reads: 0,
  camera: 'off',
});

export function scanReducer(state: ScanPageState, action: ScanAction): ScanPageState {
  switch (action.type) {
    case 'key.submitted':
    case 'event.submitted':
      return { ...state, busy: true, error: null };
    case 'key.refused':
      return { ...state, busy: false, error: action.error };
    case 'key.accepted':
      return { ...state, busy: false, error: action.events.length ? null : 'scan.no_events', step: action.events.length ? 'event' : 'key', organisation: action.organisation, events: action.events };
    case 'scanning':
      return { ...state, busy: false, error: null, step: 'scanning', event: action.event, pending: action.pending, flagged: action.flagged, syncedAt: action.syncedAt, verdict: null };
    case 'signed_out':
      return { ...initialScanState(state.online) };
    case 'network':
      return { ...state, online: action.online };
    case 'read':
      return { ...state, verdict: action.verdict, pending: action.pending, reads: state.reads + 1 };
    case 'sync.started':
      return { ...state, syncing: true };
    case 'sync.done':
      return { ...state, syncing: false, syncFailed: false, pending: action.pending, flagged: action.flagged, syncedAt: action.at };
    case 'sync.failed':
      return { ...state, syncing: false, syncFailed: true, pending: action.pending };
    case 'camera':
      return { ...state, camera: action.camera };
  }
}

/**
 * Runs `task` one at a time. A call while it runs asks for one more run right after it (any number of such calls fold
 * into that one), unless the run said `false` (it failed or could not start: the next timer or event tries again). The
 * sync uses it so that an admission made while a sync is on the wire is sent straight after, not half a minute later.
 */
export function oneAtATime(task: () => Promise<boolean>): () => Promise<void> {
  let running = false;
  let again = false;
  const run = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    again = false;
    let done: boolean;
    try {
      done = await task();
    } finally {
      running = false;
    }
    if (again && done) await run();
  };
  return run;
}
