// Model-based testing helpers. createTestModel (xstate/graph) refuses machines that invoke or use `after`, so the
// test model is derived from the real machine: each invoke's onDone/onError becomes the explicit events
// `<invoke id>.done` / `<invoke id>.error`, and each `after` delay becomes `after.<delay name>`. The same paths then
// run against the real machine actor, where those events resolve or reject controlled fromPromise mocks or advance
// a simulated clock.
import { expect } from 'vitest';
import {
  createActor,
  createMachine,
  fromPromise,
  getInitialSnapshot,
  getNextSnapshot,
  SimulatedClock,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  type InspectionEvent,
} from 'xstate';
import type { TestPath } from 'xstate/graph';

type NodeConfig = Record<string, unknown> & {
  invoke?: InvokeConfig | InvokeConfig[];
  after?: Record<string, unknown>;
  on?: Record<string, unknown>;
  states?: Record<string, NodeConfig>;
};
type InvokeConfig = { id?: string; src: unknown; onDone?: unknown; onError?: unknown };

function explicitNode(node: NodeConfig, path: string): NodeConfig {
  const { invoke, after, states, ...rest } = node;
  const on: Record<string, unknown> = { ...(node.on ?? {}) };
  const invokes = invoke === undefined ? [] : Array.isArray(invoke) ? invoke : [invoke];
  for (const definition of invokes) {
    if (!definition.id) throw new Error(`${path}: every invoke needs a fixed id (src ${String(definition.src)})`);
    if (definition.onDone) on[`${definition.id}.done`] = definition.onDone;
    if (definition.onError) on[`${definition.id}.error`] = definition.onError;
  }
  for (const [delay, transition] of Object.entries(after ?? {})) on[`after.${delay}`] = transition;
  const result: NodeConfig = { ...rest };
  if (Object.keys(on).length > 0) result.on = on;
  if (states) {
    result.states = Object.fromEntries(
      Object.entries(states).map(([key, child]) => [key, explicitNode(child, `${path}.${key}`)]),
    );
  }
  return result;
}

/** A `sendParent` action: a flow reporting to the wallet. */
function reportsToParent(action: unknown): boolean {
  const candidate = action as { type?: string; to?: unknown } | undefined;
  return candidate?.type === 'xstate.sendTo' && candidate.to === '#_parent';
}

/**
 * The real machine with invokes and delays turned into explicit events, for createTestModel. A flow's reports to
 * its parent (sendParent) become no-ops: the model has no parent (the paths on the actor check the reports).
 */
export function toTestMachine<T extends AnyStateMachine>(machine: T): T {
  const config = explicitNode(machine.config as unknown as NodeConfig, machine.id);
  const actions = Object.fromEntries(
    Object.entries(machine.implementations.actions ?? {}).map(([name, action]) => [name, reportsToParent(action) ? () => {} : action]),
  );
  return createMachine(config as never, { ...machine.implementations, actions } as never) as unknown as T;
}

/**
 * Starts a flow as the wallet would: the child (id 'flow') of a parent that records what the flow reports. Answers
 * the root (to stop), the flow's actor and the reports (internal xstate.* events left out).
 */
export function startAsChild(machine: AnyStateMachine, input: unknown, options: { clock?: SimulatedClock } = {}) {
  const reports: EventObject[] = [];
  const harness = createMachine({
    id: 'harness',
    invoke: { id: 'flow', src: machine, input },
    on: { '*': { actions: ({ event }: { event: EventObject }) => void (event.type.startsWith('xstate.') || reports.push(event)) } },
  } as never);
  const root = createActor(harness, options.clock ? { clock: options.clock } : {});
  const errors: unknown[] = [];
  root.subscribe({ error: (error) => errors.push(error) });
  root.start();
  const flow = (root.getSnapshot() as AnyMachineSnapshot).children.flow as AnyActorRef;
  flow.subscribe({ error: (error: unknown) => errors.push(error) });
  return { root, flow, reports, errors };
}

