// `npm run charts`: writes docs/statecharts/<machine>.svg and .mmd for every machine in machines/index.ts, from its
// definition (src/visualizer/charts.ts), and removes charts of machines that no longer exist.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chartsDir, renderCharts } from '../src/visualizer/charts';

const files = await renderCharts();
mkdirSync(chartsDir, { recursive: true });
for (const name of readdirSync(chartsDir)) if (/\.(svg|mmd)$/.test(name) && !files.has(name)) rmSync(join(chartsDir, name));
for (const [name, content] of files) writeFileSync(join(chartsDir, name), content);
console.log(`${chartsDir}: ${files.size / 2} machines charted (svg and mmd)`);
