// The model-based test paths of each registered machine, computed by the code the tests use: tests/machines/model.ts
// (toTestMachine, coverTransitions, the coverage count) with each machine's samples, vertex and starts from its
// tests/machines/*.model.ts, and the createTestModel options of its test file. Node only (the test helpers import
// vitest): `npm run build` writes the answer to dist/visualizer/paths.json for the page.
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { machines } from '../../machines/index';
import { allTransitions, canTake, coveredTransitions, isSample } from '../../tests/machines/model';
import { pathsOf, type ModelSpec } from '../../tests/machines/model-spec';
import { giftSpec } from '../../tests/machines/gift.model';
import { listingsSpec } from '../../tests/machines/listings.model';
import { loginSpec } from '../../tests/machines/login.model';
import { logoutSpec } from '../../tests/machines/logout.model';
import { myTicketsSpec } from '../../tests/machines/my-tickets.model';
import { qrInput, qrSampleEvents } from '../../tests/machines/qr.model';
import { redeemInput, redeemSampleEvents, redeemVertex } from '../../tests/machines/redeem.model';
import { resellSampleEvents, resellStarts, resellVertex, stubListings } from '../../tests/machines/resell.model';
import { sessionInput, sessionSampleEvents } from '../../tests/machines/session.model';
import { oneAtATime, settingsInput, settingsSampleEvents, settingsVertex } from '../../tests/machines/settings.model';
import { swapSampleEvents, swapStarts, swapVertex } from '../../tests/machines/swap.model';
import { benefitSampleEvents, benefitStarts, ticketInput, ticketSampleEvents, ticketVertex } from '../../tests/machines/ticket.model';
import { walletSampleEvents, walletStarts } from '../../tests/machines/wallet.model';
import { ticketLifecycleSampleEvents } from '../../tests/machines/ticket-lifecycle.model';
import { testServices } from '../../tests/machines/fake-platform';

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
}
/** Per registered machine: its paths and coverage, or why there are none. */
export type PathsReport = Record<string, MachinePaths | { unavailable: string }>;

const one = (input: () => unknown) => [{ name: 'start', input }];
/** A spec still written here rather than in its tests/machines/<name>.model.ts. */
const spec = (samples: readonly unknown[], rest: Omit<ModelSpec, 'samples' | 'events' | 'name'> & { events?: ModelSpec['events'] }): ModelSpec => ({
  name: 'inline',
  events: samples as EventObject[],
  ...rest,
  samples: samples as EventObject[],
});

/** What each machine's test file gives createTestModel (tests/machines/<name>.test.ts). */
function specs(): Record<string, ModelSpec> {
  return {
    wallet: spec(walletSampleEvents, {
      machine: machines.wallet.provide({ actions: { showLoginTab: () => {} }, guards: { flowLoaded: () => false } } as never),
      starts: walletStarts.map((start) => ({ name: start.name, input: () => start.input })),
      serializeTransition: () => '',
    }),
    session: spec(sessionSampleEvents, { machine: machines.session, starts: one(() => sessionInput) }),
    login: loginSpec,
    logout: logoutSpec,
    myTickets: myTicketsSpec,
    ticket: spec(ticketSampleEvents, { machine: machines.ticket, starts: one(ticketInput), serializeState: ticketVertex }),
    benefit: spec(benefitSampleEvents, { machine: machines.benefit, starts: benefitStarts }),
    qr: spec(qrSampleEvents, {
      machine: machines.qr,
      starts: one(() => qrInput),
      filter: (snapshot, event) => canTake(snapshot, event) && isSample(qrSampleEvents as EventObject[], event),
    }),
    redeem: spec(redeemSampleEvents, { machine: machines.redeem, starts: one(redeemInput), serializeState: redeemVertex }),
    settings: spec(settingsSampleEvents, {
      machine: machines.settings,
      starts: one(settingsInput),
      filter: (snapshot, event) => snapshot.can(event as never) && isSample(settingsSampleEvents as EventObject[], event) && oneAtATime(snapshot, event),
      coverFilter: (testMachine) => (snapshot, event) => testMachine.getTransitionData(snapshot as never, event as never).length > 0 && oneAtATime(snapshot, event),
      serializeState: settingsVertex,
    }),
    gift: giftSpec,
    resell: spec(resellSampleEvents, {
      machine: machines.resell.provide({ actors: { listings: stubListings } as never, actions: { logError: () => {} } }),
      starts: resellStarts,
      serializeState: resellVertex,
    }),
    swap: spec(swapSampleEvents, { machine: machines.swap, starts: swapStarts, serializeState: swapVertex }),
    listings: listingsSpec,
    ticketLifecycle: spec(ticketLifecycleSampleEvents, { machine: machines.ticketLifecycle, starts: one(() => undefined) }),
  };
}

/** A step's event as the paths' names write it: its type and short payload values. */
function eventText(event: EventObject): string {
  const { type, output: _output, error: _error, ...payload } = event as EventObject & { output?: unknown; error?: unknown };
  const detail = Object.values(payload).filter((value) => typeof value === 'string' || typeof value === 'number');
  return detail.length ? `${type}(${detail.join(', ')})` : type;
}

/** The paths and coverage of one model: the paths its test replays (tests/machines/model-spec.ts). */
export function modelPaths(model: ModelSpec): MachinePaths {
  const { testMachine, runs, paths } = pathsOf(model);
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
  };
}

/** Every registered machine's paths; a machine without a model file (or whose model fails) says why. */
export function pathsReport(): PathsReport {
  const models = specs();
  const report: PathsReport = {};
  for (const name of Object.keys(machines)) {
    const model = models[name];
    if (!model) {
      report[name] = { unavailable: 'its sample events live in its test file, not in a tests/machines/*.model.ts' };
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
