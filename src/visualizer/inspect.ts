// The wallet's side of live inspection, loaded only when the page is opened with ?inspect=1 and inspection is allowed
// (src/embed/mount.tsx): an XState inspection observer that publishes each machine actor's state value over a
// BroadcastChannel, which the visualiser (src/visualizer/, another tab of the same origin) listens to. Only values,
// ids and status cross: a snapshot's context holds services and functions that cannot be cloned (or shown).
import type { InspectionEvent } from 'xstate';

export const INSPECT_CHANNEL = 'ticket-wallet-inspect';

export type InspectMessage =
  /** An actor's new state. */
  | { type: 'snapshot'; actorId: string; id: string; machineId: string; value: unknown; status: string }
  /** The actors still running (every actor in the root's tree): others have stopped. */
  | { type: 'alive'; actorIds: string[] }
  /** A visualiser that just opened asks for the current states. */
  | { type: 'hello' };

type ActorLike = { sessionId: string; getSnapshot(): { children?: Record<string, ActorLike | undefined> } };

function tree(actor: ActorLike, ids: string[] = []): string[] {
  ids.push(actor.sessionId);
  for (const child of Object.values(actor.getSnapshot().children ?? {})) if (child) tree(child, ids);
  return ids;
}

export function createInspector(channel: Pick<BroadcastChannel, 'postMessage' | 'addEventListener'> = new BroadcastChannel(INSPECT_CHANNEL)) {
  const latest = new Map<string, InspectMessage>();
  let root: ActorLike | null = null;
  const alive = (): InspectMessage => ({ type: 'alive', actorIds: root ? tree(root) : [...latest.keys()] });
  channel.addEventListener('message', (event) => {
    if ((event as MessageEvent).data?.type !== 'hello') return;
    for (const message of latest.values()) channel.postMessage(message);
    channel.postMessage(alive());
  });
  return (event: InspectionEvent): void => {
    if (event.type !== '@xstate.snapshot') return;
    const snapshot = event.snapshot as { value?: unknown; status?: string; machine?: { id: string } };
    // Promise and callback actors have no state value to show.
    if (!snapshot.machine || snapshot.value === undefined) return;
    const actor = event.actorRef as unknown as ActorLike & { id: string; _parent?: unknown };
    if (!actor._parent) root = actor;
    const message: InspectMessage = {
      type: 'snapshot',
      actorId: actor.sessionId,
      id: actor.id,
      machineId: snapshot.machine.id,
      value: snapshot.value,
      status: snapshot.status ?? 'active',
    };
    latest.set(actor.sessionId, message);
    channel.postMessage(message);
    const running = alive();
    if (running.type === 'alive') for (const id of [...latest.keys()]) if (!running.actorIds.includes(id)) latest.delete(id);
    channel.postMessage(running);
  };
}
