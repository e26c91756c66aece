// The visualiser's collapsing (src/visualizer/layout.ts): which box stands for each state, what a chart starts with
// collapsed, what a toggle, a search and "Focus this region" change, and how a collapsed box is laid out and drawn;
// and the minimap's size at phone width.
import { describe, expect, it } from 'vitest';
import { fromPromise, setup } from 'xstate';
import { machines } from '../../machines/index';
import { machineGraph, registryResolver } from '../../src/visualizer/graph';
import {
  ancestorsOf,
  collapsedText,
  defaultCollapsed,
  foldableStates,
  layoutChart,
  MINIMAP,
  minimapBounds,
  revealed,
  shownStates,
  toggleCollapsed,
  VISIBLE_STATES,
  visibleStateCount,
} from '../../src/visualizer/layout';
import { chartSvg } from '../../src/visualizer/svg';

/**
 * Three levels: outer (compound) holds inner (compound, its two states and a request) and side. The request's success
 * leaves outer; its failure and `next` stay inside inner.
 */
const nested = setup({ actors: { load: fromPromise(async () => {}) } }).createMachine({
  id: 'nested',
  initial: 'outer',
  states: {
    outer: {
      initial: 'inner',
      on: { quit: 'done' },
      states: {
        inner: {
          initial: 'one',
          states: {
            one: { on: { next: 'two' } },
            two: { invoke: { id: 'load', src: 'load', onDone: '#nested.done', onError: 'one' } },
          },
        },
        side: { on: { back: 'inner' } },
      },
    },
    done: { type: 'final' },
  },
});
const graph = machineGraph('nested', nested);
const [outer, inner, one, two, side, done] = ['outer', 'outer.inner', 'outer.inner.one', 'outer.inner.two', 'outer.side', 'done'].map((path) => `nested.${path}`) as [
  string,
  string,
  string,
  string,
  string,
  string,
];

describe('which box stands for a state', () => {
  it('is the state itself when nothing is collapsed', () => {
    const shown = shownStates(graph);
    for (const state of graph.states) expect(shown.get(state.id)).toBe(state.id);
    expect(visibleStateCount(graph, [])).toBe(7);
  });

  it('is the collapsed state for everything inside it, and its outermost collapsed ancestor when nested', () => {
    const innerOnly = shownStates(graph, [inner]);
    expect([one, two].map((id) => innerOnly.get(id))).toEqual([inner, inner]);
    expect([outer, inner, side, done].map((id) => innerOnly.get(id))).toEqual([outer, inner, side, done]);
    expect(visibleStateCount(graph, [inner])).toBe(5);

    const both = shownStates(graph, [inner, outer]);
    expect([inner, one, two, side].map((id) => both.get(id))).toEqual([outer, outer, outer, outer]);
    expect(both.get(done)).toBe(done);
    expect(visibleStateCount(graph, [inner, outer])).toBe(3);
  });

  it('ignores what cannot collapse: the machine itself, an atomic state, an unknown id', () => {
    expect(visibleStateCount(graph, ['nested', one, 'nested.nowhere'])).toBe(7);
  });
});

describe('what can collapse and what starts collapsed', () => {
  it('lists compound and parallel states below the machine, from a depth', () => {
    expect(foldableStates(graph)).toEqual([outer, inner]);
    expect(foldableStates(graph, 2)).toEqual([inner]);
    expect(foldableStates(graph, 3)).toEqual([]);
  });

  it('collapses nothing within the budget, else the deepest levels first, never the top level', () => {
    expect(defaultCollapsed(graph, 7)).toEqual([]);
    expect(defaultCollapsed(graph, 5)).toEqual([inner]);
    // Three states would need outer folded too: the top level stays open, so the chart shows five.
    expect(defaultCollapsed(graph, 3)).toEqual([inner]);
  });

  it.each(Object.keys(machines))('%s starts within the budget where folding allows it, and a search reveals every state', (name) => {
    const chart = machineGraph(name, machines[name as keyof typeof machines], registryResolver(machines));
    const collapsed = defaultCollapsed(chart);
    const fullyFolded = visibleStateCount(chart, foldableStates(chart, 2));
    expect(visibleStateCount(chart, collapsed)).toBeLessThanOrEqual(Math.max(VISIBLE_STATES, fullyFolded));
    if (chart.states.length <= VISIBLE_STATES) expect(collapsed).toEqual([]);
    for (const state of chart.states) {
      const shown = shownStates(chart, revealed(chart, collapsed, state.id));
      expect(shown.get(state.id), `${state.id} after revealing it`).toBe(state.id);
    }
  });

  it('starts the root with its tab and overlay regions collapsed', () => {
    const root = machineGraph('wallet', machines.wallet, registryResolver(machines));
    const collapsed = defaultCollapsed(root);
    expect(collapsed).toEqual(expect.arrayContaining(['wallet.panel.open.tab', 'wallet.panel.open.overlay']));
    expect(visibleStateCount(root, collapsed)).toBeLessThanOrEqual(VISIBLE_STATES);
  });
});