/** One vertex per snapshot (value and context), however it was reached: one shortest path per distinct state. */
export const snapshotOnly = () => '';

/** Keeps traversal to events the state accepts. */
export const canTake = (snapshot: AnyMachineSnapshot, event: EventObject) => snapshot.can(event);

/** Traversal filter: enabled events that are samples (the graph's bare `{ type }` events a person cannot send left out). */
export const takesSample = (samples: readonly EventObject[]) => (snapshot: AnyMachineSnapshot, event: EventObject) =>
  isSample(samples, event) && snapshot.can(event);

/**
 * Whether `event` is one of `samples`, payload and all: the graph also offers a bare { type } for every event the
 * machine names without a sample, which a path on the screens cannot perform.
 */
export const isSample = (samples: readonly EventObject[], event: EventObject) => sampleKeys(samples).has(JSON.stringify(event));

// The traversal asks isSample for every event in every state it reaches: each list of samples is written out once.
const sampleKeysOf = new WeakMap<readonly EventObject[], Set<string>>();
function sampleKeys(samples: readonly EventObject[]): Set<string> {
  let keys = sampleKeysOf.get(samples);
  if (!keys) sampleKeysOf.set(samples, (keys = new Set(samples.map((sample) => JSON.stringify(sample)))));
  return keys;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
  input: unknown;
}

/** fromPromise mocks that settle only when a path step says `<id>.done` or `<id>.error`. */
export function controlledActors(ids: readonly string[]) {
  const pending = new Map<string, Pending>();
  const inputs: Array<{ id: string; input: unknown }> = [];
  const actors = Object.fromEntries(
    ids.map((id) => [
      id,
      fromPromise(
        ({ input }: { input: unknown }) =>
          new Promise((resolve, reject) => {
            pending.set(id, { resolve, reject, input });
            inputs.push({ id, input });
          }),
      ),
    ]),
  );
  return {
    actors,
    /** Every input the machine invoked an actor with, in order. */
    inputs,
    settle(id: string, outcome: 'done' | 'error', payload: unknown) {
      const call = pending.get(id);
      if (!call) throw new Error(`the machine is not running ${id}`);
      pending.delete(id);
      if (outcome === 'done') call.resolve(payload);
      else call.reject(payload);
    },
  };
}

/** The event a callback fake gets when a path step says `<id>.error`: it throws the step's error (see failsOnCue). */
export const FAIL_CUE = 'test.fail';

/**
 * Makes a fake callback actor fail when the path says so: a throw inside a callback actor's receive fails the actor,
 * which is how its invoke's onError is reached.
 */
export function failsOnCue(receive: (listener: (event: EventObject) => void) => void, onFail?: () => void): void {
  receive((event) => {
    if (event.type !== FAIL_CUE) return;
    // An actor that fails is not cleaned up: what it held is let go here, as the real one would never have held it.
    onFail?.();
    throw (event as EventObject & { error: unknown }).error;
  });
}

/** Lets promise callbacks and the events they send run. */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

export interface RunPathOptions {
  /** The real machine, its platform actions already provided (spies). */
  machine: AnyStateMachine;
  input?: unknown;
  /** Invoke ids (equal to their src) that the path settles with `<id>.done` / `<id>.error`. */
  promiseActors?: readonly string[];
  /**
   * The model's vertex of a snapshot, when the model abstracts snapshots (a custom serializeState): the real actor
   * must then reach the same vertex, as path states are only representatives of it. Without it, the state value and
   * the context must be equal.
   */
  vertex?: (snapshot: AnyMachineSnapshot) => string;
  /** Checked after every step; `reports` are the events a flow sent its parent so far. */
  check?: (actor: AnyActorRef, step: { event: EventObject; state: AnyMachineSnapshot }, reports: EventObject[]) => void;
  /** Runs the machine as a flow: the child of a parent that records its reports (sendParent needs a parent). */
  asChild?: boolean;
  /** How the actor performs a model event the runner cannot (a child flow ending: `<child id>.done`). */
  perform?: Record<string, (actor: AnyActorRef, event: EventObject) => void>;
}

