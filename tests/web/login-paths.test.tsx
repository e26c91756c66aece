// Model-based paths of the login machine (tests/machines/model.ts derives the test model from the real machine)
// run against the rendered screens: each step is done the way a person does it (typing, clicking) or is the
// API answering (msw holds each request until the path says how it ends), and after every step the screen on
// display, the field errors and the busy state must match the model's state.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { toast } from 'react-hot-toast/headless';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { loginMachine, type LoginField, type LoginInput } from '../../machines/login';
import { fieldView } from '../../machines/login.selectors';
import type { EndpointName } from '../../src/contract/endpoints';
import { t } from '../../src/web/i18n';
import { canTake, snapshotOnly, toTestMachine } from '../machines/model';
import { apiError, handle, profileOf } from './fake-api';
import { renderWallet, type RenderedWallet } from './render-wallet';

const server = setupServer();
let rendered: RenderedWallet | undefined;
const pending = new Map<EndpointName, Array<(answer: Response) => void>>();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  for (const waiting of pending.values()) for (const answer of waiting) answer(Response.error());
  pending.clear();
  rendered?.unmount();
  rendered = undefined;
  act(() => toast.remove());
  server.resetHandlers();
});
afterAll(() => server.close());

/** Every request of these endpoints waits until a path step answers it. */
function holdRequests(names: EndpointName[]) {
  server.use(
    ...names.map((name) =>
      handle(name, () => new Promise<never>((resolve) => pending.set(name, [...(pending.get(name) ?? []), resolve as never]))),
    ),
  );
}

const actorEndpoints = { sendCode: 'signIn', verifyCode: 'verifyLogin', fetchUser: 'me', saveNames: 'updateProfile' } as const;
type ActorId = keyof typeof actorEndpoints;

const answers: Record<string, () => Response> = {
  'sendCode.done': () => HttpResponse.json({ session: 'session-2' }),
  'sendCode.error': () => apiError('api.auth.too_many_codes'),
  'verifyCode.done': () => HttpResponse.json({ accessToken: 'access-1', refreshToken: 'refresh-1' }),
  'verifyCode.error': () => apiError('api.auth.wrong_otp', { session: 'session-3' }),
  'fetchUser.done:named': () => HttpResponse.json(profileOf('ada@example.com', { givenName: 'Ada', familyName: 'Lovelace' })),
  'fetchUser.done:new': () => HttpResponse.json(profileOf('ada@example.com')),
  'fetchUser.error': () => apiError('api.internal_error'),
  'saveNames.done': () => HttpResponse.json(profileOf('ada@example.com', { givenName: 'Ada', familyName: 'Lovelace' })),
  'saveNames.error': () => apiError('api.internal_error'),
};

type ModelEvent = EventObject & Record<string, unknown>;

/** The model's events; network outcomes carry `answer`, the key of the response the API gives. */
function eventsFor(snapshot: AnyMachineSnapshot): ModelEvent[] {
  const events: ModelEvent[] = [];
  if (snapshot.matches('idle')) events.push({ type: 'panel.changed', tab: 'LOGIN', overlay: null });
  if (snapshot.matches({ email: 'editing' })) {
    events.push(
      { type: 'login.change', field: 'email', value: 'ada@' },
      { type: 'login.change', field: 'email', value: 'ada@example.com' },
      { type: 'login.blur', field: 'email' },
      { type: 'login.submitEmail' },
    );
  }
  if (snapshot.matches({ otp: 'editing' })) {
    events.push(
      { type: 'login.change', field: 'otp', value: '12' },
      { type: 'login.change', field: 'otp', value: '123456' },
      { type: 'login.submitOtp' },
      { type: 'login.resendCode' },
      { type: 'login.back' },
    );
  }
  if (snapshot.matches({ personalData: 'editing' })) {
    events.push(
      { type: 'login.change', field: 'givenName', value: 'Ada' },
      { type: 'login.change', field: 'familyName', value: 'Lovelace' },
      { type: 'login.submitPersonalData' },
    );
  }
  events.push(
    { type: 'sendCode.done', output: { session: 'session-2' }, answer: 'sendCode.done' },
    { type: 'sendCode.error', error: new Error('429'), answer: 'sendCode.error' },
    { type: 'verifyCode.done', output: { accessToken: 'access-1', refreshToken: 'refresh-1' }, answer: 'verifyCode.done' },
    { type: 'verifyCode.error', error: new Error('400'), answer: 'verifyCode.error' },
    { type: 'fetchUser.done', output: profileOf('ada@example.com', { givenName: 'Ada' }), answer: 'fetchUser.done:named' },
    { type: 'fetchUser.done', output: profileOf('ada@example.com'), answer: 'fetchUser.done:new' },
    { type: 'fetchUser.error', error: new Error('500'), answer: 'fetchUser.error' },
    { type: 'saveNames.done', output: profileOf('ada@example.com', { givenName: 'Ada' }), answer: 'saveNames.done' },
    { type: 'saveNames.error', error: new Error('500'), answer: 'saveNames.error' },
  );
  return events;
}

