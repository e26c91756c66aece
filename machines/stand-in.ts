// A child machine that loads in a chunk of its own is named in its parent's setup by a stand-in: a flow's machine, the
// session's stream, the QR pass's device code. This module imports nothing, so a chunk can use it without Parcel
// wrapping the first chunk's modules behind it (docs/decisions/0086-the-first-panel-the-app-as-an-es-module-and-what-parcels.md).
import type { AnyActorLogic } from 'xstate';

/**
 * Actor logic that hands every call to `loaded()`, the logic of a chunk loaded before the invoke, and carries its key
 * in `machines` as `registryId`. A call before the chunk is here is a bug.
 */
export function standIn<Id extends string>(registryId: Id, loaded: () => AnyActorLogic | undefined): AnyActorLogic & { registryId: Id } {
  const machine = (): AnyActorLogic => {
    const logic = loaded();
    if (!logic) throw new Error(`${registryId} was invoked before its machine loaded`);
    return logic;
  };
  return {
    registryId,
    transition: (snapshot, event, scope) => machine().transition(snapshot, event, scope),
    getInitialSnapshot: (scope, input) => machine().getInitialSnapshot(scope, input),
    getPersistedSnapshot: (snapshot, options) => machine().getPersistedSnapshot(snapshot, options),
    restoreSnapshot: (snapshot, scope) => machine().restoreSnapshot!(snapshot, scope),
    start: (snapshot, scope) => machine().start?.(snapshot, scope),
  };
}

/** The registry id a lazy stand-in carries (undefined for any other logic). */
export function registryIdOf(logic: unknown): string | undefined {
  return (logic as { registryId?: string } | null)?.registryId;
}
