// The door scanner's logic, offline: it verifies a device-bound code (src/door/code.ts) against its last copy of the
// organisation's keys and revocation list, keeps a log of the tickets it admitted so a replay is refused at this door
// (the same code, or a later code of the same ticket), and queues its admissions for the server, which merges them
// with the other scanners' and flags a ticket admitted at two doors. No I/O here: the /scan page (or a test) moves
// the data in and out; the log is plain data that can be kept in storage and read back.
import { type RefusalCode, type VerifyOptions, verifyCode } from './code';

/** One admission, as the scanner logs it and uploads it (POST /v1/door/events/:eventId/admissions). */
export interface Admission {
  code: string;
  admittedAt: string;
  userTicketId: number;
  certificateId: number;
}

/** What the scanner knows from its last time online (GET /v1/door/keys and the event's revocation list). */
export interface ScannerSetup {
  eventId: number;
  organisationKeys: ReadonlyMap<number, CryptoKey>;
  revoked: Iterable<number>;
  toleranceSteps: number;
}

/** The part of the scanner kept across restarts. */
export interface ScannerLog {
  /** Everything this scanner admitted, oldest first. */
  admitted: Admission[];
  /** How many of the oldest admissions the server has stored. */
  synced: number;
}

export type ScanResult =
  | { admitted: true; admission: Admission; holderUserId: number }
  | { admitted: false; reason: RefusalCode; previous?: Admission };

export interface SyncAnswer {
  refused: { index: number; reason: string }[];
  flagged: { userTicketId: number; holderUserId: number; admissions: { scannerId: string; admittedAt: string }[] }[];
}

export function createScanner(setup: ScannerSetup, log: ScannerLog = { admitted: [], synced: 0 }) {
  const revoked = new Set(setup.revoked);
  const verifiedCertificates = new Map<string, CryptoKey>();
  const admitted = [...log.admitted];
  let synced = Math.min(log.synced, admitted.length);
  const byTicket = new Map(admitted.map((admission) => [admission.userTicketId, admission]));
  let flagged: SyncAnswer['flagged'] = [];
  let refusedBySync: { admission: Admission; reason: string }[] = [];
  const options = (nowMs: number): VerifyOptions => ({
    organisationKeys: setup.organisationKeys,
    eventId: setup.eventId,
    revoked,
    nowMs,
    toleranceSteps: setup.toleranceSteps,
    verifiedCertificates,
  });

  return {
    /** Verifies a code read at the door and, when it passes and its ticket has not been admitted here, logs it. */
    async scan(code: string, nowMs: number): Promise<ScanResult> {
      const verdict = await verifyCode(code, options(nowMs));
      if (!verdict.ok) return { admitted: false, reason: verdict.reason };
      const { certificate } = verdict.code;
      const previous = byTicket.get(certificate.userTicketId);
      if (previous) return { admitted: false, reason: 'door.already_admitted', previous };
      const admission: Admission = {
        code: code.trim(),
        admittedAt: new Date(nowMs).toISOString(),
        userTicketId: certificate.userTicketId,
        certificateId: certificate.certificateId,
      };
      admitted.push(admission);
      byTicket.set(admission.userTicketId, admission);
      return { admitted: true, admission, holderUserId: certificate.holderUserId };
    },

    /** A newer revocation list from the server (it replaces the old one: the server's list is complete). */
    updateRevocations(certificateIds: Iterable<number>) {
      revoked.clear();
      for (const id of certificateIds) revoked.add(id);
    },

    /** The oldest admissions the server has not stored yet, at most `max`, as the sync call's body wants them. */
    nextBatch(max = 500): { code: string; admittedAt: string }[] {
      return admitted.slice(synced, synced + max).map(({ code, admittedAt }) => ({ code, admittedAt }));
    },

    /** The server answered a batch of `count` admissions: they are synced; the flags and refusals are kept for staff. */
    acknowledge(count: number, answer: SyncAnswer) {
      const batch = admitted.slice(synced, synced + count);
      refusedBySync = [...refusedBySync, ...answer.refused.flatMap(({ index, reason }) => (batch[index] ? [{ admission: batch[index], reason }] : []))];
      synced += batch.length;
      flagged = answer.flagged;
    },

    pendingCount: () => admitted.length - synced,
    /** Tickets admitted more than once across the scanners, as of the last sync. */
    flagged: () => flagged,
    /** Admissions the server did not accept on sync (a code that no longer verifies there), for staff to look into. */
    refusedBySync: () => refusedBySync,
    /** What to keep in storage. */
    log: (): ScannerLog => ({ admitted: [...admitted], synced }),
  };
}

export type Scanner = ReturnType<typeof createScanner>;