/**
 * Runs one generated path against the real machine actor: after every step its state value and context must equal
 * the model's.
 */
export async function runPathOnActor(path: TestPath<AnyMachineSnapshot, EventObject>, options: RunPathOptions) {
  const control = controlledActors(options.promiseActors ?? []);
  const clock = new SimulatedClock();
  const machine = options.machine.provide({ actors: control.actors } as never);
  const delays = (options.machine.implementations.delays ?? {}) as Record<string, unknown>;
  let actor: AnyActorRef | undefined;
  let root: AnyActorRef | undefined;
  let errors: unknown[] = [];
  let reports: EventObject[] = [];

  for (const step of path.steps) {
    const { type } = step.event;
    const settled = /^(.+)\.(done|error)$/.exec(type);
    if (type === 'xstate.init') {
      if (options.asChild) {
        ({ root, flow: actor, reports, errors } = startAsChild(machine, options.input, { clock }));
      } else {
        actor = createActor(machine, { input: options.input, clock } as never);
        root = actor;
        actor.subscribe({ error: (error: unknown) => errors.push(error) });
        actor.start();
      }
    } else if (!actor) {
      throw new Error('a path must start with xstate.init');
    } else if (options.perform?.[type]) {
      options.perform[type]!(actor, step.event);
      await flush();
    } else if (settled && options.promiseActors?.includes(settled[1]!)) {
      const event = step.event as EventObject & { output?: unknown; error?: unknown };
      control.settle(settled[1]!, settled[2] as 'done' | 'error', settled[2] === 'done' ? event.output : event.error);
      await flush();
    } else if (settled?.[2] === 'error' && (actor.getSnapshot() as AnyMachineSnapshot).children[settled[1]!]) {
      // A callback actor (a fake made with failsOnCue) the path fails.
      const child = (actor.getSnapshot() as AnyMachineSnapshot).children[settled[1]!] as AnyActorRef;
      child.send({ type: FAIL_CUE, error: (step.event as EventObject & { error?: unknown }).error });
      await flush();
    } else if (type.startsWith('after.')) {
      const delay = delays[type.slice('after.'.length)];
      if (typeof delay !== 'number') throw new Error(`unknown delay ${type}`);
      clock.increment(delay);
      await flush();
    } else {
      actor.send(step.event);
    }
    const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
    expect(errors).toEqual([]);
    if (options.vertex) {
      expect(options.vertex(snapshot), `vertex after ${type}`).toBe(options.vertex(step.state));
    } else {
      expect(snapshot.value, `state after ${type}`).toEqual(step.state.value);
      expect(snapshot.context, `context after ${type}`).toEqual(step.state.context);
    }
    options.check?.(actor, step, reports);
  }
  root?.stop();
  return { ...control, reports };
}

type TransitionDefinition = {
  source: { id: string; transitions: Map<string, unknown[]>; always?: unknown[] };
  eventType: string;
};
type GraphPath = { steps: ReadonlyArray<{ event: EventObject; state: unknown }>; input?: unknown };

/**
 * A transition's name in coverage reports: its state node, its event and which of the event's branches it is; an
 * eventless one is `<state> always`, with its branch.
 */
function transitionId(definition: TransitionDefinition): string {
  const always = definition.source.always ?? [];
  if (always.includes(definition)) {
    return `${definition.source.id} always${always.length > 1 ? ` #${always.indexOf(definition) + 1}` : ''}`;
  }
  const branches = definition.source.transitions.get(definition.eventType) ?? [];
  const branch = branches.indexOf(definition);
  return `${definition.source.id} on ${definition.eventType}${branches.length > 1 ? ` #${branch + 1}` : ''}`;
}