const labels: Record<LoginField, string> = { email: 'E-mail', otp: 'One-time code', givenName: 'First name', familyName: 'Last name' };
const headings: Record<string, string> = { LOGIN: 'Sign in or create an account', OTP: 'Check your e-mail', PERSONAL_DATA: "What's your name?" };
const screenFields: Record<string, LoginField[]> = { LOGIN: ['email'], OTP: ['otp'], PERSONAL_DATA: ['givenName', 'familyName'] };

function screenOf(snapshot: AnyMachineSnapshot): string | null {
  const meta = Object.values(snapshot.getMeta()) as Array<{ screen?: string } | undefined>;
  return meta.find((entry) => entry?.screen)?.screen ?? null;
}

async function perform(event: ModelEvent): Promise<void> {
  const settled = /^(\w+)\.(done|error)$/.exec(event.type);
  if (settled) {
    const endpoint = actorEndpoints[settled[1] as ActorId];
    await waitFor(() => expect(pending.get(endpoint)?.length ?? 0).toBeGreaterThan(0));
    const waiting = pending.get(endpoint) ?? [];
    pending.set(endpoint, []);
    // The session's own profile load and the login's share the answer.
    act(() => waiting.forEach((answer) => answer(answers[event.answer as string]!())));
    return;
  }
  switch (event.type) {
    case 'login.change':
      fireEvent.change(screen.getByLabelText(labels[event.field as LoginField]), { target: { value: event.value } });
      return;
    case 'login.blur':
      fireEvent.blur(screen.getByLabelText(labels[event.field as LoginField]));
      return;
    case 'login.submitEmail':
    case 'login.submitOtp':
    case 'login.submitPersonalData':
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
      return;
    case 'login.resendCode':
      fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
      return;
    case 'login.back':
      fireEvent.click(screen.getByRole('button', { name: 'Back' }));
      return;
    default:
      throw new Error(`no way to perform ${event.type} on the screens`);
  }
}

function expectScreenMatches(state: AnyMachineSnapshot): void {
  const shown = screenOf(state);
  if (!shown) {
    // Signed in: the flow handed over to QR with the HUB.
    expect(screen.getByRole('dialog', { name: 'Welcome' })).toBeTruthy();
    return;
  }
  expect(screen.getByRole('heading', { name: headings[shown] })).toBeTruthy();
  for (const field of screenFields[shown] ?? []) {
    const expected = fieldView(state.context as never, field);
    const input = screen.getByLabelText(labels[field]);
    const message = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(input.getAttribute('aria-invalid') === 'true', `${field} invalid`).toBe(expected.status === 'error');
    if (expected.error) expect(message?.textContent).toBe(t(expected.error));
  }
  const busy = screen.getByRole('button', { name: 'Continue' }).getAttribute('aria-busy') === 'true';
  expect(busy, 'Continue busy').toBe(state.hasTag('loading'));
}

const sameEvent = (a: EventObject, b: EventObject) => JSON.stringify(a) === JSON.stringify(b);
const input: LoginInput = { locale: 'en', storedEmail: null, loginSession: null, signedIn: false };
const model = createTestModel(toTestMachine(loginMachine), {
  input,
  events: eventsFor as never,
  // The graph adds a bare { type } for every event the machine names without a sample: keep to the samples.
  filterEvents: (snapshot, event) => canTake(snapshot, event) && eventsFor(snapshot).some((sample) => sameEvent(sample, event)),
  serializeTransition: snapshotOnly,
});
// The screens start on LOGIN (the panel tells the login flow at once); later panel changes come from the app
// itself, so paths that need another one are not a person's paths.
const paths = model
  .getShortestPaths()
  .filter((path) => path.steps.every((step, index) => index === 1 || step.event.type !== 'panel.changed'));

describe('login paths on the rendered screens', () => {
  it('cover the three sign-in screens and the hand-over to QR', () => {
    const screens = new Set(paths.map((path) => screenOf(path.state)));
    expect([...screens].sort()).toEqual(['LOGIN', 'OTP', 'PERSONAL_DATA', null].sort());
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    holdRequests(['signIn', 'verifyLogin', 'me', 'updateProfile']);
    server.use(handle('logout', () => ({ ok: true as const })));
    rendered = renderWallet('/en/?PANEL_TAB=LOGIN');
    for (const [index, step] of path.steps.entries()) {
      if (index === 0) continue; // xstate.init: the login flow waits for the panel, which says LOGIN at once
      if (index > 1) await perform(step.event as ModelEvent);
      await waitFor(() => expectScreenMatches(step.state));
    }
  });
});
