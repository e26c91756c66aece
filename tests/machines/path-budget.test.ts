// Path generation is bounded per machine (tests/machines/model-spec.ts, PATH_BUDGET): a machine whose graph would grow
// without bound fails fast, with its name, instead of running until the machine runs out of memory.
import { describe, expect, it } from 'vitest';
import { assign, setup } from 'xstate';
import { modelSpec, PathBudgetExceeded, pathsOf } from '../../machines/models/model-spec';

/** A counter whose every press is a new state: its graph never ends. */
const counter = setup({ types: { context: {} as { count: number }, events: {} as { type: 'press' } | { type: 'reset' } } }).createMachine({
  id: 'counter',
  context: { count: 0 },
  initial: 'counting',
  states: { counting: { on: { press: { actions: assign({ count: ({ context }) => context.count + 1 }) }, reset: { actions: assign({ count: 0 }) } } } },
});
const events = [{ type: 'press' }, { type: 'reset' }] as const;
/** One vertex per count. */
const serializeState = (snapshot: { context: unknown }) => JSON.stringify(snapshot.context);

describe('path budgets', () => {
  it('fail fast, with the machine’s name, on a graph that grows without bound', () => {
    const spec = modelSpec({ name: 'counter', machine: counter, asIs: true, starts: [{ name: 'start', input: () => undefined }], events, serializeState: serializeState as never });
    let failure: unknown;
    try {
      pathsOf(spec);
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(PathBudgetExceeded);
    expect((failure as Error).message).toMatch(/^counter: path generation exceeded its budget \(more than 20000 offers/);
  });

  /** A picker of one of `count` numbers: each pick is its own end, so `count` paths. */
  const picker = (count: number) =>
    modelSpec({
      name: `picker of ${count}`,
      machine: setup({ types: { context: {} as { picked: number | null }, events: {} as { type: 'pick'; n: number } } }).createMachine({
        id: 'picker',
        context: { picked: null },
        on: { pick: { actions: assign({ picked: ({ event }) => event.n }) } },
      }),
      asIs: true,
      starts: [{ name: 'start', input: () => undefined }],
      events: Array.from({ length: count }, (_, n) => ({ type: 'pick' as const, n })),
      filter: (snapshot) => (snapshot.context as { picked: number | null }).picked === null,
      serializeState: serializeState as never,
      budget: { paths: 20 },
    });

  it('fail on too many paths', () => {
    expect(() => pathsOf(picker(30))).toThrow(/^picker of 30: path generation exceeded its budget \(30 paths, more than 20\)/);
  });

  it('let a machine within its budget through', () => {
    expect(pathsOf(picker(20)).paths).toHaveLength(20);
  });
});
