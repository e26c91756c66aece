// A machine's definition as a graph to draw: every state node (compound, parallel, final, history), every
// transition (event, guard, delay; eventless `always` ones too) and every invoked actor, read from the machine's
// real StateNode tree (`machine.root`). Pure data, no DOM: the visualiser page, `npm run charts` and the tests use it.
import { and, not, or, type AnyStateMachine } from 'xstate';

export type StateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface ChartInvoke {
  /** The invoke's id (a flow's equals its registry key). */
  id: string;
  /** The registry key of the invoked machine, when it is one of the registered machines. */
  machine: string | null;
}

export interface ChartState {
  /** The state node's id (`wallet.panel.open`). */
  id: string;
  /** Its path from the root, joined by '.' ('' for the root): how a snapshot's value names it. */
  path: string;
  key: string;
  parent: string | null;
  kind: StateKind;
  /** The initial state of its parent (compound parents only). */
  initial: boolean;
  description: string | null;
  tags: string[];
  invokes: ChartInvoke[];
  /** Its entry and exit actions, as written (`name(params)`; built-ins by their name: `assign`, `raise`). */
  entry: string[];
  exit: string[];
  depth: number;
}

export interface ChartTransition {
  /** Stable: the source state's id, the event and the branch. */
  id: string;
  source: string;
  /** The target states' ids; empty for a targetless transition (actions only), drawn as a loop. */
  targets: string[];
  /** The event as written ('gift.submit'); '' for an eventless transition. */
  event: string;
  kind: 'event' | 'always' | 'after' | 'done' | 'error';
  guard: string | null;
  /** The delay's name or milliseconds, for `after` transitions. */
  delay: string | null;
  /** The delay's milliseconds when they are a number (named delays are looked up in the machine's `delays`). */
  delayMs: number | null;
  /** The transition's actions, as written. */
  actions: string[];
  reenter: boolean;
  /** What the edge says: event (or `always`, `after …`, `done: id`), then [guard]. The actions are not in it. */
  label: string;
}

export interface ChartGraph {
  /** The registry key. */
  name: string;
  machineId: string;
  description: string | null;
  states: ChartState[];
  transitions: ChartTransition[];
}

/** Which registered machine an invoke runs: by the logic it names, else by its id or src against the keys. */
export type ResolveInvoke = (invoke: { id: string; src: string; logic: unknown }) => string | null;

type AnyNode = {
  id: string;
  key: string;
  path: string[];
  type: StateKind;
  parent?: AnyNode;
  states: Record<string, AnyNode>;
  initial?: { target: AnyNode[] };
  transitions: Map<string, AnyTransition[]>;
  always?: AnyTransition[];
  after: Array<AnyTransition & { delay: string | number }>;
  invoke: Array<{ id: string; src: unknown }>;
  meta?: Record<string, unknown>;
  description?: string;
  tags: string[];
  entry: unknown[];
  exit: unknown[];
};
type AnyTransition = { target?: AnyNode[]; guard?: unknown; eventType: string; reenter?: boolean; actions?: unknown[] };

const AND = (and([]) as unknown as { check: unknown }).check;
const OR = (or([]) as unknown as { check: unknown }).check;
const NOT = (not('x') as unknown as { check: unknown }).check;

function paramsText(params: unknown): string {
  if (params === undefined || typeof params === 'function') return '';
  if (params === null || typeof params !== 'object') return `(${String(params)})`;
  const simple = Object.values(params as Record<string, unknown>).filter((value) => ['string', 'number', 'boolean'].includes(typeof value));
  return simple.length ? `(${simple.join(', ')})` : '';
}

