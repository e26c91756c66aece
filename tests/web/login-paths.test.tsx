// Model-based paths of the login machine (machines/models/model.ts derives the test model from the real machine; the
// sample events and the start are machines/models/login.model.ts's) run against the rendered screens: each step is
// done the way a person does it (typing, clicking) or is the API answering (msw holds each request until the path
// says how it ends, with the step's output or error), and after every step the screen on display, the field errors
// and the busy state must match the model's state.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { loginMachine, type LoginContext, type LoginField } from '../../machines/login';
import type { WalletActor } from '../../machines/wallet';
import { selectOtpField } from '../../machines/login.otp-selectors';
import { fieldView } from '../../machines/login.selectors';
import type { EndpointName } from '../../src/contract/endpoints';
import { i18n } from '../../src/web/i18n';
import {
  allLoginSampleEvents,
  loginInput,
  loginSampleEvents,
  loginStarts,
  loginVertex,
  type LoginModelEvent,
  type LoginPromiseActor,
} from '../../machines/models/login.model';
import { coverTransitions, isSample, takesSample, toTestMachine } from '../../machines/models/model';
import { holdRequests, responseFor, type HeldRequests } from './path-helpers';
import { setUpWalletTests } from './render-wallet';

const tests = setUpWalletTests();

/** The API request each invoke sends. */
const actorEndpoints: Record<LoginPromiseActor, EndpointName> = {
  sendCode: 'signIn',
  verifyCode: 'verifyLogin',
  fetchUser: 'me',
  saveNames: 'updateProfile',
  endSession: 'logout',
};

/**
 * The shared sample events a person (or the API) can cause on the screens. The router's `login.show` follows the
 * flow's own moves on the screens; a person causes one only with browser back and forward, which the router's paths
 * (panel-paths) cover.
 */
function screenEvents(snapshot: AnyMachineSnapshot): LoginModelEvent[] {
  return loginSampleEvents(snapshot).filter((event) => event.type !== 'login.show');
}
// `login.codeSent` and `login.codeSpent` are the flow's own (raised with each code that goes out, and with a code
// refused as spent), not samples of their own on the screens.
const flowRaised = new Set(['login.show', 'login.codeSent', 'login.codeSpent']);
const screenSamples = allLoginSampleEvents.filter((event) => !flowRaised.has(event.type));

const labels: Record<LoginField, string> = { email: 'E-mail', otp: 'One-time code', givenName: 'First name', familyName: 'Last name' };
const headings: Record<string, string> = { LOGIN: 'Sign in or create an account', OTP: 'Check your e-mail', PERSONAL_DATA: "What's your name?" };
const screenFields: Record<string, LoginField[]> = { LOGIN: ['email'], OTP: ['otp'], PERSONAL_DATA: ['givenName', 'familyName'] };

function screenOf(snapshot: AnyMachineSnapshot): string | null {
  const meta = Object.values(snapshot.getMeta()) as Array<{ screen?: string } | undefined>;
  return meta.find((entry) => entry?.screen)?.screen ?? null;
}

async function perform(event: LoginModelEvent, requests: HeldRequests, wallet: WalletActor): Promise<void> {
  const settled = /^(\w+)\.(done|error)$/.exec(event.type);
  if (settled) {
    const endpoint = actorEndpoints[settled[1] as LoginPromiseActor];
    await waitFor(() => expect(requests.pending(endpoint).length).toBeGreaterThan(0));
    // The session's own profile load and the login's share the answer.
    await requests.answer(endpoint, () => responseFor(event));
    return;
  }
  const { field, value } = event as { field?: LoginField; value?: string };
  switch (event.type) {
    case 'login.change':
      fireEvent.change(screen.getByLabelText(labels[field!]), { target: { value } });
      return;
    case 'login.blur':
      fireEvent.blur(screen.getByLabelText(labels[field!]));
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
    case 'login.confirmBack':
      fireEvent.click(within(screen.getByRole('alertdialog', { name: 'Go back and sign out?' })).getByRole('button', { name: 'Sign out' }));
      return;
    case 'login.cancelBack':
      fireEvent.click(within(screen.getByRole('alertdialog', { name: 'Go back and sign out?' })).getByRole('button', { name: 'Stay' }));
      return;
    case 'after.resendTick':
    case 'after.resendCooldown':
      // The resend region's timer fires: no one presses anything, a second or the 30 s pass (tests/web/sign-in.test.tsx
      // runs the real delays). The event is the one xstate's own timer sends.
      act(() => wallet.getSnapshot().children.login?.send({ type: resendTimerEvents[event.type] } as never));
      return;
    default:
      throw new Error(`no way to perform ${event.type} on the screens`);
  }
}

