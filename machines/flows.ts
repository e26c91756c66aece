// The flows' machines load on demand, each in a chunk of its own, like their screens: the first chunk keeps the
// wallet and the session, and stays the same size however many flows the table gains; the HUB's logout flow loads
// with the HUB
// (docs/decisions.md, "Flows load on demand"). The router loads a flow (`loadFlow`) before its panel state invokes it;
// the wallet's setup names each flow by a stand-in (`lazyFlow`) that hands every call to the loaded machine.
import type { AnyActorLogic } from 'xstate';
import type { giftMachine } from './gift';
import type { resellMachine } from './resell';
import type { swapMachine } from './swap';
import type { loginMachine } from './login';
import type { logoutMachine } from './logout';
import type { myTicketsMachine } from './my-tickets';
import type { qrMachine } from './qr';
import type { redeemMachine } from './redeem';
import type { settingsMachine } from './settings';
import type { FlowId } from './tabs';
import type { ticketMachine } from './ticket';

/** A machine that loads on demand: a panel's flow, or the HUB's logout. */
export type LazyFlowId = FlowId | 'logout';

export interface FlowMachines {
  login: typeof loginMachine;
  logout: typeof logoutMachine;
  qr: typeof qrMachine;
  myTickets: typeof myTicketsMachine;
  ticket: typeof ticketMachine;
  redeem: typeof redeemMachine;
  settings: typeof settingsMachine;
  gift: typeof giftMachine;
  resell: typeof resellMachine;
  swap: typeof swapMachine;
}

const flowModules: { [F in LazyFlowId]: () => Promise<FlowMachines[F]> } = {
  login: () => import('./login').then((module) => module.loginMachine),
  logout: () => import('./logout').then((module) => module.logoutMachine),
  qr: () => import('./qr').then((module) => module.qrMachine),
  myTickets: () => import('./my-tickets').then((module) => module.myTicketsMachine),
  ticket: () => import('./ticket').then((module) => module.ticketMachine),
  redeem: () => import('./redeem').then((module) => module.redeemMachine),
  settings: () => import('./settings').then((module) => module.settingsMachine),
  gift: () => import('./gift').then((module) => module.giftMachine),
  resell: () => import('./resell').then((module) => module.resellMachine),
  swap: () => import('./swap').then((module) => module.swapMachine),
};

const loadedFlows = new Map<LazyFlowId, AnyActorLogic>();
const pendingFlows = new Map<LazyFlowId, Promise<void>>();

export function isFlowLoaded(flow: LazyFlowId): boolean {
  return loadedFlows.has(flow);
}

/** Loads a flow's chunk once; a failed download may be tried again. */
export function loadFlow(flow: LazyFlowId): Promise<void> {
  if (loadedFlows.has(flow)) return Promise.resolve();
  let pending = pendingFlows.get(flow);
  if (!pending) {
    pending = flowModules[flow]().then(
      (machine) => {
        loadedFlows.set(flow, machine);
        pendingFlows.delete(flow);
      },
      (error: unknown) => {
        pendingFlows.delete(flow);
        throw error;
      },
    );
    pendingFlows.set(flow, pending);
  }
  return pending;
}

/** Every flow's chunk (tests load them up front, so a flow starts in the step its panel opens). */
export function preloadFlows(): Promise<unknown> {
  return Promise.all((Object.keys(flowModules) as LazyFlowId[]).map((flow) => loadFlow(flow)));
}

/** Fetches every flow's chunk in the background, after the first panel shows. */
export function prefetchFlows(): void {
  preloadFlows().catch(() => {});
}

/**
 * The flow's machine as the wallet's setup names it, before it is loaded: every call goes to the loaded machine. The
 * router invokes a flow only after `loadFlow`, so a call before that is a bug, and says so.
 */
export function lazyFlow<F extends LazyFlowId>(flow: F): FlowMachines[F] {
  const machine = (): AnyActorLogic => {
    const loaded = loadedFlows.get(flow);
    if (!loaded) throw new Error(`The ${flow} flow was invoked before its machine loaded`);
    return loaded;
  };
  const logic: AnyActorLogic = {
    transition: (snapshot, event, scope) => machine().transition(snapshot, event, scope),
    getInitialSnapshot: (scope, input) => machine().getInitialSnapshot(scope, input),
    getPersistedSnapshot: (snapshot, options) => machine().getPersistedSnapshot(snapshot, options),
    restoreSnapshot: (snapshot, scope) => machine().restoreSnapshot!(snapshot, scope),
    start: (snapshot, scope) => machine().start?.(snapshot, scope),
  };
  return logic as FlowMachines[F];
}
