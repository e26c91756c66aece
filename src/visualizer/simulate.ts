// Simulate a machine in the page: the registered machine itself, stepped with XState's pure `initialTransition` and
// `transition` (no action runs, no actor starts, no request leaves the page), from a sample input of its model-based
// test and with the sample events of that test. An invoked actor's outcome is the model's `<invoke id>.done` /
// `.error` event sent as XState's own `xstate.done.actor.<id>` / `xstate.error.actor.<id>`, and an `after` delay
// the model's `after.<delay>` sent as `xstate.after.<delay>.<state id>`. The samples are written at build from each
// machine's spec (model-paths.ts), made JSON-safe: functions (the fake services) are dropped, errors kept as data.
import { type AnyMachineSnapshot, type AnyStateMachine, type EventObject, initialTransition, transition } from 'xstate';

export interface SimulationStart {
  name: string;
  input: unknown;
}
export interface SimulationSamples {
  starts: SimulationStart[];
  /** The model's sample events (its `samples`, else its `events`), as the test names them. */
  events: EventObject[];
}

/** A value as JSON can carry it: functions dropped, an Error as its name, message and own fields. */
export function jsonSafe<T>(value: T): unknown {
  const seen = new WeakSet<object>();
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item === 'function' || typeof item === 'symbol') return undefined;
    if (item instanceof Error) return { ...item, name: item.name, message: item.message };
    if (item && typeof item === 'object') {
      if (seen.has(item)) return undefined;
      seen.add(item);
    }
    return item;
  });
  return text === undefined ? undefined : JSON.parse(text);
}

export interface SimulationEvent {
  /** What the button says: the model's name of the event and its short payload. */
  label: string;
  event: EventObject;
}

type Node = { id: string; after: Array<{ eventType: string; delay: string | number }>; transitions: Map<string, unknown[]> };

/** A model event as the machine receives it; `after.<delay>` answers one event per active state with that delay. */
export function machineEvents(snapshot: AnyMachineSnapshot, event: EventObject): EventObject[] {
  const { type, ...payload } = event as EventObject & Record<string, unknown>;
  const outcome = /^(.+)\.(done|error)$/.exec(type);
  const nodes = (snapshot as unknown as { _nodes: Node[] })._nodes;
  if (outcome && nodes.some((node) => node.transitions.has(`xstate.${outcome[2]}.actor.${outcome[1]}`))) {
    const sent = outcome[2] === 'done' ? { type: `xstate.done.actor.${outcome[1]}`, output: payload.output } : { type: `xstate.error.actor.${outcome[1]}`, error: payload.error };
    return [sent as EventObject];
  }
  if (type.startsWith('after.')) {
    const delay = type.slice('after.'.length);
    return nodes.flatMap((node) => node.after.filter((after) => String(after.delay) === delay).map((after) => ({ type: after.eventType })));
  }
  return [event];
}

/** The short text of an event's payload values (as the paths write it). */
export function eventLabel(event: EventObject): string {
  const { type, ...payload } = event as EventObject & Record<string, unknown>;
  const parts = Object.entries(payload).map(([key, value]) => {
    if (value && typeof value === 'object') {
      const inner = value as Record<string, unknown>;
      const said = inner.code ?? inner.statusCode ?? inner.message;
      return `${key}: ${said === undefined ? '{…}' : String(said)}`;
    }
    return String(value);
  });
  return parts.length ? `${type}(${parts.join(', ')})` : type;
}

/** The sample events the machine takes in this snapshot (each once), as buttons. */
export function enabledEvents(snapshot: AnyMachineSnapshot, samples: readonly EventObject[]): SimulationEvent[] {
  if (snapshot.status !== 'active') return [];
  const seen = new Set<string>();
  const enabled: SimulationEvent[] = [];
  for (const sample of samples) {
    for (const event of machineEvents(snapshot, sample)) {
      const key = JSON.stringify(event);
      if (seen.has(key)) continue;
      seen.add(key);
      let can = false;
      try {
        can = snapshot.can(event as never);
      } catch {
        can = false;
      }
      if (can) enabled.push({ label: event.type.startsWith('xstate.after.') ? sample.type : eventLabel(sample), event });
    }
  }
  return enabled;
}

/** The chart transitions (graph.ts ids) an event takes in a snapshot. */
export function takenTransitions(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): string[] {
  try {
    const taken = (machine as unknown as { getTransitionData(s: unknown, e: unknown): Array<{ source: Node; eventType: string }> }).getTransitionData(snapshot, event);
    return (taken ?? []).map((definition) => {
      const branches = definition.source.transitions.get(definition.eventType) ?? [];
      return `${definition.source.id}:${definition.eventType}:${Math.max(0, branches.indexOf(definition))}`;
    });
  } catch {
    return [];
  }
}

export interface SimulationStep {
  label: string;
  event: EventObject | null;
  snapshot: AnyMachineSnapshot;
  taken: string[];
}

/**
 * Stand-ins for the services a sample input had (dropped from JSON): every method a machine's context or guard calls
 * answers null (storage holds nothing, a cache is empty), so nothing leaves the page.
 */
export function inertServices(value: unknown): unknown {
  const inert: unknown = new Proxy(() => null, {
    get: (_target, key) => (key === Symbol.toPrimitive ? () => '' : key === 'then' ? undefined : inert),
    apply: () => null,
  });
  const wrap = (item: unknown): unknown =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? new Proxy(item as object, { get: (target, key) => (key in target ? wrap((target as Record<PropertyKey, unknown>)[key]) : typeof key === 'symbol' || key === 'then' || key === 'toJSON' ? undefined : inert) })
      : item;
  if (!value || typeof value !== 'object' || !('services' in value)) return value;
  return { ...(value as object), services: wrap((value as { services: unknown }).services) };
}

/**
 * The machine as the page steps it: its named actions that send to another actor (a parent the simulation does not
 * have, a child it does not start) do nothing; assignments and raised events stay, so the states and context are
 * the machine's own.
 */
export function simulatedMachine(machine: AnyStateMachine): AnyStateMachine {
  const actions = (machine.implementations.actions ?? {}) as Record<string, unknown>;
  const sending = Object.entries(actions).filter(([, action]) => typeof action === 'function' && ['xstate.sendTo', 'xstate.sendParent', 'xstate.forwardTo'].includes(String((action as { type?: unknown }).type)));
  if (!sending.length) return machine;
  return machine.provide({ actions: Object.fromEntries(sending.map(([name]) => [name, () => {}])) } as never);
}

/** The first step of a simulation: the machine's initial snapshot for the input (its services made inert). */
export function startSimulation(machine: AnyStateMachine, input: unknown): SimulationStep {
  const [snapshot] = initialTransition(machine, inertServices(input) as never);
  return { label: 'xstate.init', event: null, snapshot: snapshot as AnyMachineSnapshot, taken: [] };
}

/** The next step: the event sent to the last snapshot. */
export function stepSimulation(machine: AnyStateMachine, from: SimulationStep, chosen: SimulationEvent): SimulationStep {
  const taken = takenTransitions(machine, from.snapshot, chosen.event);
  const [snapshot] = transition(machine, from.snapshot as never, chosen.event as never);
  return { label: chosen.label, event: chosen.event, snapshot: snapshot as AnyMachineSnapshot, taken };
}
