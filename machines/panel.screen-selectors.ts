// The router's derived values that the screens' chunks read (pure functions of the wallet's snapshot). The screens
// import them from here, by this path (docs/decisions/0113-the-chunks-import-by-their-real-paths.md).
import type { Language } from '../src/contract/languages';
import type { FlowId } from './tabs';
import type { WalletSnapshot } from './wallet';

export function selectIsHubFading(snapshot: WalletSnapshot): boolean {
  return snapshot.hasTag('fading');
}

export function selectLanguage(snapshot: WalletSnapshot): Language {
  return snapshot.context.language;
}

/** Whether the tab's flow `flow` is in `state` (a state value under its panel state, e.g. `{ running: 'asking' }`). */
export const inFlow = (snapshot: WalletSnapshot, flow: FlowId, state: object | string) =>
  snapshot.matches({ panel: { open: { tab: { [flow]: state } } } } as never);

/**
 * "Discard?" over `flow` (machines/router.ts, the `editing`/`asking`/`discarding` states of the gift, swap and resell panels): 'asking' while the question is open, 'discarding'
 * while the flow lets go of what it held before the wallet closes, else null.
 */
export function selectFlowQuestion(snapshot: WalletSnapshot, flow: FlowId): 'asking' | 'discarding' | null {
  if (inFlow(snapshot, flow, { running: 'asking' })) return 'asking';
  return inFlow(snapshot, flow, { running: 'discarding' }) ? 'discarding' : null;
}
