// The flows' machines load on demand, each in a chunk of its own, like their screens: the first chunk keeps the
// wallet and the session, and stays the same size however many flows the registry gains; the HUB's logout flow loads
// with the HUB (docs/decisions/0011-screens-and-languages-load-on-demand.md). The router loads a flow (`loadFlow`) and its panel's screen
// (`screens.load`, the view layer's, src/web/panels.ts) in its loading state before it invokes the flow; the wallet's setup names each flow by a stand-in
// (`lazyFlow`) that carries the flow's registry id and hands every call to the loaded machine. Everything here is
// derived from the registry (machines/tabs.ts).
import type { AnyActorLogic, InputFrom } from 'xstate';
import { standIn } from './stand-in';
import { chunkCache } from './chunk-cache';
import { noScreens, type PanelScreens } from './services';
import { flowTable, type LazyFlowId, lazyFlowIds, panelNames } from './tabs';

export type { LazyFlowId, PanelScreens };

/** Each flow's machine type, as its row's loader answers it. */
export type FlowMachines = { [F in LazyFlowId]: Awaited<ReturnType<(typeof flowTable)[F]['machine']>> };

type InputMismatch = {
  [F in LazyFlowId]: ReturnType<(typeof flowTable)[F]['input']> extends InputFrom<FlowMachines[F]> ? never : F;
}[LazyFlowId];
/** Checked by TypeScript: each row's `input` gives what its machine takes (a mismatch names the flow). */
export type InputsFit = [InputMismatch] extends [never] ? true : { inputDoesNotFit: InputMismatch };
const inputsFit: InputsFit = true;
void inputsFit;

const flowChunks = chunkCache<LazyFlowId, AnyActorLogic>((flow) => flowTable[flow].machine() as Promise<AnyActorLogic>);

export function isFlowLoaded(flow: LazyFlowId): boolean {
  return flowChunks.get(flow) !== undefined;
}

/** Loads a flow's chunk once; a failed download may be tried again. */
export function loadFlow(flow: LazyFlowId): Promise<void> {
  return flowChunks.load(flow).then(() => {});
}

/** Every flow's chunk (tests load them up front, so a flow starts in the step its panel opens). */
export function preloadFlows(): Promise<unknown> {
  return Promise.all(lazyFlowIds.map((flow) => loadFlow(flow)));
}

/**
 * Fetches every flow's and screen's chunk (and `more`) in the background: one at a time, each after the browser was
 * idle (`idle`), so evaluating them is many short tasks rather than one long one; then the parts the screens load on
 * demand (their `later`). Answers the function that stops it.
 */
export function prefetchFlows(
  idle: (next: () => void) => () => void,
  more: ReadonlyArray<() => Promise<unknown>> = [],
  screens: PanelScreens = noScreens,
): () => void {
  const loads: Array<() => Promise<unknown>> = [
    ...more,
    ...lazyFlowIds.map((flow) => () => loadFlow(flow)),
    ...panelNames.map((name) => () => screens.load(name).then(() => loads.push(...screens.later(name)))),
  ];
  let cancel = (): void => {};
  let stopped = false;
  const next = (): void => {
    const load = loads.shift();
    if (!load || stopped) return;
    void load()
      .catch(() => {})
      .then(() => {
        if (!stopped) cancel = idle(next);
      });
  };
  cancel = idle(next);
  return () => {
    stopped = true;
    cancel();
  };
}

/** A flow's stand-in: actor logic that hands every call to the flow's machine once loaded, and names its flow. */
export type LazyFlow<F extends LazyFlowId> = FlowMachines[F] & { readonly registryId: F };

/**
 * The flow's machine as the wallet's setup names it, before it is loaded: every call goes to the loaded machine. The
 * router invokes a flow only after `loadFlow`, so a call before that is a bug, and says so. `registryId` is the
 * flow's key in the registry and in `machines` (machines/index.ts): a visualiser resolves the invoke's `src` by it.
 */
export function lazyFlow<F extends LazyFlowId>(flow: F): LazyFlow<F> {
  return standIn(flow, () => flowChunks.get(flow)) as LazyFlow<F>;
}

/** Every flow's stand-in, by id: the wallet's setup names them as its actors. */
export function lazyFlows(): { [F in LazyFlowId]: LazyFlow<F> } {
  return Object.fromEntries(lazyFlowIds.map((flow) => [flow, lazyFlow(flow)])) as { [F in LazyFlowId]: LazyFlow<F> };
}
