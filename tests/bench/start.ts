// The start bench (part of `npm run bench`; alone: `npx tsx tests/bench/run.ts --start`): `npm start` as a newcomer
// meets it, three times each, on a copy of this checkout made like a fresh clone (the tracked files, node_modules as
// `npm install` left it, no dist/ and no start cache):
// - the first start: from `npm start` until the first page (/en/) answers, and until /visualizer answers complete;
// - the second start with nothing changed (everything reused): until the first page answers.
// Beside them, the floor of the same run: the server alone started on the built dist/ (no build step, no check), so
// the ratios show what `npm start` adds to a bare start on this machine at this moment. The medians are checked
// against the targets (docs/performance.md, "Starting the product") and written into that section's block.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { writeDocBlock } from './doc-block';

const RUNS = 3;
/** Targets in seconds (a quiet 2-core machine, median of 3). */
export const START_TARGETS = { firstStartSeconds: 45, unchangedStartSeconds: 8, visualizerAfterFirstPageSeconds: 60 };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A copy of the checkout as a fresh clone has it: the files git tracks, and node_modules (hard links). */
function freshClone(root: string): string {
  const copy = mkdtempSync(join(tmpdir(), 'tw-start-bench-'));
  const tracked = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of tracked) {
    mkdirSync(join(copy, dirname(file)), { recursive: true });
    try {
      cpSync(join(root, file), join(copy, file));
    } catch {
      // a file deleted in the working tree but still in the index
    }
  }
  execFileSync('cp', ['-al', join(root, 'node_modules'), join(copy, 'node_modules')]);
  // What `npm start` leaves in node_modules (its step times) is not in a fresh install.
  rmSync(join(copy, 'node_modules', '.cache'), { recursive: true, force: true });
  return copy;
}

async function answers(url: string): Promise<boolean> {
  return fetch(url).then(
    async (response) => {
      await response.arrayBuffer();
      return response.ok;
    },
    () => false,
  );
}

async function until(url: string, child: ChildProcess, began: number, limitSeconds: number): Promise<number> {
  while (!(await answers(url))) {
    if (child.exitCode !== null) throw new Error(`the start exited (${child.exitCode}) before ${url} answered`);
    if ((performance.now() - began) / 1000 > limitSeconds) throw new Error(`${url} did not answer within ${limitSeconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return (performance.now() - began) / 1000;
}

/**
 * Stops the start and everything it started (its own process group: tsx, the server, a build still running), then
 * waits until the port no longer answers, so the next phase's clock never meets the last phase's server.
 */
async function stop(child: ChildProcess, url: string): Promise<void> {
  const group = -child.pid!;
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(group, 'SIGTERM');
    const forced = setTimeout(() => process.kill(group, 'SIGKILL'), 10_000);
    await exited;
    clearTimeout(forced);
  }
  for (let tries = 0; (await answers(url)) && tries < 100; tries += 1) {
    try {
      process.kill(group, 'SIGKILL');
    } catch {
      // the group is gone already
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function launch(cwd: string, args: string[], port: number, dataDir: string): ChildProcess {
  const { NODE_ENV: _mode, ...env } = process.env;
  return spawn(process.execPath, args, {
    cwd,
    env: { ...env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
}

export interface StartFigures {
  firstStartSeconds: number;
  unchangedStartSeconds: number;
  visualizerAfterFirstPageSeconds: number;
  floorSeconds: number;
}

export async function runStartBench(root = process.cwd()): Promise<StartFigures> {
  const first: number[] = [];
  const visualizer: number[] = [];
  const unchanged: number[] = [];
  const floor: number[] = [];
  const tsx = ['node_modules/tsx/dist/cli.mjs'];
  for (let run = 1; run <= RUNS; run += 1) {
    const copy = freshClone(root);
    const dataDir = join(copy, 'data');
    const port = 4100 + Math.floor(Math.random() * 800);
    const base = `http://127.0.0.1:${port}`;
    try {
      let began = performance.now();
      let child = launch(copy, [...tsx, 'scripts/start.ts'], port, dataDir);
      const firstPage = await until(`${base}/en/`, child, began, 600);
      const complete = await until(`${base}/visualizer`, child, began, 900);
      await stop(child, `${base}/en/`);
      first.push(firstPage);
      visualizer.push(complete - firstPage);

      began = performance.now();
      child = launch(copy, [...tsx, 'scripts/start.ts'], port, dataDir);
      unchanged.push(await until(`${base}/en/`, child, began, 120));
      await stop(child, `${base}/en/`);

      // The floor: the server alone on the same built dist/ and data.
      began = performance.now();
      child = launch(copy, ['--import', 'tsx', 'src/server/main.ts'], port, dataDir);
      floor.push(await until(`${base}/en/`, child, began, 120));
      await stop(child, `${base}/en/`);
      console.log(
        `start run ${run}: first page ${first.at(-1)!.toFixed(1)} s, /visualizer ${visualizer.at(-1)!.toFixed(1)} s later, unchanged start ${unchanged.at(-1)!.toFixed(1)} s, server alone ${floor.at(-1)!.toFixed(1)} s`,
      );
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }
  const figures: StartFigures = {
    firstStartSeconds: median(first),
    unchangedStartSeconds: median(unchanged),
    visualizerAfterFirstPageSeconds: median(visualizer),
    floorSeconds: median(floor),
  };
  const s = (value: number) => `${value.toFixed(1)} s`;
  const ratio = (value: number) => `${(value / figures.floorSeconds).toFixed(1)}×`;
  const all = (values: number[]) => values.map((value) => value.toFixed(1)).join(', ');
  writeDocBlock('start', 'Starting the product: `npm start`', [
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench\` (tests/bench/start.ts), median of ${RUNS} runs, each on a fresh copy of the checkout (tracked files and node_modules, no dist/, no start cache); load average ${(
      process.platform === 'linux' ? execFileSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).split(' ').slice(0, 3).join(' ') : 'n/a'
    )} at the end. The floor is the server alone started on the built dist/ in the same run.`,
    '',
    '| | median | runs | × floor | target |',
    '|---|---|---|---|---|',
    `| first start, until the first page answers | ${s(figures.firstStartSeconds)} | ${all(first)} | ${ratio(figures.firstStartSeconds)} | ${START_TARGETS.firstStartSeconds} s |`,
    `| second start, nothing changed, first page | ${s(figures.unchangedStartSeconds)} | ${all(unchanged)} | ${ratio(figures.unchangedStartSeconds)} | ${START_TARGETS.unchangedStartSeconds} s |`,
    `| \`/visualizer\` complete, after the first page | ${s(figures.visualizerAfterFirstPageSeconds)} | ${all(visualizer)} | | ${START_TARGETS.visualizerAfterFirstPageSeconds} s |`,
    `| floor: the server alone, first page | ${s(figures.floorSeconds)} | ${all(floor)} | 1.0× | |`,
  ]);
  return figures;
}
