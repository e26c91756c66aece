// docs/statecharts/ holds every registered machine's chart (`npm run charts`). Regenerated here in memory from the
// machines' definitions: a machine changed without its chart fails, as does a chart of a machine that is gone. The
// Mermaid chart's failure names the lines that differ, so a transition deleted from a machine shows as deleted.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { chartsDir, machineNames, renderCharts } from '../../src/visualizer/charts';
import { machineGraph } from '../../src/visualizer/graph';
import { chartMermaid } from '../../src/visualizer/mermaid';
import { chartDiff, staleMessage } from './chart-diff';

describe('committed statecharts', async () => {
  const files = await renderCharts();

  it('has an svg and an mmd for every registered machine, and no others', () => {
    const committed = existsSync(chartsDir) ? readdirSync(chartsDir).filter((name) => /\.(svg|mmd)$/.test(name)).sort() : [];
    expect(committed, 'run: npm run charts').toEqual([...files.keys()].sort());
    expect(files.size).toBe(machineNames().length * 2);
  });

  it.each([...files.keys()])('%s is up to date (npm run charts)', (name) => {
    const path = join(chartsDir, name);
    expect(existsSync(path), `${path} is missing: run npm run charts`).toBe(true);
    const committed = readFileSync(path, 'utf8');
    const current = files.get(name)!;
    if (name.endsWith('.mmd')) expect(committed === current, staleMessage(path, committed, current)).toBe(true);
    else expect(committed === current, `${path} is stale (its .mmd's failure names what changed): run npm run charts`).toBe(true);
  });
});

describe('a transition deleted from a machine', () => {
  const gate = (withRefusal: boolean) =>
    setup({}).createMachine({
      id: 'gate',
      initial: 'closed',
      states: {
        closed: { on: { open: 'opened', ...(withRefusal ? { refuse: 'refused' } : {}) } },
        opened: { on: { close: 'closed' } },
        refused: {},
      },
    });
  const committed = chartMermaid(machineGraph('gate', gate(true)));
  const current = chartMermaid(machineGraph('gate', gate(false)));

  it('is named in the staleness message, as missing from the machine', () => {
    const { missingFromMachine, newInMachine } = chartDiff(committed, current);
    expect(missingFromMachine).toEqual([expect.stringMatching(/closed --> .*refused : refuse$/)]);
    expect(newInMachine).toEqual([]);
    expect(staleMessage('docs/statecharts/gate.mmd', committed, current)).toMatch(/missing from the machine \(deleted\?\):\n {2}- .*refuse/);
  });

  it('leaves nothing to say when the charts agree', () => {
    expect(chartDiff(committed, committed)).toEqual({ missingFromMachine: [], newInMachine: [] });
  });
});
