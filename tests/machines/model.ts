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
  SimulatedClock,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
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

/** The real machine with invokes and delays turned into explicit events, for createTestModel. */
export function toTestMachine<T extends AnyStateMachine>(machine: T): T {
  const config = explicitNode(machine.config as unknown as NodeConfig, machine.id);
  return createMachine(config as never, machine.implementations as never) as unknown as T;
}

/** One vertex per snapshot (value and context), however it was reached: one shortest path per distinct state. */
export const snapshotOnly = () => '';

/** Keeps traversal to events the state accepts. */
export const canTake = (snapshot: AnyMachineSnapshot, event: EventObject) => snapshot.can(event);

/**
 * Whether `event` is one of `samples`, payload and all: the graph also offers a bare { type } for every event the
 * machine names without a sample, which a path on the screens cannot perform.
 */
export const isSample = (samples: readonly EventObject[], event: EventObject) =>
  samples.some((sample) => JSON.stringify(sample) === JSON.stringify(event));

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
  /** Checked after every step. */
  check?: (actor: AnyActorRef, step: { event: EventObject; state: AnyMachineSnapshot }) => void;
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
  const errors: unknown[] = [];

  for (const step of path.steps) {
    const { type } = step.event;
    const settled = /^(.+)\.(done|error)$/.exec(type);
    if (type === 'xstate.init') {
      actor = createActor(machine, { input: options.input, clock } as never);
      actor.subscribe({ error: (error: unknown) => errors.push(error) });
      actor.start();
    } else if (!actor) {
      throw new Error('a path must start with xstate.init');
    } else if (settled && options.promiseActors?.includes(settled[1]!)) {
      const event = step.event as EventObject & { output?: unknown; error?: unknown };
      control.settle(settled[1]!, settled[2] as 'done' | 'error', settled[2] === 'done' ? event.output : event.error);
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
    options.check?.(actor, step);
  }
  actor?.stop();
  return control;
}