/** A guard as written: `name(params)`, `a && !b`, `in(signedIn)`. */
export function guardText(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const higher = guard as unknown as { check?: unknown; guards?: unknown[]; stateValue?: unknown; name?: string };
    if (higher.check === AND) return (higher.guards ?? []).map(nested).join(' && ');
    if (higher.check === OR) return (higher.guards ?? []).map(nested).join(' || ');
    if (higher.check === NOT) return `!${nested(higher.guards?.[0])}`;
    if (higher.stateValue !== undefined) return `in(${valueText(higher.stateValue)})`;
    return higher.name || 'inline';
  }
  if (guard && typeof guard === 'object' && 'type' in guard) {
    const { type, params } = guard as { type: string; params?: unknown };
    return `${type}${paramsText(params)}`;
  }
  return 'guard';
}

/** An action as written: `name(params)`; a built-in (`assign`, `raise`, `sendTo`, …) by its name, an inline function by its own. */
export function actionText(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    const builtIn = (action as { type?: unknown }).type;
    if (typeof builtIn === 'string') return builtIn.replace(/^xstate\./, '');
    return action.name && action.name !== 'actions' ? action.name : 'inline';
  }
  if (action && typeof action === 'object' && 'type' in action) {
    const { type, params } = action as { type: unknown; params?: unknown };
    return `${String(type)}${paramsText(params)}`;
  }
  return 'action';
}

/** A state value as a dotted path (`{ right: 'on' }` → right.on); several leaves joined by commas. */
function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return String(value);
  return Object.entries(value as Record<string, unknown>)
    .map(([key, child]) => (child && typeof child === 'object' && Object.keys(child).length === 0 ? key : `${key}.${valueText(child)}`))
    .join(', ');
}

function nested(guard: unknown): string {
  const text = guardText(guard);
  return / && | \|\| /.test(text) ? `(${text})` : text;
}

type Delay = { name: string; ms: number | null };
function kindOfEvent(eventType: string, delays: Map<string, Delay>): Pick<ChartTransition, 'kind' | 'event' | 'delay' | 'delayMs'> & { text: string } {
  const delay = delays.get(eventType);
  if (delay !== undefined) {
    const ms = delay.ms !== null && !delay.name.endsWith(' ms') ? ` (${delay.ms} ms)` : '';
    return { kind: 'after', event: eventType, delay: delay.name, delayMs: delay.ms, text: `after ${delay.name}${ms}` };
  }
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return { kind: 'done', event: eventType, delay: null, delayMs: null, text: `done: ${done[1]}` };
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return { kind: 'error', event: eventType, delay: null, delayMs: null, text: `error: ${error[1]}` };
  if (eventType.startsWith('xstate.done.state.')) return { kind: 'done', event: eventType, delay: null, delayMs: null, text: 'done' };
  return { kind: 'event', event: eventType, delay: null, delayMs: null, text: eventType };
}

/** A delay's name and milliseconds: a number as it is, a named one from the machine's `delays` (a function of context has none). */
function delayOf(delay: string | number, delays: Record<string, unknown>): Delay {
  if (typeof delay === 'number') return { name: `${delay} ms`, ms: delay };
  const value = delays[delay];
  return { name: delay, ms: typeof value === 'number' ? value : null };
}

/** Every state node, depth first in definition order. */
export function stateNodes(machine: AnyStateMachine): AnyNode[] {
  const nodes: AnyNode[] = [];
  const visit = (node: AnyNode) => {
    nodes.push(node);
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root as unknown as AnyNode);
  return nodes;
}

function describe(node: AnyNode): string | null {
  const meta = node.meta as { description?: unknown } | undefined;
  if (typeof meta?.description === 'string') return meta.description;
  return typeof node.description === 'string' ? node.description : null;
}

