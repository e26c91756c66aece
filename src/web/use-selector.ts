// A component's view of an actor: `useSelector(actor, selector, compare?)` re-renders only when the selected value
// changes (by `compare`, `Object.is` by default). The same contract as @xstate/react's hook, which the wallet used
// before; written on React 19's own useSyncExternalStore so the first chunk carries neither @xstate/react nor the
// with-selector shim under it (docs/decisions.md, "The first panel within its budget").
import { useCallback, useRef, useSyncExternalStore } from 'react';

interface Observable<S> {
  getSnapshot(): S;
  subscribe(observer: { next: () => void; error: () => void }): { unsubscribe(): void };
}

type SnapshotOf<A> = A extends Observable<infer S> ? S : undefined;

export function useSelector<A extends Observable<unknown> | undefined, T>(
  actor: A,
  selector: (snapshot: SnapshotOf<A>) => T,
  compare: (previous: T, next: T) => boolean = Object.is,
): T {
  const last = useRef<{ snapshot: unknown; selector: unknown; selected: T } | null>(null);
  const subscribe = useCallback(
    (changed: () => void) => (actor ? actor.subscribe({ next: changed, error: changed }).unsubscribe : () => {}),
    [actor],
  );
  // The selected value, the same object as long as the snapshot and the selector are, or while `compare` finds the
  // new one equal: React compares what this answers with Object.is.
  const select = (): T => {
    const snapshot = actor?.getSnapshot() as SnapshotOf<A>;
    if ((snapshot as { status?: string } | undefined)?.status === 'error') throw (snapshot as { error: unknown }).error;
    const previous = last.current;
    if (previous && previous.snapshot === snapshot && previous.selector === selector) return previous.selected;
    const selected = selector(snapshot);
    const kept = previous && compare(previous.selected, selected) ? previous.selected : selected;
    last.current = { snapshot, selector, selected: kept };
    return kept;
  };
  return useSyncExternalStore(subscribe, select, select);
}
