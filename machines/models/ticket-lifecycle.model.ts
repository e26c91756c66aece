// The ticket lifecycle's test model: its sample events, shared by tests/machines/ticket-lifecycle.test.ts and the
// visualiser's test paths (src/visualizer/model-paths.ts).
import { ticketOperations, type TicketLifecycleEvent } from '../ticket-lifecycle';
import { ticketLifecycleMachine } from '../ticket-lifecycle';
import { modelSpec } from './model-spec';

export const open = { allowedByType: true, eventOver: false };

export const ticketLifecycleSampleEvents: TicketLifecycleEvent[] = [
  ...ticketOperations.map((type) => ({ type, facts: open })),
  { type: 'gift', facts: { allowedByType: false, eventOver: false } },
  { type: 'list', facts: { allowedByType: true, eventOver: true } },
  { type: 'pdf.issue', facts: { allowedByType: false, eventOver: false } },
  { type: 'redeem', facts: { allowedByType: true, eventOver: true } },
];

/** The ticket lifecycle's model-based test: the machine itself (no invokes or delays), no input. */
export const ticketLifecycleSpec = modelSpec({
  name: 'ticketLifecycle',
  machine: ticketLifecycleMachine,
  asIs: true,
  starts: [{ name: 'start', input: () => undefined }],
  events: ticketLifecycleSampleEvents,
});
