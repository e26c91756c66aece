// The model-based test paths of each registered machine, computed by the code the tests use: each machine's spec,
// exported once from its machines/models/<name>.model.ts, goes through pathsOf (machines/models/model-spec.ts), which
// its test file (tests/machines/<name>.test.ts) calls too; coverage is counted by machines/models/model.ts. Node only
// (the models' fakes and replay use vitest's `vi` and `expect`): `npm run build` writes the answer to
// dist/visualizer/paths/<name>.json for the page. Nothing here comes from tests/ (tests/unit/import-direction.test.ts).
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { machines } from '../../machines/index';
import { allTransitions, coveredTransitions } from '../../machines/models/model';
import { PATH_BUDGET, PathBudgetExceeded, pathsOf, samplesOf, type ModelSpec } from '../../machines/models/model-spec';
import { jsonSafe, type SimulationSamples } from './simulate';
import { frameSpec } from '../../machines/models/frame.model';
import { giftSpec } from '../../machines/models/gift.model';
import { historySpec } from '../../machines/models/history.model';
import { listingsSpec } from '../../machines/models/listings.model';
import { loginSpec } from '../../machines/models/login.model';
import { logoutSpec } from '../../machines/models/logout.model';
import { myTicketsSpec } from '../../machines/models/my-tickets.model';
import { payoutSpec } from '../../machines/models/payout.model';
import { phoneModalSpec } from '../../machines/models/phone-modal.model';
import { pictureFormSpec } from '../../machines/models/picture-form.model';
import { qrSpec } from '../../machines/models/qr.model';
import { qrDeviceSpec } from '../../machines/models/qr-device.model';
import { redeemSpec } from '../../machines/models/redeem.model';
import { resellSpec } from '../../machines/models/resell.model';
import { sessionSpec } from '../../machines/models/session.model';
import { streamSpec } from '../../machines/models/stream.model';
import { settingsSpec } from '../../machines/models/settings.model';
import { swapSpec } from '../../machines/models/swap.model';
import { benefitSpec } from '../../machines/models/benefit.model';
import { ticketSpec } from '../../machines/models/ticket.model';
import { walletSpec } from '../../machines/models/wallet.model';
import { ticketLifecycleSpec } from '../../machines/models/ticket-lifecycle.model';

export interface PathStep {
  /** The event, with its short payload (`gift.selectTicket(11)`); `xstate.init` first. */
  event: string;
  /** The state value after the step. */
  value: unknown;
}
export interface ModelPath {
  start: string;
  description: string;
  steps: PathStep[];
}
export interface MachinePaths {
  paths: ModelPath[];
  coverage: { covered: number; total: number; uncovered: string[] };
  /** The sample inputs (one per start) and events the page's simulation uses (simulate.ts). */
  samples?: SimulationSamples;
}
/** Per registered machine: its paths and coverage, or why there are none. */
export type PathsReport = Record<string, MachinePaths | { unavailable: string }>;

/** Each machine's model-based test spec (machines/models/<name>.model.ts), as its test file uses it (tests/machines/<name>.test.ts). */
export function modelSpecs(): Record<string, ModelSpec> {
  const specs: ModelSpec[] = [
    walletSpec,
    sessionSpec,
    frameSpec,
    streamSpec,
    loginSpec,
    logoutSpec,
    myTicketsSpec,
    ticketSpec,
    historySpec,
    benefitSpec,
    qrSpec,
    qrDeviceSpec,
    redeemSpec,
    settingsSpec,
    giftSpec,
    resellSpec,
    swapSpec,
    listingsSpec,
    payoutSpec,
    phoneModalSpec,
    pictureFormSpec,
    ticketLifecycleSpec,
  ] as ModelSpec[];
  // A spec's name is its machine's key in the registry (machines/index.ts).
  return Object.fromEntries(specs.map((spec) => [spec.name, spec]));
}

/** A step's event as the paths' names write it: its type and short payload values. */
function eventText(event: EventObject): string {
  const { type, output: _output, error: _error, ...payload } = event as EventObject & { output?: unknown; error?: unknown };
  const detail = Object.values(payload).filter((value) => typeof value === 'string' || typeof value === 'number');
  return detail.length ? `${type}(${detail.join(', ')})` : type;
}

/**
 * The paths and coverage of one model: the paths its test replays (machines/models/model-spec.ts). `starts` (indexes
 * into the spec's starts) computes only those starts' paths, as one job of scripts/visualizer-paths.ts, which
 * generates a machine's starts in parallel and joins them with mergeMachinePaths.
 */
export function modelPaths(model: ModelSpec, starts?: readonly number[]): MachinePaths {
  const spec = starts ? { ...model, starts: starts.map((index) => model.starts[index]!) } : model;
  const { testMachine, runs, paths } = pathsOf(spec);
  const all: ModelPath[] = runs.flatMap((run) =>
    run.paths.map((path) => ({
      start: run.start.name,
      description: path.description ?? path.steps.map((step) => eventText(step.event)).join(' → '),
      steps: path.steps.map((step) => ({ event: eventText(step.event), value: (step.state as AnyMachineSnapshot).value })),
    })),
  );
  const transitions = allTransitions(testMachine);
  const covered = coveredTransitions(testMachine, paths);
  return {
    paths: all,
    coverage: { covered: transitions.filter((id) => covered.has(id)).length, total: transitions.length, uncovered: transitions.filter((id) => !covered.has(id)) },
    samples: {
      starts: runs.map((run) => ({ name: run.start.name, input: jsonSafe(run.input) })),
      events: jsonSafe(samplesOf(model as ModelSpec<never>)) as EventObject[],
    },
  };
}

/**
 * One machine's paths from the parts computed per start (in the spec's order): the paths and starts joined, a
 * transition covered when any part covers it, and the spec's path budget checked on the whole.
 */
export function mergeMachinePaths(model: ModelSpec, parts: readonly MachinePaths[]): MachinePaths {
  const [first] = parts;
  if (!first) throw new Error(`${model.name}: no parts to merge`);
  const paths = parts.flatMap((part) => part.paths);
  const limit = { ...PATH_BUDGET, ...model.budget }.paths;
  if (paths.length > limit) throw new PathBudgetExceeded(model.name, `${paths.length} paths, more than ${limit}`);
  const uncovered = first.coverage.uncovered.filter((id) => parts.every((part) => part.coverage.uncovered.includes(id)));
  return {
    paths,
    coverage: { covered: first.coverage.total - uncovered.length, total: first.coverage.total, uncovered },
    samples: { starts: parts.flatMap((part) => part.samples?.starts ?? []), events: first.samples?.events ?? [] },
  };
}

/** Every registered machine's paths; a machine without a spec (or whose model fails) says why. */
export function pathsReport(): PathsReport {
  const models = modelSpecs();
  const report: PathsReport = {};
  for (const name of Object.keys(machines)) {
    const model = models[name];
    if (!model) {
      report[name] = { unavailable: 'it has no model-based test spec (machines/models/<name>.model.ts) listed in src/visualizer/model-paths.ts' };
      continue;
    }
    try {
      report[name] = modelPaths(model);
    } catch (error) {
      report[name] = { unavailable: `the model failed: ${error instanceof Error ? error.message : String(error)}` };
    }
  }
  return report;
}