/** Every transition of a (test) machine: those an event takes and the eventless (`always`) ones. */
export function allTransitions(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  const visit = (node: { transitions: Map<string, TransitionDefinition[]>; always?: TransitionDefinition[]; states: Record<string, unknown> }) => {
    for (const definitions of node.transitions.values()) for (const definition of definitions) ids.push(transitionId(definition));
    for (const definition of node.always ?? []) ids.push(transitionId(definition));
    for (const child of Object.values(node.states)) visit(child as typeof node);
  };
  visit(machine.root as never);
  return ids;
}

/**
 * Runs one step of a (test) machine and answers every transition it took: the event's and the eventless ones that
 * followed, microstep by microstep, as XState's inspection reports them (`@xstate.microstep`). Without `event`, the
 * step is the machine's start (its initial eventless transitions).
 */
function tracedStep(machine: AnyStateMachine, input: unknown, before: AnyMachineSnapshot | null, event?: EventObject) {
  const tracer = tracerOf(machine, input);
  tracer.taken.length = 0;
  if (before === null) {
    machine.getInitialSnapshot(tracer.scope as never, input);
  } else {
    tracer.scope.self._snapshot = before;
    machine.transition(before as never, event!, tracer.scope as never);
  }
  return [...tracer.taken];
}

type Tracer = { taken: TransitionDefinition[]; scope: { self: AnyActorRef & { _snapshot?: unknown } } & Record<string, unknown> };
const tracers = new WeakMap<AnyStateMachine, Map<unknown, Tracer>>();

/** An inert actor scope (as getNextSnapshot's) whose system reports each microstep's transitions; one per machine and input. */
function tracerOf(machine: AnyStateMachine, input: unknown): Tracer {
  let byInput = tracers.get(machine);
  if (!byInput) tracers.set(machine, (byInput = new Map()));
  let tracer = byInput.get(input);
  if (!tracer) {
    const taken: TransitionDefinition[] = [];
    const self = createActor(machine, {
      input,
      inspect: (inspection: InspectionEvent) => {
        if (inspection.type === '@xstate.microstep') taken.push(...((inspection as unknown as { _transitions?: TransitionDefinition[] })._transitions ?? []));
      },
    } as never) as unknown as AnyActorRef & { _snapshot?: unknown };
    const scope = { self, defer: () => {}, id: '', logger: () => {}, sessionId: '', stopChild: () => {}, system: self.system, emit: () => {}, actionExecutor: () => {} };
    tracer = { taken, scope };
    byInput.set(input, tracer);
  }
  return tracer;
}

/**
 * The transitions the generated paths take, each step's event from the state the step before reached, with the
 * eventless transitions that follow it (and, when the path knows its input, those the start takes).
 */
export function coveredTransitions(machine: AnyStateMachine, paths: readonly GraphPath[]): Set<string> {
  const covered = new Set<string>();
  for (const path of paths) {
    const input = 'input' in path ? path.input : undefined;
    if ('input' in path || typeof machine.config.context !== 'function') {
      for (const definition of tracedStep(machine, input, null)) covered.add(transitionId(definition));
    }
    for (let index = 1; index < path.steps.length; index++) {
      const before = path.steps[index - 1]!.state as AnyMachineSnapshot;
      for (const definition of tracedStep(machine, input, before, path.steps[index]!.event)) covered.add(transitionId(definition));
    }
  }
  return covered;
}

/**
 * Issue 6: each model-based test reports how many of its machine's transitions the generated paths cover and fails
 * below 100 %, unless a transition is listed in `uncovered` with the reason no path can take it.
 */
