// The frame machine's test model (tests/machines/frame.test.ts, the visualiser's paths): the toasts and the footer's
// controls download when its states say so. The model downloads both each time (no part counts as here): the eventless
// branch for a part already here is taken by the effects tests.
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { type FrameContext, type FrameEvent, frameMachine } from '../frame';
import { testServices } from './fake-platform';
import { modelSpec } from './model-spec';

/** The invokes a path step settles: the two downloads. */
export const framePromiseActors = ['loadToasts', 'loadFooterControls'] as const;

/** A frame event, or the end of a download (`<invoke id>.done` / `.error`) or of a delay (`after.<delay>`). */
export type FrameModelEvent = FrameEvent | { type: string; error?: unknown };

export const frameSampleEvents: FrameModelEvent[] = [
  { type: 'notify', kind: 'error', key: 'api.internal_error' },
  { type: 'notify', kind: 'success', key: 'resell.copied' },
  { type: 'loadToasts.done' },
  { type: 'loadToasts.error', error: new Error('offline') },
  { type: 'frame.panelShown' },
  { type: 'loadFooterControls.done' },
  { type: 'loadFooterControls.error', error: new Error('offline') },
  { type: 'after.partRetry' },
];

/** The state, and how many toasts wait (two stand for any more: the transitions are the same). */
export function frameVertex(snapshot: AnyMachineSnapshot): string {
  const { waitingToasts } = snapshot.context as FrameContext;
  return JSON.stringify({ value: snapshot.value, waiting: Math.min(waitingToasts.length, 2) });
}

/** Neither part is here when the frame starts. */
export const nothingLoaded = { partLoaded: () => false };

export const frameSpec = modelSpec({
  name: 'frame',
  machine: frameMachine.provide({ guards: nothingLoaded }),
  starts: [{ name: 'start', input: () => ({ services: testServices() }) }],
  events: frameSampleEvents as EventObject[],
  serializeState: frameVertex,
  excused: {
    'frame.toasts.deciding always #1': 'the toast list is already here (a second wallet on the page): taken by the effects tests',
    'frame.footerControls.waiting always': "the footer's controls are already here: taken by the effects tests",
    'frame.footerControls.waiting on waitForFirstPanel.error': 'the first-panel listener is an in-memory callback that cannot fail; the branch only logs',
  },
});