/** The graph of one machine. */
export function machineGraph(name: string, machine: AnyStateMachine, resolveInvoke: ResolveInvoke = () => null): ChartGraph {
  const nodes = stateNodes(machine);
  const actors = (machine.implementations.actors ?? {}) as Record<string, unknown>;
  const delays = (machine.implementations.delays ?? {}) as Record<string, unknown>;
  const states: ChartState[] = nodes.map((node) => {
    const parent = node.parent ?? null;
    return {
      id: node.id,
      path: node.path.join('.'),
      key: node.key,
      parent: parent?.id ?? null,
      kind: node.type,
      initial: Boolean(parent && parent.type === 'compound' && parent.initial?.target.some((target) => target === node)),
      description: describe(node),
      tags: [...(node.tags ?? [])],
      entry: (node.entry ?? []).map(actionText),
      exit: (node.exit ?? []).map(actionText),
      invokes: node.invoke.map((invoke) => {
        const src = typeof invoke.src === 'string' ? invoke.src : invoke.id;
        return { id: invoke.id, machine: resolveInvoke({ id: invoke.id, src, logic: typeof invoke.src === 'string' ? actors[invoke.src] : invoke.src }) };
      }),
      depth: node.path.length,
    };
  });
  const transitions: ChartTransition[] = [];
  const add = (node: AnyNode, definition: AnyTransition, index: number, event: ReturnType<typeof kindOfEvent> | null) => {
    const guard = definition.guard === undefined ? null : guardText(definition.guard);
    const head = event ? event.text : 'always';
    transitions.push({
      id: `${node.id}:${event ? event.event : 'always'}:${index}`,
      source: node.id,
      targets: (definition.target ?? []).map((target) => target.id),
      event: event?.event ?? '',
      kind: event?.kind ?? 'always',
      guard,
      delay: event?.delay ?? null,
      delayMs: event?.delayMs ?? null,
      actions: (definition.actions ?? []).map(actionText),
      reenter: Boolean(definition.reenter),
      label: guard ? `${head} [${guard}]` : head,
    });
  };
  for (const node of nodes) {
    const after = new Map(node.after.map((definition) => [definition.eventType, delayOf(definition.delay, delays)]));
    for (const [eventType, definitions] of node.transitions) {
      const event = kindOfEvent(eventType, after);
      definitions.forEach((definition, index) => add(node, definition, index, event));
    }
    (node.always ?? []).forEach((definition, index) => add(node, definition, index, null));
  }
  return { name, machineId: machine.id, description: describe(machine.root as unknown as AnyNode), states, transitions };
}

/**
 * Resolves invokes against a registry: the logic itself when it is a registered machine, a lazy stand-in's registry
 * id (`registryId` / `flowId`) when it carries one, else the invoke's id or src when it is a registry key.
 */
export function registryResolver(registry: Record<string, unknown>): ResolveInvoke {
  const byLogic = new Map<unknown, string>();
  for (const [key, machine] of Object.entries(registry)) if (!byLogic.has(machine)) byLogic.set(machine, key);
  return ({ id, src, logic }) => {
    const known = byLogic.get(logic);
    if (known) return known;
    const carried = logic && typeof logic === 'object' ? ((logic as { registryId?: unknown; flowId?: unknown }).registryId ?? (logic as { flowId?: unknown }).flowId) : undefined;
    if (typeof carried === 'string' && carried in registry) return carried;
    if (id in registry) return id;
    if (src in registry) return src;
    return null;
  };
}

/** Which states a snapshot's value is in, as paths ('' the root): every active node, ancestors included. */
export function activePaths(value: unknown, prefix: string[] = []): string[] {
  const paths = [prefix.join('.')];
  if (typeof value === 'string') return [...paths, [...prefix, value].join('.')];
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) paths.push(...activePaths(child, [...prefix, key]));
  }
  return [...new Set(paths)];
}

/** The innermost states a snapshot's value is in (one per parallel region), as paths. */
export function leafPaths(value: unknown, prefix: string[] = []): string[] {
  if (typeof value === 'string') return [[...prefix, value].join('.')];
  if (value && typeof value === 'object' && Object.keys(value).length) {
    return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => leafPaths(child, [...prefix, key]));
  }
  return [prefix.join('.')];
}
