// Model-based paths of the logout machine (the HUB's child; samples from machines/models/logout.model.ts) on the
// rendered HUB: Logout opens the confirmation, Cancel closes it, Logout in it sends GET /auth/logout (held until the
// path answers it); either answer signs out: tokens gone, LOGIN shown, the HUB and its flow gone.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { logoutMachine, type LogoutSnapshot } from '../../machines/logout';
import { testServices } from '../../machines/models/fake-platform';
import { coverTransitions, takesSample, toTestMachine } from '../../machines/models/model';
import { logoutSampleEvents } from '../../machines/models/logout.model';
import { signInApi } from './fake-api';
import { holdRequests, responseFor } from './path-helpers';
import { setUpWalletTests } from './render-wallet';

const tests = setUpWalletTests();

const testMachine = toTestMachine(logoutMachine);
const input = { services: testServices() };
const model = createTestModel(testMachine, { input, events: logoutSampleEvents, filterEvents: takesSample(logoutSampleEvents) });
const paths = coverTransitions(testMachine, model.getShortestPaths(), logoutSampleEvents, input);

const hub = () => screen.getByRole('dialog', { name: 'Welcome' });
const click = (element: HTMLElement) => act(() => fireEvent.click(element));

describe('logout paths on the rendered HUB', () => {
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    const api = signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Rivera' } });
    tests.server.use(...api.handlers);
    const requests = holdRequests(tests, ['logout']);
    const page = tests.render('/en/?PANEL_TAB=QR&PANEL_OVERLAY_TAB=HUB', api.signedInStorage('alex@example.com'));
    await screen.findByRole('dialog', { name: 'Welcome' });
    for (const [index, step] of path.steps.entries()) {
      const event = step.event as EventObject;
      if (index > 0) {
        if (event.type === 'logout.open') click(within(hub()).getByRole('button', { name: 'Logout' }));
        else if (event.type === 'logout.cancel') click(within(screen.getByRole('alertdialog', { name: 'Logout?' })).getByRole('button', { name: 'Cancel' }));
        else if (event.type === 'logout.confirm') click(within(screen.getByRole('alertdialog', { name: 'Logout?' })).getByRole('button', { name: 'Logout' }));
        else {
          await waitFor(() => expect(requests.pending('logout')).toHaveLength(1));
          await requests.answer('logout', () => responseFor(event));
        }
      }
      const state = step.state as LogoutSnapshot;
      await waitFor(() => {
        if (/^logoutRequest\./.test(event.type)) {
          // Signed out, however the request ended: no tokens, LOGIN, no HUB.
          expect(page.storage.getItem('tw.accessToken')).toBeNull();
          expect(page.params().get('PANEL_TAB')).toBe('LOGIN');
          expect(screen.queryByRole('dialog', { name: 'Welcome' })).toBeNull();
          expect(page.wallet.getSnapshot().children.logout).toBeUndefined();
          return;
        }
        const confirm = screen.queryByRole('alertdialog', { name: 'Logout?' });
        expect(Boolean(confirm), 'confirmation').toBe(!state.matches('closed'));
        if (confirm) {
          const busy = within(confirm).getByRole('button', { name: 'Logout' }).getAttribute('aria-busy') === 'true';
          expect(busy, 'logging out').toBe(state.matches('loggingOut'));
        }
      });
    }
  });
});
