// The transfer history machine's sample events, shared by tests/machines/history.test.ts and the visualiser's paths.
import type { TicketHistory } from '../../src/contract/entities';
import type { HistoryEvent } from '../history';
import { historyMachine } from '../history';
import { testServices } from './fake-platform';
import { httpError } from './fixtures';
import { modelSpec } from './model-spec';

/** A ticket Alex bought, gifted to the asker. */
export const sampleHistory: TicketHistory = {
  userTicketId: 11,
  ticketName: 'Weekender',
  entries: [
    { move: 'issued', at: '2026-05-01T10:00:00.000Z', holder: 'alex#4821' },
    { move: 'gifted', at: '2026-06-02T18:30:00.000Z', holder: 'you' },
  ],
};

export const historySampleEvents = [
  { type: 'history.retry' },
  { type: 'history.openTicket' },
  { type: 'loadHistory.done', output: sampleHistory },
  { type: 'loadHistory.error', error: httpError('ticketHistory', 404, 'api.ticket.not_found') },
  { type: 'loadHistory.error', error: httpError('ticketHistory', 503, 'api.internal_error') },
] as unknown as HistoryEvent[];

/** The history machine's model-based test (tests/machines/history.test.ts, the visualiser's paths). */
export const historySpec = modelSpec({
  name: 'history',
  machine: historyMachine,
  starts: [{ name: 'start', input: () => ({ services: testServices(), userTicketId: 11 }) }],
  events: historySampleEvents,
});
