// The visualiser's graph and layout (src/visualizer): a machine's definition → graph → ELK layout → SVG / Mermaid.
import { describe, expect, it } from 'vitest';
import { and, assign, createMachine, fromPromise, not, raise, setup, stateIn } from 'xstate';
import { machines } from '../../machines/index';
import { lazyFlowIds } from '../../machines/tabs';
import { activePaths, guardText, machineGraph, registryResolver } from '../../src/visualizer/graph';
import { layoutChart } from '../../src/visualizer/layout';
import { chartMermaid } from '../../src/visualizer/mermaid';
import { chartSvg } from '../../src/visualizer/svg';

const child = createMachine({ id: 'child', initial: 'a', states: { a: {} } });
const sample = setup({
  actors: { child, lazy: fromPromise(async () => {}), load: fromPromise(async () => {}) },
  guards: { ready: () => true, open: (_, _params: { door: string }) => true },
  delays: { fade: 300 },
  actions: { track: (_, _params: { what: string }) => {}, tidy: () => {} },
}).createMachine({
  id: 'sample',
  meta: { description: 'A sample' },
  type: 'parallel',
  on: { reset: { actions: () => {} } },
  states: {
    left: {
      initial: 'idle',
      states: {
        idle: {
          entry: [{ type: 'track', params: { what: 'idle' } }, assign({})],
          exit: ['tidy'],
          on: { go: [{ actions: ['tidy', raise({ type: 'flip' })], guard: and(['ready', not({ type: 'open', params: { door: 'front' } })]), target: 'busy' }, { target: 'done' }] },
          always: { guard: stateIn({ right: 'on' }), target: 'busy' },
        },
        busy: {
          invoke: [{ id: 'child', src: 'child' }, { id: 'load', src: 'load', onDone: 'done', onError: 'idle' }],
          after: { fade: 'idle', 500: 'done' },
        },
        done: { type: 'final' },
      },
    },
    right: { initial: 'off', states: { off: { on: { flip: 'on' } }, on: { invoke: { id: 'lazy', src: 'lazy' }, on: { flip: 'off' } } } },
  },
});

describe('machineGraph', () => {
  const graph = machineGraph('sample', sample, registryResolver({ sample, child, lazy: child }));

  it('has every state node, its kind, parent, initial flag and the machine description from meta', () => {
    expect(graph.description).toBe('A sample');
    expect(graph.states.map((state) => `${state.path}:${state.kind}${state.initial ? '*' : ''}`)).toEqual([
      ':parallel',
      'left:compound',
      'left.idle:atomic*',
      'left.busy:atomic',
      'left.done:final',
      'right:compound',
      'right.off:atomic*',
      'right.on:atomic',
    ]);
  });

  it('labels every transition with its event, guard and delay, eventless ones included', () => {
    const labels = graph.transitions.map((transition) => `${transition.kind} ${transition.label} → ${transition.targets.join(',') || '(none)'}`);
    expect(labels).toEqual(
      expect.arrayContaining([
        'event reset → (none)',
        'event go [ready && !open(front)] → sample.left.busy',
        'event go → sample.left.done',
        'always always [in(right.on)] → sample.left.busy',
        'after after fade (300 ms) → sample.left.idle',
        'after after 500 ms → sample.left.done',
        'done done: load → sample.left.done',
        'error error: load → sample.left.idle',
        'event flip → sample.right.on',
        'event flip → sample.right.off',
      ]),
    );
    expect(graph.transitions).toHaveLength(10);
  });

  it('keeps each state\'s entry and exit actions, each transition\'s actions and each delay\'s milliseconds', () => {
    const idle = graph.states.find((state) => state.path === 'left.idle')!;
    expect(idle.entry).toEqual(['track(idle)', 'assign']);
    expect(idle.exit).toEqual(['tidy']);
    const go = graph.transitions.find((transition) => transition.event === 'go' && transition.guard)!;
    expect(go.actions).toEqual(['tidy', 'raise']);
    expect(graph.transitions.filter((transition) => transition.kind === 'after').map((transition) => [transition.delay, transition.delayMs])).toEqual(
      expect.arrayContaining([
        ['fade', 300],
        ['500 ms', 500],
      ]),
    );
  });

  it('resolves invoked machines by logic, else by their id against the registry keys', () => {
    const busy = graph.states.find((state) => state.path === 'left.busy')!;
    expect(busy.invokes).toEqual([
      { id: 'child', machine: 'child' },
      { id: 'load', machine: null },
    ]);
    // `lazy` is not the registered logic, but its invoke id is a registry key (a lazy flow stand-in today).
    expect(graph.states.find((state) => state.path === 'right.on')!.invokes).toEqual([{ id: 'lazy', machine: 'lazy' }]);
  });

  it('writes higher-order guards as expressions', () => {
    expect(guardText(and(['a', not('b')]))).toBe('a && !b');
    expect(guardText({ type: 'showsFlow', params: { flow: 'gift' } })).toBe('showsFlow(gift)');
  });

  it('answers the active paths of a snapshot value, ancestors included', () => {
    expect(activePaths({ left: 'idle', right: { on: 'x' } })).toEqual(['', 'left', 'left.idle', 'right', 'right.on', 'right.on.x']);
  });

  it('resolves every flow the wallet invokes to its registered machine', () => {
    const wallet = machineGraph('wallet', machines.wallet, registryResolver(machines));
    const invoked = new Set(wallet.states.flatMap((state) => state.invokes.map((invoke) => invoke.machine)).filter(Boolean));
    for (const name of ['session', ...lazyFlowIds]) {
      expect(invoked.has(name), name).toBe(true);
    }
  });
});

