// "Discard?" on a flow's side (docs/decisions/0068-discard-before-closing-a-half-done-flow.md). While a flow that may hold
// half-done input runs (its registry row says `asksBeforeClosing`), the router puts a close to it as `flow.close`; the
// flow answers `panel.askDiscard` from a half-done state and `panel.dismiss` from any other. After the person chose
// Discard, `flow.discard` lets the flow let go of what it holds (a swap releases its reservation) before it answers
// `panel.dismiss`. While the flow's own commit is in flight (a gift sent, a swap starting, a listing created) a close
// is held off: nothing is half-done then, and closing would hide the outcome. After Keep editing, `flow.keep` tells the
// flow the question has gone: a flow with blur-validated fields ignores their blur while it asked (the question takes
// the focus, which is not the person leaving the field), so the field is as it was behind the question and after it.
export type ClosingEvent = { type: 'flow.close' } | { type: 'flow.discard' } | { type: 'flow.keep' };
export type ClosingReport = { type: 'panel.askDiscard' } | { type: 'panel.dismiss' };

// Steps in the history (docs/decisions/0120-back-and-forward-between-a-flows-steps.md): a flow that goes on to a step
// reports `panel.pushStep` (a new history entry with PANEL_STEP); going back to an earlier step by its own buttons it
// clears the step (`panel.setParams`, no new entry). The browser's Back and Forward between its entries reach the flow
// as `flow.step` with the step of the entry now shown (null: the first step); the flow goes there itself.
export type StepEvent = { type: 'flow.step'; step: string | null };
export type StepReport<S extends string> = { type: 'panel.pushStep'; step: S } | { type: 'panel.setParams'; params: { step: null } };

/** `flow.step` is taken only where its guard says so; elsewhere (a commit in flight, the outcome shown) it is ignored. */
export const stepIs = (_: unknown, params: { step: string | null; wanted: string | null }) => params.step === params.wanted;

// Each flow's setup names the two answers as actions: `askDiscard` and `dismiss` (sendParent of the reports).

/** A flow's root: nothing half-done, so a close closes and a discard has nothing to let go of. */
export const closesAtOnce = {
  'flow.close': { actions: 'dismiss' },
  'flow.discard': { actions: 'dismiss' },
} as const;

/** A half-done state: a close asks first. */
export const asksBeforeClosing = { 'flow.close': { actions: 'askDiscard' } } as const;

/**
 * A state that is half-done once `guard` holds (the person entered something): a close asks first then, and runs the
 * `also` actions with the question (a flow with blur-validated fields notes that it asked).
 */
export const asksBeforeClosingWhen = <G extends string, const A extends readonly string[] = []>(guard: G, ...also: A) =>
  ({ 'flow.close': [{ guard, actions: ['askDiscard', ...also] as const }, { actions: 'dismiss' }] }) as const;

/** The flow's commit is in flight: a close waits for the outcome. */
export const holdsOffClosing = { 'flow.close': {} } as const;
