// Shared pieces of the model-based paths on the rendered screens (login-paths, panel-paths, session-paths): API
// requests that msw holds until a path step answers them, so the API answers exactly when the model says so.
import { act } from '@testing-library/react';
import { HttpResponse } from 'msw';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { isApiRequestError } from '../../src/client/errors';
import { storageKeys } from '../../src/client/storage-keys';
import type { EndpointName } from '../../src/contract/endpoints';
import { handle } from './fake-api';
import type { WalletTests } from './render-wallet';
import { allTransitions, coverTransitions, isSample } from '../../machines/models/model';

export interface HeldRequest {
  request: Request;
  /** The access token the request was sent with, or null. */
  bearer: string | null;
}

export type HeldRequests = ReturnType<typeof holdRequests>;

/** Requests of the named endpoints wait in msw until `answer` settles them; after the test they end as network errors. */
export function holdRequests(tests: Pick<WalletTests, 'server' | 'afterTest'>, names: EndpointName[]) {
  const waiting = new Map<EndpointName, Array<HeldRequest & { resolve: (response: Response) => void }>>();
  tests.afterTest(() => {
    for (const list of waiting.values()) for (const held of list) held.resolve(Response.error());
    waiting.clear();
  });
  tests.server.use(
    ...names.map((name) =>
      handle(
        name,
        ({ request }) =>
          new Promise<never>((resolve) => {
            const bearer = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? null;
            waiting.set(name, [...(waiting.get(name) ?? []), { request, bearer, resolve: resolve as never }]);
          }),
      ),
    ),
  );
  return {
    /** The requests of `name` that have no answer yet. */
    pending(name: EndpointName, which: (held: HeldRequest) => boolean = () => true): HeldRequest[] {
      return (waiting.get(name) ?? []).filter(which);
    },
    /** Answers the waiting requests of `name` (those `which` picks) with a fresh response each; returns how many. */
    async answer(name: EndpointName, response: () => Response, which: (held: HeldRequest) => boolean = () => true) {
      const all = waiting.get(name) ?? [];
      const chosen = all.filter(which);
      waiting.set(name, all.filter((held) => !chosen.includes(held)));
      await act(async () => {
        for (const held of chosen) held.resolve(response());
        await nextTask();
      });
      return chosen.length;
    },
  };
}

/**
 * The API's answer that ends an invoked request the way a model step says: `<invoke id>.done` answers the step's
 * output as the JSON body, `<invoke id>.error` the HTTP error its sample error (an ApiRequestError) stands for.
 */
export function responseFor(event: { type: string; output?: unknown; error?: unknown }): Response {
  if (event.type.endsWith('.done')) return HttpResponse.json(event.output as never);
  const { error } = event;
  if (isApiRequestError(error) && typeof error.status === 'number') return HttpResponse.json(error.data as never, { status: error.status });
  // The network failed: no answer at all.
  if (isApiRequestError(error) && error.status === 'FETCH_ERROR') return Response.error();
  throw new Error(`no API answer for ${event.type}`);
}

/** The storage of a page that was loaded with these tokens stored (none if either is missing). */
export function storedTokens({ accessToken, refreshToken }: { accessToken: string | null; refreshToken: string | null }) {
  const stored: Record<string, string> = {};
  if (accessToken && refreshToken) Object.assign(stored, { [storageKeys.accessToken]: accessToken, [storageKeys.refreshToken]: refreshToken });
  return stored;
}

/** Lets fetch answers, promise callbacks and the machines' events run. */
export const nextTask = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs one step of a path; a failure inside names the machine, the path and the step (its index and event), so a
 * report says where the screen and the model parted.
 */
export async function atStep(machine: string, path: string, index: number, event: EventObject, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Error) error.message = `${machine}, path "${path}", step ${index} (${event.type}): ${error.message}`;
    throw error;
  }
}

