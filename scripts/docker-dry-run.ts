// The Dockerfile's build without a Docker daemon (`npm run docker:dry`, docs/deploy.md "What was verified"): each
// stage gets a directory of its own under a temp dir standing for its filesystem, and the Dockerfile's own
// instructions are carried out there (FROM, WORKDIR, ENV, COPY with .dockerignore and --from, RUN). Then the last
// stage's CMD is started from that layout (no sources, no dev packages) on PGlite, with compose's instance settings,
// and answers are asked of it: the image's HEALTHCHECK command, /readyz, /v1/settings/qr, a sign-in and a signed-in
// read, and the same through compose's proxy command. What cannot be done here is said as it runs: the base image's
// own contents, the `node` user, and (unless --web) the Parcel build, whose dist/ is taken from this worktree.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { parse } from 'yaml';

const repo = resolve(import.meta.dirname, '..');
const args = new Set(process.argv.slice(2));
/** Run the Parcel build (minutes) instead of copying this worktree's dist/. */
const runWebBuild = args.has('--web');
const keep = args.has('--keep');

interface Stage {
  name: string;
  root: string;
  workdir: string;
  env: Record<string, string>;
  cmd?: string[];
}

/** The Dockerfile's instructions, continuation lines joined, comments and the syntax line dropped. */
function instructions(text: string): { op: string; rest: string }[] {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [op, ...rest] = line.split(/\s+/);
      return { op: op!.toUpperCase(), rest: rest.join(' ') };
    });
}

/** The .dockerignore patterns this repository uses: names at the top level, paths, and `*.ext`. */
function ignored(patterns: string[], path: string): boolean {
  return patterns.some((pattern) => {
    if (pattern.startsWith('*')) return path.endsWith(pattern.slice(1));
    return path === pattern || path.startsWith(`${pattern}/`);
  });
}

function copyContext(source: string, target: string, patterns: string[]): void {
  for (const entry of readdirSync(join(repo, source), { withFileTypes: true })) {
    const path = source === '.' ? entry.name : `${source}/${entry.name}`;
    if (ignored(patterns, path)) continue;
    if (entry.isDirectory()) copyContext(path, join(target, entry.name), patterns);
    else if (entry.isFile()) {
      mkdirSync(target, { recursive: true });
      cpSync(join(repo, path), join(target, entry.name));
    }
  }
}

/** A stage's path for an absolute or WORKDIR-relative path of the image. */
const inStage = (stage: Stage, path: string) => join(stage.root, path.startsWith('/') ? path : join(stage.workdir, path));

/** `npm ci` with dev packages is this worktree's node_modules (same lockfile), hard-linked: minutes saved, not checked. */
function linkTree(from: string, to: string): void {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      mkdirSync(target, { recursive: true });
      linkTree(source, target);
    } else if (entry.isSymbolicLink()) cpSync(source, target, { verbatimSymlinks: true });
    else linkSync(source, target);
  }
}

