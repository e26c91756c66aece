// Model-based paths of the transfer history (machines/models/history.model.ts) on the rendered wallet at HISTORY, its
// real screen (src/web/screens/history-screen.tsx): Try again and Back to the ticket are a person's; msw holds the
// history request (GET /list/ticket_listing/:ticketUserId/history) until the path answers it (`responseFor`, the
// contract's shapes). After every step the screen shows what the model's state says (the skeleton, the moves with
// their holders, the reason and Try again, or only the reason for a ticket not the asker's), and the API has exactly the request the state waits for, for this
// ticket. Back ends the path on the ticket page. A failing step names the machine, the path and the step.
// All the model's shortest paths plus one per missed transition run (no sampling): under a second.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { historyMachine, type HistorySnapshot } from '../../machines/history';
import { testServices } from '../../machines/models/fake-platform';
import { expectFullCoverage, toTestMachine } from '../../machines/models/model';
import { historySampleEvents } from '../../machines/models/history.model';
import { encodeUserTicketId } from '../../machines/ticket-id';
import { endpoints } from '../../src/contract/endpoints';
import { i18n } from '../../src/web/i18n';
import { signInApi } from './fake-api';
import { atStep, holdRequests, responseFor, screenModelPaths, type HeldRequests } from './path-helpers';
import { setUpWalletTests, type RenderedWallet } from './render-wallet';

const tests = setUpWalletTests();
const quick = { interval: 5 };
const USER_TICKET_ID = 11;

const testMachine = toTestMachine(historyMachine);
const input = { services: testServices(), userTicketId: USER_TICKET_ID };
const leaves = ['history.openTicket'];
const paths = screenModelPaths({ machine: testMachine, input, events: historySampleEvents, leaves });

const panel = () => within(screen.getByRole('region', { name: i18n.t('title.history') }));

async function perform(type: string, event: { type: string }, requests: HeldRequests): Promise<void> {
  if (type === 'loadHistory.done' || type === 'loadHistory.error') {
    await requests.answer('ticketHistory', () => responseFor(event));
    return;
  }
  if (type === 'history.retry') fireEvent.click(within(panel().getByRole('alert')).getByRole('button', { name: i18n.t('common.retry') }));
  else if (type === 'history.openTicket') fireEvent.click(panel().getByRole('button', { name: i18n.t('history.back') }));
  else throw new Error(`no way to perform ${type} on the screen`);
}

function expectScreenMatches(state: HistorySnapshot, requests: HeldRequests): void {
  const loading = state.matches('loading');
  // What the API has been asked and not yet answered: one request for this ticket while loading, none otherwise.
  const waiting = requests.pending('ticketHistory');
  expect(waiting, 'history requests waiting').toHaveLength(loading ? 1 : 0);
  for (const { request } of waiting) {
    expect(request.method, 'method').toBe(endpoints.ticketHistory.method);
    expect(new URL(request.url).pathname, 'path').toMatch(new RegExp(`${endpoints.ticketHistory.path.replace(':ticketUserId', String(USER_TICKET_ID))}$`));
  }
  expect(panel().getByRole('heading', { level: 1, name: i18n.t('title.history') })).toBeTruthy();
  expect(panel().queryByRole('status', { name: i18n.t('history.loading') }) !== null, 'skeleton').toBe(loading);
  const alert = panel().queryByRole('alert');
  expect(alert !== null, 'failure').toBe(state.matches('failed') || state.matches('notFound'));
  if (alert) {
    expect(within(alert).getByText(i18n.t(state.context.error ?? 'history.load_failed')), 'reason').toBeTruthy();
    // Try again only where asking again can help: not for a ticket that is not the asker's.
    expect(within(alert).queryByRole('button', { name: i18n.t('common.retry') }) !== null, 'Try again').toBe(state.matches('failed'));
  }
  const list = panel().queryByRole('list', { name: i18n.t('history.list') });
  expect(list !== null, 'moves').toBe(state.matches('shown'));
  if (list && state.context.history) {
    const { entries, ticketName } = state.context.history;
    expect(within(list).getAllByRole('listitem'), 'moves listed').toHaveLength(entries.length);
    expect(panel().getByText(ticketName)).toBeTruthy();
    for (const [index, entry] of entries.entries()) {
      const holder = entry.holder === 'you' ? i18n.t('history.holder_you') : entry.holder === null ? i18n.t('history.holder_hidden') : entry.holder;
      expect(within(list).getAllByRole('listitem')[index]!.textContent, `move ${index}`).toContain(i18n.t('history.held_by', { holder }));
    }
  }
}

describe('history paths on the rendered screen', () => {
  it('take every transition', () => expectFullCoverage('history (screen)', testMachine, paths, {}));

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (description, path) => {
    const api = signInApi({ 'sam@example.com': { givenName: 'Sam', familyName: 'Lee' } });
    tests.server.use(...api.handlers);
    const requests = holdRequests(tests, ['ticketHistory', 'ticketDetail']);
    const page: RenderedWallet = tests.render(`/en/?PANEL_TAB=HISTORY&USER_TICKET_ID=${encodeUserTicketId(USER_TICKET_ID)}`, api.signedInStorage('sam@example.com'));
    for (const [index, step] of path.steps.entries()) {
      await atStep('history', description, index, step.event, async () => {
        if (index > 0) await perform(step.event.type, step.event, requests);
        if (step.event.type === 'history.openTicket') {
          // Back: the wallet opens this ticket's page, and the history flow ends with its panel.
          await waitFor(() => expect(page.params().get('PANEL_TAB'), 'panel').toBe('TICKET'), quick);
          expect(page.params().get('USER_TICKET_ID')).toBe(encodeUserTicketId(USER_TICKET_ID));
          return;
        }
        await waitFor(() => expectScreenMatches(step.state as AnyMachineSnapshot as HistorySnapshot, requests), quick);
      });
    }
  });
});
