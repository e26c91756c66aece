// The flows' machines load on demand, each in a chunk of its own, like their screens: the first chunk keeps the
// wallet and the session, and stays the same size however many flows the registry gains; the HUB's logout flow loads
// with the HUB (docs/decisions.md, "Flows load on demand"). The router loads a flow (`loadFlow`) and its panel's screen
// (`loadScreen`) in its loading state before it invokes the flow; the wallet's setup names each flow by a stand-in
// (`lazyFlow`) that carries the flow's registry id and hands every call to the loaded machine. Everything here is
// derived from the registry (machines/tabs.ts).
import type { AnyActorLogic, InputFrom } from 'xstate';
import { standIn } from './stand-in';
import { flowTable, type LazyFlowId, lazyFlowIds, type PanelName, panelNames, panelRow, type ScreenModule } from './tabs';

export type { LazyFlowId };

/** Each flow's machine type, as its row's loader answers it. */
export type FlowMachines = { [F in LazyFlowId]: Awaited<ReturnType<(typeof flowTable)[F]['machine']>> };

type InputMismatch = {
  [F in LazyFlowId]: ReturnType<(typeof flowTable)[F]['input']> extends InputFrom<FlowMachines[F]> ? never : F;
}[LazyFlowId];
/** Checked by TypeScript: each row's `input` gives what its machine takes (a mismatch names the flow). */
export type InputsFit = [InputMismatch] extends [never] ? true : { inputDoesNotFit: InputMismatch };
const inputsFit: InputsFit = true;
void inputsFit;

/** A chunk loaded once: a failed download may be tried again (Parcel's loader forgets failures). */
function chunkCache<K, V>(load: (key: K) => Promise<V>) {
  const loaded = new Map<K, V>();
  const pending = new Map<K, Promise<V>>();
  return {
    get: (key: K) => loaded.get(key),
    load(key: K): Promise<V> {
      if (loaded.has(key)) return Promise.resolve(loaded.get(key)!);
      let running = pending.get(key);
      if (!running) {
        running = load(key).then(
          (value) => {
            loaded.set(key, value);
            pending.delete(key);
            return value;
          },
          (error: unknown) => {
            pending.delete(key);
            throw error;
          },
        );
        pending.set(key, running);
      }
      return running;
    },
  };
}

const flowChunks = chunkCache<LazyFlowId, AnyActorLogic>((flow) => flowTable[flow].machine() as Promise<AnyActorLogic>);
const screenChunks = chunkCache<PanelName, ScreenModule>((name) => panelRow(name).screen());

export function isFlowLoaded(flow: LazyFlowId): boolean {
  return flowChunks.get(flow) !== undefined;
}

/** Loads a flow's chunk once; a failed download may be tried again. */
export function loadFlow(flow: LazyFlowId): Promise<void> {
  return flowChunks.load(flow).then(() => {});
}

/** A panel's screen, once its chunk is here. */
export function loadedScreen(name: PanelName): ScreenModule['default'] | undefined {
  return screenChunks.get(name)?.default;
}

/** Loads a panel's screen chunk once; a failed download may be tried again. */
export function loadScreen(name: PanelName): Promise<ScreenModule['default']> {
  return screenChunks.load(name).then((module) => module.default);
}

/** Every flow's chunk (tests load them up front, so a flow starts in the step its panel opens). */
export function preloadFlows(): Promise<unknown> {
  return Promise.all(lazyFlowIds.map((flow) => loadFlow(flow)));
}

/** Every screen's chunk (web tests load them up front, so a screen renders in the frame its panel opens). */
export function preloadScreens(): Promise<unknown> {
  return Promise.all(panelNames.map((name) => loadScreen(name)));
}

/**
 * Fetches every flow's and screen's chunk (and `more`) in the background: one at a time, each after the browser was
 * idle (`idle`), so evaluating them is many short tasks rather than one long one; then the parts the screens load on
 * demand (their `later`). Answers the function that stops it.
 */
export function prefetchFlows(idle: (next: () => void) => () => void, more: ReadonlyArray<() => Promise<unknown>> = []): () => void {
  const loads: Array<() => Promise<unknown>> = [
    ...more,
    ...lazyFlowIds.map((flow) => () => loadFlow(flow)),
    ...panelNames.map((name) => () => screenChunks.load(name).then((module) => loads.push(...(module.later ?? [])))),
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
