// The structural check of every invoke's error outcome (tests/machines/error-outcomes.ts), proven on fixtures that
// carry each mutation it must catch, then run over every machine of the registry.
import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import { machines } from '../../machines/index';
import { errorOutcomeProblems } from './error-outcomes';

const save = fromPromise(async () => 'saved');

/** A save flow as the machines write them: the failure goes back to editing with its message. */
function fixture(onError: Record<string, unknown> | undefined) {
  return setup({ actors: { save }, actions: { showError: assign({ failed: true }) } }).createMachine({
    id: 'fixture',
    context: { failed: false },
    initial: 'editing',
    states: {
      editing: { on: { submit: 'saving' } },
      saving: { invoke: { id: 'save', src: 'save', onDone: 'done', ...(onError ? { onError } : {}) } },
      done: { type: 'final' },
    },
  });
}

describe('error outcomes', () => {
  it('passes a failure that goes back with its message', () => {
    expect(errorOutcomeProblems(fixture({ target: 'editing', actions: 'showError' }))).toEqual([]);
  });

  it('fails an invoke whose onError was deleted', () => {
    expect(errorOutcomeProblems(fixture(undefined))).toEqual([
      { key: 'fixture.saving invoke save', problem: 'has no onError: a failure would be dropped silently' },
    ]);
  });

  it('fails an onError that ends in the success state', () => {
    expect(errorOutcomeProblems(fixture({ target: 'done', actions: 'showError' }))[0]?.problem).toMatch(/final state fixture.done/);
  });

  it('fails an onError that goes where onDone goes and does nothing of its own', () => {
    const machine = setup({ actors: { save } }).createMachine({
      id: 'fixture',
      initial: 'idle',
      states: { idle: { on: { save: 'saving' } }, saving: { invoke: { id: 'save', src: 'save', onDone: 'idle', onError: 'idle' } } },
    });
    expect(errorOutcomeProblems(machine)[0]?.problem).toMatch(/goes where onDone goes \(fixture.idle\)/);
  });

  it('takes an excuse only for an invoke that needs one', () => {
    expect(errorOutcomeProblems(fixture(undefined), { 'fixture.saving invoke save': 'a reason' })).toEqual([]);
    expect(errorOutcomeProblems(fixture({ target: 'editing', actions: 'showError' }), { 'fixture.saving invoke save': 'a reason' })).toHaveLength(1);
  });

  /** Invokes whose failure is meant to end where it ends, each with the reason. */
  const excused: Record<string, Record<string, string>> = {};

  it.each(Object.keys(machines))('%s: every invoke has an error outcome that is not a success', (name) => {
    const problems = errorOutcomeProblems(machines[name as keyof typeof machines], excused[name]);
    expect(problems.map(({ key, problem }) => `${key} ${problem}`)).toEqual([]);
  });
});