function run(stage: Stage, command: string): void {
  const cwd = inStage(stage, '.');
  const env = { ...process.env, ...stage.env, PATH: process.env.PATH! };
  if (/^npm ci\b/.test(command) && !command.includes('--omit=dev')) {
    console.log(`  (substituted) ${command}: this worktree's node_modules, hard-linked (the same package-lock.json)`);
    mkdirSync(join(cwd, 'node_modules'), { recursive: true });
    linkTree(join(repo, 'node_modules'), join(cwd, 'node_modules'));
    return;
  }
  for (const part of command.split('&&').map((piece) => piece.trim())) {
    // In the image it empties the layer's cache; here it would empty this machine's npm cache, shared with other work.
    if (part.startsWith('npm cache clean')) {
      console.log(`  (skipped) ${part}: it would clean this machine's npm cache`);
      continue;
    }
    if (part === 'npm run build' && !runWebBuild) {
      if (!existsSync(join(repo, 'dist/index.html'))) throw new Error('no dist/ in this worktree: run `npm run build` first, or pass --web');
      console.log('  (substituted) npm run build: dist/ copied from this worktree (pass --web to run Parcel here)');
      cpSync(join(repo, 'dist'), join(cwd, 'dist'), { recursive: true });
      continue;
    }
    console.log(`  RUN ${part}`);
    execFileSync('sh', ['-c', part], { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
  }
}

/** Carries out the Dockerfile in `scratch`; answers the last stage. */
function build(scratch: string): Stage {
  const patterns = readFileSync(join(repo, '.dockerignore'), 'utf8').split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('#'));
  const stages: Stage[] = [];
  let stage: Stage | undefined;
  for (const { op, rest } of instructions(readFileSync(join(repo, 'Dockerfile'), 'utf8'))) {
    if (op === 'FROM') {
      const name = /\bAS\s+(\S+)/i.exec(rest)?.[1] ?? `stage-${stages.length}`;
      stage = { name, root: join(scratch, name), workdir: '/', env: {} };
      stages.push(stage);
      console.log(`FROM ${rest}`);
      continue;
    }
    if (!stage) throw new Error(`${op} before FROM`);
    if (op === 'WORKDIR') {
      stage.workdir = rest;
      mkdirSync(inStage(stage, '.'), { recursive: true });
    } else if (op === 'ENV') {
      for (const [, key, value] of rest.matchAll(/(\w+)=(\S+)/g)) stage.env[key!] = value!;
    } else if (op === 'COPY') {
      const words = rest.split(/\s+/);
      const from = words.find((word) => word.startsWith('--from='))?.slice('--from='.length);
      const [dest, ...sources] = words.filter((word) => !word.startsWith('--')).reverse();
      for (const source of sources.reverse()) {
        console.log(`  COPY ${from ? `--from=${from} ` : ''}${source} ${dest}`);
        const target = inStage(stage, dest!);
        if (from) {
          const origin = stages.find((candidate) => candidate.name === from);
          if (!origin) throw new Error(`COPY --from=${from}: no such stage`);
          const path = inStage(origin, source);
          if (!existsSync(path)) throw new Error(`COPY --from=${from} ${source}: not in that stage`);
          cpSync(path, statSync(path).isDirectory() ? target : join(target, source.split('/').pop()!), { recursive: true });
        } else if (source === '.') copyContext('.', target, patterns);
        else if (ignored(patterns, source)) throw new Error(`COPY ${source}: excluded by .dockerignore`);
        else {
          const path = join(repo, source);
          const into = statSync(path).isDirectory() || !dest!.endsWith('/') ? target : join(target, source);
          mkdirSync(dirname(into), { recursive: true });
          cpSync(path, into, { recursive: true });
        }
      }
    } else if (op === 'RUN') {
      // The runtime stage's `mkdir /data && chown node:node /data`: the directory is made; the user is the one running this.
      if (rest.includes('chown node:node')) {
        console.log(`  (partly) RUN ${rest}: the directory only, no \`node\` user here`);
        mkdirSync(inStage(stage, rest.split(/\s+/)[2]!), { recursive: true });
      } else run(stage, rest);
    } else if (op === 'CMD') stage.cmd = JSON.parse(rest) as string[];
    else console.log(`  ${op} ${rest.slice(0, 60)}${rest.length > 60 ? '…' : ''} (recorded, not carried out)`);
  }
  return stage!;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    if (await fetch(url).then((answer) => answer.ok, () => false)) return;
    await new Promise((done) => setTimeout(done, 300));
  }
  throw new Error(`${url} did not answer in 180 s`);
}

