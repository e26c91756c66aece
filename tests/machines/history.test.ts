// Model-based tests of the transfer history machine: the history loads, a failure shows its reason with Try again, a
// ticket that is not the asker's only its reason, and the ticket page is one event away from every state.
import { describe, expect, it } from 'vitest';
import { historyMachine } from '../../machines/history';
import { historySpec, sampleHistory } from '../../machines/models/history.model';
import { expectFullCoverage, runPathOnActor } from '../../machines/models/model';
import { pathsOf } from '../../machines/models/model-spec';

const { testMachine, runs, paths } = pathsOf(historySpec);
const { input } = runs[0]!;

describe('history model', () => {
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    await runPathOnActor(path, {
      machine: historyMachine.provide({ actions: { logError: () => {} } }),
      input,
      promiseActors: ['loadHistory'],
      asChild: true,
      check: (actor, step, reports) => {
        const snapshot = actor.getSnapshot();
        if (step.event.type === 'history.openTicket') {
          expect(reports.at(-1)).toEqual({ type: 'panel.open', tab: 'TICKET', userTicketId: expect.any(String) });
        }
        if (snapshot.matches('shown')) expect(snapshot.context.history).toEqual(sampleHistory);
        if (snapshot.matches('failed')) expect(snapshot.context.error).toBe('api.internal_error');
        if (snapshot.matches('notFound')) expect(snapshot.context.error).toBe('api.ticket.not_found');
        // Only a failure asking again can mend is offered Try again.
        expect(snapshot.can({ type: 'history.retry' }), 'retry').toBe(snapshot.matches('failed'));
      },
    });
  });

  it('takes every transition', () => expectFullCoverage(historySpec.name, testMachine, paths, historySpec.excused));
});
