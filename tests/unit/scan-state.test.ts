// The /scan page's state (src/host/scan/scan-state.ts): which path a code takes, the reason staff read for each
// refusal, and the reducer's steps from the organiser key to scanning and back.
import { describe, expect, it } from 'vitest';
import { codeKind, initialScanState, oneAtATime, reasonOf, type ScanEvent, scanReducer } from '../../src/host/scan/scan-state';

const event: ScanEvent = { eventId: 2, name: 'Night Market', venue: 'Barangaroo', startsAt: '2026-11-27T17:00:00Z', endsAt: '2026-11-28T01:00:00Z' };

describe('the scan page state', () => {
  it('sends TW2 codes to the offline check and TW1 codes to the gate API', () => {
    expect(codeKind('  TW2.AQEA ')).toBe('device');
    expect(codeKind('TW1.7.1764235800.abc')).toBe('polling');
    expect(codeKind('hello')).toBe('unknown');
  });

  it('names each refusal the way staff read it', () => {
    expect(reasonOf('door.already_admitted')).toBe('scan.reason_already_admitted');
    for (const code of ['door.certificate_expired', 'door.certificate_not_yet_valid', 'door.step_out_of_tolerance', 'api.access.invalid_qr']) {
      expect(reasonOf(code)).toBe('scan.reason_expired');
    }
    expect(reasonOf('door.wrong_event')).toBe('scan.reason_wrong_event');
    expect(reasonOf('door.certificate_revoked')).toBe('scan.reason_revoked');
    for (const code of ['door.key_unknown', 'door.certificate_forged', 'door.device_signature_invalid']) expect(reasonOf(code)).toBe('scan.reason_bad_signature');
    expect(reasonOf('door.code_malformed')).toBe('scan.reason_malformed');
    expect(reasonOf('api.access.qr_replayed')).toBe('scan.reason_used');
    expect(reasonOf('api.access.no_ticket')).toBe('scan.reason_no_ticket');
    expect(reasonOf('api.ticket.event_over')).toBe('scan.reason_not_admissible');
  });

  it('goes from the key to the event to scanning, and back on sign out', () => {
    let state = scanReducer(initialScanState(true), { type: 'key.submitted' });
    expect(state).toMatchObject({ step: 'key', busy: true, error: null });
    state = scanReducer(state, { type: 'key.refused', error: 'scan.key_invalid' });
    expect(state).toMatchObject({ step: 'key', busy: false, error: 'scan.key_invalid' });
    // A key whose organisation has nothing to scan stays on the key, saying so.
    expect(scanReducer(state, { type: 'key.accepted', organisation: 'Harbour', events: [] })).toMatchObject({ step: 'key', error: 'scan.no_events' });
    state = scanReducer(state, { type: 'key.accepted', organisation: 'Harbour', events: [event] });
    expect(state).toMatchObject({ step: 'event', error: null, events: [event] });
    state = scanReducer(scanReducer(state, { type: 'event.submitted' }), { type: 'scanning', event, pending: 2, flagged: [], syncedAt: null });
    expect(state).toMatchObject({ step: 'scanning', busy: false, event, pending: 2 });
    expect(scanReducer(state, { type: 'signed_out' })).toEqual(initialScanState(true));
  });

  it('counts reads, follows the network and the sync', () => {
    let state = scanReducer(initialScanState(false), { type: 'scanning', event, pending: 0, flagged: [], syncedAt: null });
    const verdict = { kind: 'refused', reason: 'scan.reason_already_admitted' } as const;
    state = scanReducer(scanReducer(state, { type: 'read', verdict, pending: 1 }), { type: 'read', verdict, pending: 1 });
    expect(state).toMatchObject({ reads: 2, verdict, pending: 1, online: false });
    state = scanReducer(state, { type: 'network', online: true });
    state = scanReducer(state, { type: 'sync.started' });
    expect(state.syncing).toBe(true);
    state = scanReducer(state, { type: 'sync.failed', pending: 1 });
    expect(state).toMatchObject({ syncing: false, syncFailed: true });
    const flagged = [{ userTicketId: 1, holderUserId: 2, admissions: [] }];
    state = scanReducer(state, { type: 'sync.done', pending: 0, flagged, at: '2026-11-27T20:00:00Z' });
    expect(state).toMatchObject({ syncing: false, syncFailed: false, pending: 0, flagged, syncedAt: '2026-11-27T20:00:00Z' });
    expect(scanReducer(state, { type: 'camera', camera: 'denied' }).camera).toBe('denied');
  });

  it('runs a sync asked for during another once more right after it, folding several asks into one', async () => {
    const releases: (() => void)[] = [];
    let runs = 0;
    const sync = oneAtATime(async () => {
      runs += 1;
      await new Promise<void>((release) => releases.push(release));
      return true;
    });
    const first = sync();
    // Two admissions while the first sync is on the wire: one more sync, not two, and not none.
    await sync();
    await sync();
    expect(runs).toBe(1);
    releases.shift()!();
    await Promise.resolve();
    await new Promise((next) => setTimeout(next, 0));
    expect(runs).toBe(2);
    releases.shift()!();
    await first;
    expect(runs).toBe(2);
    // Nothing asked during the second: the next call starts a run at once.
    const third = sync();
    expect(runs).toBe(3);
    releases.shift()!();
    await third;
  });

  it('does not run again after a sync that failed: the timer or the network coming back tries again', async () => {
    let runs = 0;
    let release!: () => void;
    const sync = oneAtATime(async () => {
      runs += 1;
      await new Promise<void>((done) => (release = done));
      return false;
    });
    const first = sync();
    await sync();
    release();
    await first;
    expect(runs).toBe(1);
  });
});
