// The visualiser's simulation (src/visualizer/simulate.ts): the login machine itself, stepped purely from its test
// model's sample input and events, signs in by email → code → done, and each step names the chart transition it took.
import { describe, expect, it } from 'vitest';
import { machines } from '../../machines/index';
import { machineGraph } from '../../src/visualizer/graph';
import { modelPaths } from '../../src/visualizer/model-paths';
import { enabledEvents, jsonSafe, type SimulationStep, simulatedMachine, startSimulation, stepSimulation } from '../../src/visualizer/simulate';
import { loginSpec } from '../../machines/models/login.model';

describe('simulate', () => {
  const samples = modelPaths(loginSpec).samples!;
  const machine = simulatedMachine(machines.login);
  const press = (step: SimulationStep, label: string) => {
    const chosen = enabledEvents(step.snapshot, samples.events).find((event) => event.label === label);
    expect(chosen, `${label} among ${enabledEvents(step.snapshot, samples.events).map((event) => event.label).join(' | ')}`).toBeDefined();
    return stepSimulation(machine, step, chosen!);
  };

  it('keeps samples JSON-safe: services dropped, errors as data', () => {
    expect(jsonSafe({ run: () => 1, error: Object.assign(new Error('no'), { code: 'x' }) })).toEqual({ error: { code: 'x', name: 'Error', message: 'no' } });
    expect(JSON.parse(JSON.stringify(samples))).toEqual(samples);
  });

  it('signs in on the login machine: email, code, done', () => {
    const start = samples.starts.find((candidate) => JSON.stringify(candidate.input).includes('LOGIN')) ?? samples.starts[0]!;
    let step = startSimulation(machine, start.input);
    expect(step.snapshot.value).toMatchObject({ flow: { email: 'editing' } });
    expect(enabledEvents(step.snapshot, samples.events).map((event) => event.label)).not.toContain('login.submitOtp');
    step = press(step, 'login.change(email,  Ada@Example.com )');
    step = press(step, 'login.submitEmail');
    expect(step.snapshot.value).toMatchObject({ flow: { email: 'sendingCode' } });
    expect(step.taken).toEqual(['login.flow.email.editing:login.submitEmail:0']);
    step = press(step, 'sendCode.done(output: {…})');
    expect(step.snapshot.value).toMatchObject({ flow: { otp: 'editing' } });
    step = press(step, 'login.change(otp, 123456)');
    expect(step.snapshot.value).toMatchObject({ flow: { otp: 'verifying' } }); // a full code is sent as it is typed
    step = press(step, 'verifyCode.done(output: {…})');
    expect(step.snapshot.value).toMatchObject({ flow: { otp: 'loadingUser' } });
    step = press(step, 'fetchUser.done(output: {…})');
    const ids = new Set(machineGraph('login', machine).transitions.map((transition) => transition.id));
    for (const id of step.taken) expect(ids.has(id), id).toBe(true);
    expect(JSON.stringify(step.snapshot.value)).toMatch(/done|signedIn|leaving|finished/);
  });
});