describe('toggling, searching and focusing a region', () => {
  it('a toggle collapses an expanded state and expands a collapsed one, and leaves the others as they were', () => {
    expect(toggleCollapsed(graph, [], inner)).toEqual([inner]);
    expect(toggleCollapsed(graph, [inner], outer)).toEqual([inner, outer]);
    expect(toggleCollapsed(graph, [inner, outer], inner)).toEqual([outer]);
  });

  it('a toggle of a state that cannot collapse changes nothing', () => {
    for (const id of ['nested', one, done]) expect(toggleCollapsed(graph, [inner], id)).toEqual([inner]);
  });

  it('answers the states a state is nested in, innermost first', () => {
    expect(ancestorsOf(graph, two)).toEqual([inner, outer, 'nested']);
    expect(ancestorsOf(graph, 'nested')).toEqual([]);
  });

  it('a search reveals a hidden state by expanding its ancestors only', () => {
    expect(revealed(graph, [outer, inner], two)).toEqual([]);
    // inner itself stays collapsed: it is drawn (as a collapsed box) once outer opens.
    expect(revealed(graph, [outer, inner], inner)).toEqual([inner]);
    expect(revealed(graph, [inner], side)).toEqual([inner]);
  });

  it('"Focus this region" also expands the region itself', () => {
    expect(revealed(graph, [outer, inner], inner, { open: true })).toEqual([]);
    expect(revealed(graph, [inner], outer, { open: true })).toEqual([inner]);
  });
});

describe('a collapsed box', () => {
  it('counts its states and transitions in its summary line', () => {
    expect(collapsedText(2, 3)).toBe('▸ 2 states, 3 transitions inside');
    expect(collapsedText(1, 1)).toBe('▸ 1 state, 1 transition inside');
    expect(collapsedText(0, 0)).toBe('▸ 0 states, 0 transitions inside');
  });

  it('is laid out without its states; a transition leaving it starts at the box, one staying inside is counted', async () => {
    const chart = await layoutChart(graph, { collapsed: [inner] });
    expect(chart.collapsed).toEqual([inner]);
    expect(chart.states.map((laid) => laid.state.id).sort()).toEqual(['nested', done, outer, inner, side].sort());
    const box = chart.states.find((laid) => laid.state.id === inner)!;
    expect(box).toMatchObject({ collapsed: true, hiddenStates: 2, hiddenTransitions: 2 });
    expect(chart.states.find((laid) => laid.state.id === outer)).toMatchObject({ collapsed: false, hiddenStates: 0 });
    // two's success leaves outer: drawn from the collapsed box to done.
    const fromBox = chart.edges.filter((edge) => edge.target === done && edge.transition.source === two);
    expect(fromBox).toHaveLength(1);
    // The hidden state's request stays inside the box, one click away.
    const request = chart.invokes.find((laid) => laid.invoke.id === 'load')!;
    expect(request.state).toBe(inner);
    expect(request.x).toBeGreaterThanOrEqual(box.x);
    expect(request.y + request.height).toBeLessThanOrEqual(box.y + box.height);
    // Nothing of the hidden states is drawn.
    expect(chart.edges.some((edge) => [one, two].includes(edge.target))).toBe(false);
  });

  it('expanded again, the chart is the one drawn with nothing collapsed', async () => {
    const collapsedThenExpanded = await layoutChart(graph, { collapsed: toggleCollapsed(graph, [inner], inner) });
    const plain = await layoutChart(graph);
    expect(chartSvg(collapsedThenExpanded, { title: 'nested' })).toBe(chartSvg(plain, { title: 'nested' }));
  });

  it('is a button on the page: aria-expanded, a name row to click, a stack behind it and its summary', async () => {
    const svg = chartSvg(await layoutChart(graph, { collapsed: [inner] }), { title: 'nested', collapsible: true });
    const group = (id: string) => new RegExp(`<g [^>]*data-state="${id.replace(/\./g, '\\.')}"[^>]*>`).exec(svg)?.[0] ?? '';
    expect(group(inner)).toMatch(/data-collapsed="true"/);
    expect(group(inner)).toMatch(/role="button" aria-expanded="false"/);
    expect(group(inner)).toMatch(/aria-label="inner: [^"]*collapsed, 2 states, 2 transitions inside"/);
    expect(group(outer)).toMatch(/role="button" aria-expanded="true"/);
    expect(group('nested')).toMatch(/role="img"/);
    expect(group(side)).toMatch(/role="img"/);
    expect(svg).toContain(`data-toggle="${inner}"`);
    expect(svg).toContain(`data-toggle="${outer}"`);
    expect(svg).toContain('class="sc-stack"');
    expect(svg).toContain('▸ 2 states, 2 transitions inside');
  });

  it('is not a button in the committed charts', async () => {
    const svg = chartSvg(await layoutChart(graph), { title: 'nested' });
    expect(svg).not.toContain('data-toggle');
    expect(svg).not.toContain('aria-expanded');
  });
});

describe('the minimap', () => {
  it('is 200×120 at most, and never wider than a third of the chart viewport (a phone’s is about 350 px)', () => {
    expect(minimapBounds(1200)).toEqual(MINIMAP);
    expect(minimapBounds(600)).toEqual({ width: 200, height: 120 });
    expect(minimapBounds(349)).toEqual({ width: 116, height: 70 });
    expect(minimapBounds(90)).toEqual({ width: 60, height: 36 });
  });
});
