// docs/statecharts/ holds every registered machine's chart (`npm run charts`). Regenerated here in memory from the
// machines' definitions: a machine changed without its chart fails, as does a chart of a machine that is gone.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chartsDir, machineNames, renderCharts } from '../../src/visualizer/charts';

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
    expect(readFileSync(path, 'utf8') === files.get(name), `${path} is stale: run npm run charts`).toBe(true);
  });
});