/** The events the resend region's delays send (xstate's `xstate.after.<delay>.<state id>`). */
const resendTimerEvents: Record<string, string> = {
  'after.resendTick': 'xstate.after.resendTick.login.resend.coolingDown.counting',
  'after.resendCooldown': 'xstate.after.resendCooldown.login.resend.coolingDown',
};

function expectScreenMatches(state: AnyMachineSnapshot): void {
  const shown = screenOf(state);
  if (!shown) {
    // Signed in: the flow handed over to QR with the HUB.
    expect(screen.getByRole('dialog', { name: 'Welcome' })).toBeTruthy();
    return;
  }
  expect(screen.getByRole('heading', { name: headings[shown] })).toBeTruthy();
  // Back on the names step asks first, as the state says.
  expect(Boolean(screen.queryByRole('alertdialog', { name: 'Go back and sign out?' })), 'sign-out question').toBe(
    state.matches({ flow: { personalData: 'confirmingBack' } }),
  );
  for (const field of screenFields[shown] ?? []) {
    // The code's field also shows a refused code's reason (login.otp-selectors.ts).
    const expected = field === 'otp' ? selectOtpField(state as never) : fieldView(state.context as never, field);
    const input = screen.getByLabelText(labels[field]);
    const message = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(input.getAttribute('aria-invalid') === 'true', `${field} invalid`).toBe(expected.status === 'error');
    if (expected.error) expect(message?.textContent).toBe(i18n.t(expected.error));
  }
  if (shown === 'OTP') {
    // The seconds the model counted, or fewer: the real clock keeps ticking while the path runs.
    const secondsLeft = (state.context as LoginContext).resendSecondsLeft;
    const resend = screen.getByRole('button', { name: secondsLeft > 0 ? /^Resend code in \d+ s$/ : 'Resend code' });
    if (secondsLeft > 0) expect(Number(/in (\d+) s/.exec(resend.textContent ?? '')?.[1])).toBeLessThanOrEqual(secondsLeft);
  }
  const busy = screen.getByRole('button', { name: 'Continue' }).getAttribute('aria-busy') === 'true';
  expect(busy, 'Continue busy').toBe(state.hasTag('loading'));
}

const testMachine = toTestMachine(loginMachine);
const models = loginStarts.map((start) => {
  const input = loginInput(start);
  const model = createTestModel(testMachine, {
    input,
    events: screenEvents as never,
    // The graph adds a bare { type } for every event the machine names without a sample: keep to the samples.
    filterEvents: takesSample(screenSamples as never),
    serializeState: loginVertex,
  });
  // Added paths too keep to what a person can do on the screen the state shows.
  const onScreen = (snapshot: AnyMachineSnapshot, event: { type: string }) =>
    isSample(screenEvents(snapshot) as never, event) && testMachine.getTransitionData(snapshot as never, event as never).length > 0;
  return { start, paths: coverTransitions(testMachine, model.getShortestPaths(), screenSamples as never, input, onScreen) };
});

/** The page a start is: its panel, and storage with the code's e-mail and session (and tokens on PERSONAL_DATA). */
function pageOf(start: (typeof loginStarts)[number]): { url: string; storage: Record<string, string> } {
  const tokens: Record<string, string> = start.tab === 'PERSONAL_DATA' ? { 'tw.accessToken': 'access-0', 'tw.refreshToken': 'refresh-0' } : {};
  // The screens are read in English whatever the start's locale (which only goes into the code request).
  return { url: `/en/?PANEL_TAB=${start.tab}`, storage: { ...start.stored, ...tokens } };
}

describe.each(models)('login paths on the rendered screens from $start.name', ({ start, paths }) => {
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    const held = holdRequests(tests, Object.values(actorEndpoints));
    const page = pageOf(start);
    const { wallet } = tests.render(page.url, page.storage);
    for (const [index, step] of path.steps.entries()) {
      if (index > 0) await perform(step.event as LoginModelEvent, held, wallet);
      await waitFor(() => expectScreenMatches(step.state));
    }
  });
});

describe('login paths coverage', () => {
  it('cover the three sign-in screens and the hand-over to QR', () => {
    const screens = new Set(models.flatMap(({ paths }) => paths.flatMap((path) => path.steps.map((step) => screenOf(step.state)))));
    expect([...screens].sort()).toEqual(['LOGIN', 'OTP', 'PERSONAL_DATA', null].sort());
  });
});
