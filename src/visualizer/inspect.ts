// The wallet's side of live inspection, loaded only when the page is opened with ?inspect=1 and inspection is allowed
// (src/embed/mount.tsx): an XState inspection observer that publishes each machine actor's state value, its context
// and the event that led there (both redacted: redact.ts) over a BroadcastChannel, which the visualiser
// (src/visualizer/, another tab of the same origin) listens to. Each inspected page is its own session, with an id
// and a label (its path and the time it opened); it beats every HEARTBEAT_MS and says goodbye on `pagehide`, so a
// closed or reloaded tab is marked ended (by its goodbye, or by a missing heartbeat).
import type { InspectionEvent } from 'xstate';
import { redact } from './redact';

export const INSPECT_CHANNEL = 'ticket-wallet-inspect';
export const HEARTBEAT_MS = 2000;
/** A session with no heartbeat for this long has ended. */
export const HEARTBEAT_TIMEOUT_MS = 3 * HEARTBEAT_MS;

export interface InspectSession {
  id: string;
  /** The page's path and the time it opened. */
  label: string;
}

export type InspectMessage =
  /** An actor's new state, and the event that led to it. */
  | { type: 'snapshot'; session: InspectSession; actorId: string; id: string; machineId: string; value: unknown; status: string; context?: unknown; event?: unknown }
  /** The actors still running (every actor in the root's tree): others have stopped. */
  | { type: 'alive'; session: InspectSession; actorIds: string[] }
  /** The page is still there. */
  | { type: 'heartbeat'; session: InspectSession }
  /** The page closed or reloaded. */
  | { type: 'goodbye'; session: InspectSession }
  /** A visualiser that just opened asks for the current states. */
  | { type: 'hello' };

type ActorLike = { sessionId: string; getSnapshot(): { children?: Record<string, ActorLike | undefined> } };

function tree(actor: ActorLike, ids: string[] = []): string[] {
  ids.push(actor.sessionId);
  for (const child of Object.values(actor.getSnapshot().children ?? {})) if (child) tree(child, ids);
  return ids;
}

const randomId = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`);

export function newSession(): InspectSession {
  const path = typeof location === 'undefined' ? '' : `${location.pathname}${location.search}`;
  return { id: randomId(), label: `${path} · ${new Date().toLocaleTimeString()}` };
}

export function createInspector(
  channel: Pick<BroadcastChannel, 'postMessage' | 'addEventListener'> = new BroadcastChannel(INSPECT_CHANNEL),
  session: InspectSession = newSession(),
) {
  const latest = new Map<string, InspectMessage>();
  let root: ActorLike | null = null;
  const alive = (): InspectMessage => ({ type: 'alive', session, actorIds: root ? tree(root) : [...latest.keys()] });
  channel.addEventListener('message', (event) => {
    if ((event as MessageEvent).data?.type !== 'hello') return;
    for (const message of latest.values()) channel.postMessage(message);
    channel.postMessage(alive());
  });
  if (typeof window !== 'undefined') {
    setInterval(() => channel.postMessage({ type: 'heartbeat', session } satisfies InspectMessage), HEARTBEAT_MS);
    window.addEventListener('pagehide', () => channel.postMessage({ type: 'goodbye', session } satisfies InspectMessage));
  }
  return (event: InspectionEvent): void => {
    if (event.type !== '@xstate.snapshot') return;
    const snapshot = event.snapshot as { value?: unknown; status?: string; context?: unknown; machine?: { id: string } };
    // Promise and callback actors have no state value to show.
    if (!snapshot.machine || snapshot.value === undefined) return;
    const actor = event.actorRef as unknown as ActorLike & { id: string; _parent?: unknown };
    if (!actor._parent) root = actor;
    const message: InspectMessage = {
      type: 'snapshot',
      session,
      actorId: actor.sessionId,
      id: actor.id,
      machineId: snapshot.machine.id,
      value: snapshot.value,
      status: snapshot.status ?? 'active',
      context: redact(snapshot.context),
      event: redact(event.event),
    };
    latest.set(actor.sessionId, message);
    channel.postMessage(message);
    const running = alive();
    if (running.type === 'alive') for (const id of [...latest.keys()]) if (!running.actorIds.includes(id)) latest.delete(id);
    channel.postMessage(running);
  };
}