describe('layoutChart and chartSvg', () => {
  it('places every state inside its parent and draws each state and transition once', async () => {
    const graph = machineGraph('sample', sample);
    const chart = await layoutChart(graph);
    const boxes = new Map(chart.states.map((laid) => [laid.state.id, laid]));
    for (const laid of chart.states) {
      const parent = laid.state.parent ? boxes.get(laid.state.parent) : null;
      if (!parent) continue;
      expect(laid.x).toBeGreaterThanOrEqual(parent.x);
      expect(laid.y).toBeGreaterThanOrEqual(parent.y);
      expect(laid.x + laid.width).toBeLessThanOrEqual(parent.x + parent.width);
      expect(laid.y + laid.height).toBeLessThanOrEqual(parent.y + parent.height);
    }
    for (const edge of chart.edges) expect(edge.points.length).toBeGreaterThanOrEqual(2);
    const svg = chartSvg(chart);
    expect(svg.match(/data-state="/g)).toHaveLength(graph.states.length);
    expect(new Set([...svg.matchAll(/data-transition="([^"]+)"/g)].map((match) => match[1])).size).toBe(graph.transitions.length);
    expect(svg).not.toContain('data-machine="child"');
    expect(chartSvg(await layoutChart(machineGraph('sample', sample)))).toBe(svg);
  });

  it('draws entry and exit actions in the state box and transition actions under the edge label', async () => {
    const svg = chartSvg(await layoutChart(machineGraph('sample', sample)));
    expect(svg).toContain('>entry / track(idle), assign</text>');
    expect(svg).toContain('>exit / tidy</text>');
    expect(svg).toContain('class="sc-edge-actions">/ tidy, raise</tspan>');
    expect(svg).toContain('>after fade (300 ms)</tspan>');
  });

  it('links an invoked registered machine', async () => {
    const svg = chartSvg(await layoutChart(machineGraph('sample', sample, registryResolver({ sample, child }))));
    expect(svg).toContain('data-machine="child"');
  });
});

describe('chartMermaid', () => {
  it('nests compound states, separates parallel regions and labels transitions', () => {
    const text = chartMermaid(machineGraph('sample', sample));
    expect(text.startsWith('stateDiagram-v2\n')).toBe(true);
    expect(text).toContain('state "left" as sample_left {');
    expect(text).toContain('\n    --\n');
    expect(text).toContain('[*] --> sample_left_idle');
    expect(text).toContain('sample_left_idle --> sample_left_busy : go [ready && !open(front)]');
    expect(text).toContain('sample_left_busy --> sample_left_done : done load');
    expect(text).toContain('sample_left_done --> [*]');
  });
});