export function expectFullCoverage(
  name: string,
  machine: AnyStateMachine,
  paths: readonly GraphPath[],
  uncovered: Record<string, string> = {},
): void {
  const all = allTransitions(machine);
  const covered = coveredTransitions(machine, paths);
  const missing = all.filter((id) => !covered.has(id) && !(id in uncovered));
  const unknownExceptions = Object.keys(uncovered).filter((id) => !all.includes(id) || covered.has(id));
  console.info(`[model coverage] ${name}: ${covered.size}/${all.length} transitions covered by ${paths.length} paths` +
    (Object.keys(uncovered).length ? `, ${Object.keys(uncovered).length} excused` : ''));
  expect(missing, `${name}: transitions no path takes`).toEqual([]);
  expect(unknownExceptions, `${name}: excused transitions that do not exist or are covered after all`).toEqual([]);
}

/**
 * Shortest paths reach every state but skip transitions that lead nowhere new (a self-loop with an effect, a
 * second branch to a state already reached). This adds, for each transition no path takes yet, one path: a prefix
 * of a path to a state where a sample event takes it, plus that event. The prefix is replayed from the initial
 * state, because with an abstracting serializeState the graph's step states are only representatives.
 */
export function coverTransitions<P extends GraphPath & { description?: string }>(
  machine: AnyStateMachine,
  paths: readonly P[],
  events: readonly EventObject[],
  input?: unknown,
  // Not `can`: a guarded branch that does nothing (it stops the branches after it) counts as a transition too.
  filter: (snapshot: AnyMachineSnapshot, event: EventObject) => boolean = (snapshot, event) =>
    machine.getTransitionData(snapshot as never, event).length > 0,
): P[] {
  const covered = coveredTransitions(machine, paths);
  const extra: P[] = [];
  const concrete: P[] = [];
  // Shortest paths share their beginnings. A beginning already replayed reached the same state, and its events were
  // already tried there, so it is replayed and tried once: its state is kept by its events, written out.
  const reached = new Map<string, AnyMachineSnapshot>();
  for (const path of paths) {
    const replayed: Array<{ event: EventObject; state: AnyMachineSnapshot }> = [];
    let state = getInitialSnapshot(machine, input as never) as AnyMachineSnapshot;
    let prefix = '';
    path.steps.forEach((step, index) => {
      if (index > 0) prefix += `\n${JSON.stringify(step.event, withErrors)}`;
      const known = reached.get(prefix);
      if (known) {
        state = known;
        replayed.push({ event: step.event, state });
        return;
      }
      if (index > 0) state = getNextSnapshot(machine, state as never, step.event) as AnyMachineSnapshot;
      reached.set(prefix, state);
      replayed.push({ event: step.event, state });
      for (const event of events) {
        if (!filter(state, event)) continue;
        // The event's transitions and the eventless ones that follow it.
        const taken = tracedStep(machine, input, state, event).map(transitionId);
        if (taken.length === 0 || taken.every((id) => covered.has(id))) continue;
        for (const id of taken) covered.add(id);
        const next = getNextSnapshot(machine, state as never, event) as AnyMachineSnapshot;
        const steps = [...replayed, { event, state: next }];
        extra.push({ ...path, state: next, steps, description: describeSteps(steps), input });
      }
    });
    concrete.push({ ...path, state, steps: replayed, description: describeSteps(replayed), input });
  }
  // The graph's own paths with their concrete states too (its step states are representatives of vertices).
  return [...concrete, ...extra];
}

/** JSON.stringify writes an Error as `{}`: a path's key keeps what tells two failures apart. */
function withErrors(_key: string, value: unknown): unknown {
  return value instanceof Error ? { ...value, name: value.name, message: value.message } : value;
}

/** A path's events, for the name of an added path. */
function describeSteps(steps: GraphPath['steps']): string {
  return steps
    .map(({ event }) => {
      const { type, output: _output, error: _error, ...payload } = event as EventObject & { output?: unknown; error?: unknown };
      const detail = Object.values(payload).filter((value) => typeof value === 'string' || typeof value === 'number');
      return detail.length ? `${type}(${detail.join(', ')})` : type;
    })
    .join(' → ');
}