/** Counts the steps of a path so far with the event type (for effects that add up: history back, page loads). */
export function countSteps(steps: ReadonlyArray<{ event: { type: string } }>, upTo: number, type: string): number {
  return steps.slice(0, upTo + 1).filter((step) => step.event.type === type).length;
}

/**
 * The router's questions about closing a flow (`flow.close`, `flow.discard`, `flow.keep` after Keep editing, the
 * release a discard runs and a field's blur while the question is open) are not steps a person takes on the flow's
 * screen: they come from the wallet's close button or Esc through the router.
 * The flow's model tests check every answer (tests/machines/closing-answers.ts), the router tests the question, and
 * tests/e2e/seams.test.ts the whole walk in the browser; the rendered path tests leave them out. So is `flow.step`
 * (the browser's Back and Forward between steps): tests/web/back-forward.test.tsx walks it on the rendered wallet.
 */
export const notClosing = (event: EventObject) => !['flow.close', 'flow.discard', 'flow.keep', 'flow.step'].includes(event.type);

/** The branch of a field's blur guarded by `discardAsked` (the question is open): only a close reaches it. */
function isBlurWhileAsked(machine: AnyStateMachine, id: string): boolean {
  const match = / on (\S+) #1$/.exec(id);
  if (!match) return false;
  const node = machine.getStateNodeById(id.slice(0, id.indexOf(' on ')));
  const guard = node.transitions.get(match[1]!)?.[0]?.guard;
  return typeof guard === 'string' ? guard === 'discardAsked' : (guard as { type?: string } | undefined)?.type === 'discardAsked';
}

/** The excuses for the transitions `notClosing` leaves out: the closing events, and the discarding state's own. */
export function closingExcuses(machine: AnyStateMachine): Record<string, string> {
  const reason = 'closing goes through the router (the close button or Esc): covered by the model tests and tests/e2e/seams.test.ts';
  // The browser's Back and Forward between a flow's steps come through the router too (docs/decisions/0120-back-and-forward-between-a-flows-steps.md).
  const stepReason = "Back and Forward come through the router's popstate: covered by the model tests and tests/web/back-forward.test.tsx";
  return Object.fromEntries(
    allTransitions(machine)
      .filter((id) => / on flow\.(close|discard|keep|step)( #\d+)?$/.test(id) || /(^|\.)discarding /.test(id) || isBlurWhileAsked(machine, id))
      .map((id) => [id, / on flow\.step( #\d+)?$/.test(id) ? stepReason : reason]),
  );
}

export interface ScreenModel {
  /** The test machine (`toTestMachine` of the real one). */
  machine: AnyStateMachine;
  input: unknown;
  events: readonly EventObject[];
  /** The model's vertex of a snapshot (`serializeState`). */
  vertex?: (snapshot: AnyMachineSnapshot) => string;
  /** What a person can do on the screen in that state, beyond what the machine accepts. */
  onScreen?: (snapshot: AnyMachineSnapshot, event: EventObject) => boolean;
  /** Events that leave the panel: they may only end a path (the flow stops with its panel). */
  leaves?: readonly string[];
}

/**
 * The model's paths a person can walk on the rendered screen: the shortest paths plus one per transition they miss
 * (`coverTransitions`), each step a sample event the state takes and the screen offers, leaving the panel only last.
 */
export function screenModelPaths({ machine, input, events, vertex, onScreen = () => true, leaves = [] }: ScreenModel) {
  const model = createTestModel(machine, {
    input,
    events: events as never,
    filterEvents: (snapshot, event) => snapshot.can(event as never) && isSample(events, event) && onScreen(snapshot, event),
    ...(vertex ? { serializeState: vertex } : {}),
  });
  const filter = (snapshot: AnyMachineSnapshot, event: EventObject) =>
    machine.getTransitionData(snapshot as never, event as never).length > 0 && onScreen(snapshot, event);
  return coverTransitions(machine, model.getShortestPaths(), events as never, input, filter).filter((path) =>
    path.steps.every((step, index) => index === path.steps.length - 1 || !leaves.includes(step.event.type)),
  );
}
