// A machine's model-based test, defined once (issue 18): each tests/machines/<name>.model.ts exports one ModelSpec,
// and both the machine's test file and the visualiser (src/visualizer/model-paths.ts) build their createTestModel
// and coverTransitions from it through `pathsOf`, so the paths the page lists are the paths the test replays.
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { createTestModel, type TestPath } from 'xstate/graph';
import { coverTransitions, takesSample, toTestMachine } from './model';

export type ModelFilter = (snapshot: AnyMachineSnapshot, event: EventObject) => boolean;

export interface ModelStart<TInput = unknown> {
  name: string;
  /** A fresh input (new fake services) each call. */
  input: () => TInput;
}

export interface ModelSpec<TInput = unknown> {
  /** The name the coverage report prints (`[model coverage] <name>: …`). */
  name: string;
  /** The machine the test models, its test provide()s applied. */
  machine: AnyStateMachine;
  /**
   * Model the machine as it is instead of through toTestMachine (a machine without invokes or delays whose tests
   * replay on the machine itself).
   */
  asIs?: boolean;
  /** One model per start; the paths of all starts together are the machine's paths. */
  starts: ReadonlyArray<ModelStart<TInput>>;
  /** The events createTestModel offers in every state. */
  events: readonly EventObject[] | ((snapshot: AnyMachineSnapshot) => readonly EventObject[]);
  /** The sample events the traversal keeps to and coverTransitions tries; `events` when left out. */
  samples?: readonly EventObject[];
  /** createTestModel's filterEvents; `takesSample(samples)` when left out. */
  filter?: ModelFilter;
  /** coverTransitions' filter, given the test machine; its default (any transition the event takes) when left out. */
  coverFilter?: (testMachine: AnyStateMachine) => ModelFilter;
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  serializeTransition?: () => string;
  /** Transitions no path can take, each with the reason (expectFullCoverage's exceptions). */
  excused?: Readonly<Record<string, string>>;
  /** Raises the path-generation budget (PATH_BUDGET) for a machine that needs more, with its measured need. */
  budget?: Partial<PathBudget>;
}

/**
 * How much work generating one machine's paths may take: the traversal's offers of an event to a state (the
 * filter's calls, which grow with states × events) and the paths it answers. Work, not seconds, so the budget is the
 * same on a quiet and a loaded machine: a change that makes the graph grow without bound fails at once with the
 * machine's name instead of running for minutes (docs/machines.md, "Path budgets").
 */
export interface PathBudget {
  offers: number;
  paths: number;
}

export const PATH_BUDGET: PathBudget = { offers: 20_000, paths: 1_000 };

export class PathBudgetExceeded extends Error {
  constructor(name: string, what: string) {
    super(`${name}: path generation exceeded its budget (${what}); a guard or a context change may make the graph grow without bound (docs/machines.md, "Path budgets")`);
    this.name = 'PathBudgetExceeded';
  }
}

/** Declares a spec with its input type checked against its starts. */
export const modelSpec = <TInput>(spec: ModelSpec<TInput>): ModelSpec<TInput> => spec;

/** One start's generated paths, with the input they were generated from. */
export interface ModelRun<TInput = unknown> {
  start: ModelStart<TInput>;
  input: TInput;
  paths: Array<TestPath<AnyMachineSnapshot, EventObject>>;
}

export interface ModelPaths<TInput = unknown> {
  /** The machine the paths and the coverage are computed on. */
  testMachine: AnyStateMachine;
  runs: Array<ModelRun<TInput>>;
  /** Every start's paths. */
  paths: Array<TestPath<AnyMachineSnapshot, EventObject>>;
}

/** The sample events of a spec. */
export const samplesOf = (spec: ModelSpec<never>): readonly EventObject[] =>
  spec.samples ?? (spec.events as readonly EventObject[]);

/** The test machine of a spec: toTestMachine of its machine, or the machine itself when `asIs`. */
export const testMachineOf = (spec: ModelSpec<never>): AnyStateMachine => (spec.asIs ? spec.machine : toTestMachine(spec.machine));

/** The generated paths of a spec: createTestModel's shortest paths per start, completed by coverTransitions. */
export function pathsOf<TInput>(spec: ModelSpec<TInput>): ModelPaths<TInput> {
  const testMachine = testMachineOf(spec as ModelSpec<never>);
  const samples = samplesOf(spec as ModelSpec<never>);
  const budget = { ...PATH_BUDGET, ...spec.budget };
  const filter = spec.filter ?? takesSample(samples);
  let offers = 0;
  const runs = spec.starts.map((start): ModelRun<TInput> => {
    const input = start.input();
    const model = createTestModel(testMachine, {
      ...(input === undefined ? {} : { input }),
      events: spec.events as never,
      filterEvents: ((snapshot: AnyMachineSnapshot, event: EventObject) => {
        if (++offers > budget.offers) throw new PathBudgetExceeded(spec.name, `more than ${budget.offers} offers of an event to a state`);
        return filter(snapshot, event);
      }) as never,
      ...(spec.serializeState ? { serializeState: spec.serializeState as never } : {}),
      ...(spec.serializeTransition ? { serializeTransition: spec.serializeTransition } : {}),
    } as never);
    const paths = coverTransitions(testMachine, model.getShortestPaths() as never, samples, input, spec.coverFilter?.(testMachine));
    return { start, input, paths: paths as Array<TestPath<AnyMachineSnapshot, EventObject>> };
  });
  const paths = runs.flatMap((run) => run.paths);
  if (paths.length > budget.paths) throw new PathBudgetExceeded(spec.name, `${paths.length} paths, more than ${budget.paths}`);
  return { testMachine, runs, paths };
}
