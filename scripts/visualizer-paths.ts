// Part of `npm run build` and of `npm start` (after the server listens): the model-based test paths and coverage of
// every registered machine (src/visualizer/model-paths.ts, the code the machines' tests use), one file per machine,
// dist/visualizer/paths/<name>.json, which the visualiser fetches when a machine is picked; then `ready` beside them,
// which the server waits for. Events and state values are written once each and named by their index
// (src/visualizer/paths-file.ts).
//
// Each start of each machine is one job, and the jobs run in as many worker processes as the machine has cores,
// the heaviest first (by their path budget): the wallet's two starts take about 28 s each and everything else about
// 7 s in all, so on two cores the paths are ready in about the time of one wallet start instead of the sum.
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { machines } from '../machines/index';
import { PATH_BUDGET } from '../machines/models/model-spec';
import { type MachinePaths, mergeMachinePaths, modelPaths, modelSpecs, type PathsReport } from '../src/visualizer/model-paths';
import { packPaths } from '../src/visualizer/paths-file';

interface Job {
  name: string;
  start: number;
}
type Answer = { job: Job; paths: MachinePaths } | { job: Job; error: string };

const specs = modelSpecs();

if (process.argv.includes('--worker')) {
  process.on('message', (job: Job) => {
    try {
      process.send?.({ job, paths: modelPaths(specs[job.name]!, [job.start]) } satisfies Answer);
    } catch (error) {
      process.send?.({ job, error: error instanceof Error ? error.message : String(error) } satisfies Answer);
    }
  });
} else {
  const folder = process.argv[2] ?? 'dist/visualizer';
  const out = `${folder}/paths`;
  const started = Date.now();
  const report: PathsReport = {};
  const jobs: Job[] = [];
  for (const name of Object.keys(machines)) {
    const spec = specs[name];
    if (!spec) report[name] = { unavailable: 'it has no model-based test spec (machines/models/<name>.model.ts) listed in src/visualizer/model-paths.ts' };
    else spec.starts.forEach((_start, start) => jobs.push({ name, start }));
  }
  const weight = (job: Job) => specs[job.name]!.budget?.offers ?? PATH_BUDGET.offers;
  jobs.sort((a, b) => weight(b) - weight(a));

  const parts = new Map<string, Array<MachinePaths | undefined>>();
  const failures = new Map<string, string>();
  const queue = [...jobs];
  const workers = Math.max(1, Math.min(availableParallelism(), queue.length));
  await Promise.all(
    Array.from({ length: workers }, () => {
      const worker = fork(import.meta.filename, ['--worker'], { serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      return new Promise<void>((done, fail) => {
        const next = () => {
          const job = queue.shift();
          if (job) worker.send(job);
          else worker.disconnect();
        };
        worker.on('message', (answer: Answer) => {
          if ('error' in answer) failures.set(answer.job.name, answer.error);
          else {
            const list = parts.get(answer.job.name) ?? [];
            list[answer.job.start] = answer.paths;
            parts.set(answer.job.name, list);
          }
          next();
        });
        worker.once('exit', (code) => (code === 0 || queue.length === 0 ? done() : fail(new Error(`a paths worker exited with ${code}`))));
        worker.once('error', fail);
        next();
      });
    }),
  );

  for (const name of Object.keys(machines)) {
    if (report[name]) continue;
    const failure = failures.get(name);
    if (failure) {
      report[name] = { unavailable: `the model failed: ${failure}` };
      continue;
    }
    try {
      report[name] = mergeMachinePaths(specs[name]!, (parts.get(name) ?? []).filter((part) => part !== undefined));
    } catch (error) {
      report[name] = { unavailable: `the model failed: ${error instanceof Error ? error.message : String(error)}` };
    }
  }
  mkdirSync(out, { recursive: true });
  for (const [name, entry] of Object.entries(report)) writeFileSync(`${out}/${name}.json`, JSON.stringify(packPaths(entry)));
  const counts = Object.entries(report).map(([name, entry]) => `${name} ${'paths' in entry ? entry.paths.length : '-'}`);
  console.log(`${out}: ${counts.join(', ')} (${Date.now() - started} ms, ${workers} workers)`);
  // Last: the server shows /visualizer only once this is there (until then a "being prepared" page). `npm start`
  // builds the page beside the paths and writes it itself once both are done (--no-ready).
  if (!process.argv.includes('--no-ready')) writeFileSync(`${folder}/ready`, `${new Date().toISOString()}\n`);
}