function check(what: string, ok: boolean, detail = ''): void {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? `: ${detail}` : ''}`);
  if (!ok) process.exitCode = 1;
}

async function main(): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), 'tw-docker-dry-'));
  const children: ChildProcess[] = [];
  try {
    const image = build(scratch);
    const app = inStage(image, '.');
    const present = readdirSync(app).sort();
    check('the image holds no sources or build tools', !present.includes('src') && !present.includes('tsconfig.json'), present.join(' '));
    for (const tool of ['parcel', '@parcel/core', 'tsx', 'esbuild', 'typescript', '@swc/core', 'vitest']) {
      check(`no ${tool} in the image's node_modules`, !existsSync(join(app, 'node_modules', tool)));
    }
    // compose's instance settings (compose.yaml), on PGlite instead of its Postgres and Redis.
    const compose = parse(readFileSync(join(repo, 'compose.yaml'), 'utf8'), { merge: true });
    const { DATABASE_URL: _database, REDIS_URL: _redis, ...composeEnv } = compose.services.app1.environment as Record<string, string>;
    const port = await freePort();
    const remap = (value: string) => (value.startsWith('/') ? join(image.root, value) : value);
    const env: Record<string, string> = {
      PATH: process.env.PATH!,
      ...Object.fromEntries(Object.entries(image.env).map(([key, value]) => [key, remap(value)])),
      ...Object.fromEntries(Object.entries(composeEnv).map(([key, value]) => [key, remap(String(value))])),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    };
    console.log(`CMD ${image.cmd!.join(' ')} (in ${relative(scratch, app)}, PGlite in ${env.DATA_DIR})`);
    const server = spawn(image.cmd![0]!, image.cmd!.slice(1), { cwd: app, env, stdio: ['ignore', 'inherit', 'inherit'] });
    children.push(server);
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/healthz`, server);
    const healthcheck = readFileSync(join(repo, 'Dockerfile'), 'utf8').match(/HEALTHCHECK[^\n]*\\\n\s*CMD (\[.*\])/)?.[1];
    const probe = JSON.parse(healthcheck!) as string[];
    const probed = spawn(probe[0]!, probe.slice(1), { cwd: app, env, stdio: 'ignore' });
    check("the image's HEALTHCHECK command", (await new Promise((done) => probed.on('exit', done))) === 0);
    await waitFor(`${base}/readyz`, server);
    check('/readyz', true);
    const qr = await fetch(`${base}/v1/settings/qr`);
    check('GET /v1/settings/qr', qr.status === 200, String(qr.status));
    const email = 'alex@example.com';
    const post = (path: string, body: object) =>
      fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((answer) => answer.json() as Promise<Record<string, string>>);
    const { session } = await post('/v1/auth/signInOrRegisterAndSignIn', { email });
    const outbox = (await (await fetch(`${base}/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { text: string }[];
    const otp = outbox.at(-1)?.text.match(/\d{6}/)?.[0];
    const { accessToken } = await post('/v1/auth/verifyLoginRequest', { email, otp: otp!, session: session! });
    check('sign-in (code from the dev outbox)', Boolean(accessToken));
    const tickets = await fetch(`${base}/v1/list/ticket_listing?status=UPCOMING`, { headers: { authorization: `Bearer ${accessToken}` } });
    const list = (await tickets.json()) as unknown[];
    check("a signed-in read: alex's tickets on the demo data", tickets.status === 200 && list.length > 0, `${tickets.status}, ${list.length} tickets`);
    const page = await fetch(`${base}/`, { headers: { accept: 'text/html' } });
    check('the demo site from the image', page.status === 200, String(page.status));

    const proxyService = compose.services.proxy as { command: string[]; environment: Record<string, string> };
    const proxyPort = await freePort();
    const proxyEnv = { PATH: process.env.PATH!, ...image.env, ...proxyService.environment, PROXY_PORT: String(proxyPort), PROXY_UPSTREAMS: base };
    const proxy = spawn(proxyService.command[0]!, proxyService.command.slice(1), { cwd: app, env: proxyEnv, stdio: ['ignore', 'ignore', 'inherit'] });
    children.push(proxy);
    await waitFor(`http://127.0.0.1:${proxyPort}/healthz`, proxy);
    const proxied = await fetch(`http://127.0.0.1:${proxyPort}/v1/settings/qr`);
    check(`compose's proxy command (${proxyService.command.join(' ')}) in front of it`, proxied.status === 200, String(proxied.status));
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((child) => (child.exitCode === null ? new Promise((done) => child.once('exit', done)) : undefined)));
    if (keep) console.log(`kept: ${scratch}`);
    else rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
