// Part of `npm run build`: the model-based test paths and coverage of every registered machine
// (src/visualizer/model-paths.ts, the tests' own code), one file per machine, dist/visualizer/paths/<name>.json,
// which the visualiser fetches when a machine is picked; then `ready` beside them, which the server waits for. Events and state values are written once each and named
// by their index (src/visualizer/paths-file.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { pathsReport } from '../src/visualizer/model-paths';
import { packPaths } from '../src/visualizer/paths-file';

const folder = process.argv[2] ?? 'dist/visualizer';
const out = `${folder}/paths`;
const started = Date.now();
const report = pathsReport();
mkdirSync(out, { recursive: true });
for (const [name, entry] of Object.entries(report)) writeFileSync(`${out}/${name}.json`, JSON.stringify(packPaths(entry)));
const counts = Object.entries(report).map(([name, entry]) => `${name} ${'paths' in entry ? entry.paths.length : '-'}`);
console.log(`${out}: ${counts.join(', ')} (${Date.now() - started} ms)`);
// Last: the server shows /visualizer only once this is there (until then a "being prepared" page).
writeFileSync(`${folder}/ready`, `${new Date().toISOString()}\n`);
