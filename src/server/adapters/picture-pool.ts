// Runs picture work (picture.ts) in separate processes, never in the server's own: at most `concurrency` pictures at
// once per instance, each with a hard wall-clock limit after which its process is killed (SIGKILL), and a V8 heap
// limit. A process, not a worker thread: libvips renders in native threads that Worker.terminate() cannot stop (a
// terminated worker's SVG render went on burning a core for minutes), while a killed process stops at once.
// An upload that finds every slot busy waits its turn for at most `queueWaitMs`, then is answered 'busy' (503).
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { PictureRefusal } from './picture';
import type { PictureAnswer } from './picture-process';

export interface PicturePoolOptions {
  /** Pictures processed at once (one core each). */
  concurrency: number;
  /** Wall-clock time one picture may take before its process is killed. */
  timeoutMs: number;
  /** How long an upload waits for a free slot before it is answered 'busy'. */
  queueWaitMs: number;
  /** The picture process's V8 heap limit (--max-old-space-size). */
  memoryMb: number;
  /** Uploads waiting at most; more are answered 'busy' at once. */
  maxQueued?: number;
}

export type PictureOutcome =
  | { ok: true; webp: Buffer; cpuMs: number }
  | { ok: false; reason: PictureRefusal | 'busy'; cpuMs?: number };

export interface PicturePool {
  render(bytes: Buffer): Promise<PictureOutcome>;
  /** Process ids of the picture processes now running (tests check that a killed one is gone). */
  pids(): number[];
  close(): Promise<void>;
}

/**
 * From source the picture process runs through tsx (`--import tsx`, resolved from the repository, wherever the server
 * was started from); the compiled server (scripts/build-server.mjs) has it as plain JavaScript beside its entry.
 */
const compiled = import.meta.url.endsWith('.js');
const entry = fileURLToPath(new URL(compiled ? './picture-process.js' : './picture-process.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL(compiled ? '../../' : '../../../', import.meta.url));
const loader = compiled ? [] : ['--import', 'tsx'];
/** How long a new picture process may take to start (tsx, sharp and heic-decode loaded). */
const START_TIMEOUT_MS = 30_000;
/** A picture process left idle this long exits, giving back its memory (about 100 MB); the next upload starts one. */
const IDLE_EXIT_MS = 5 * 60_000;

export function createPicturePool(options: PicturePoolOptions): PicturePool {
  const maxQueued = options.maxQueued ?? options.concurrency * 8;
  const idle: ChildProcess[] = [];
  const idleTimers = new Map<ChildProcess, NodeJS.Timeout>();
  const running = new Set<ChildProcess>();
  const waiting: Array<{ start: () => void; timer: NodeJS.Timeout }> = [];
  let active = 0;
  let nextId = 1;
  let closed = false;

  /** A slot, or false when none freed up within queueWaitMs. */
  function acquire(): Promise<boolean> {
    if (active < options.concurrency) {
      active += 1;
      return Promise.resolve(true);
    }
    if (waiting.length >= maxQueued) return Promise.resolve(false);
    return new Promise((resolve) => {
      const waiter = {
        start: () => resolve(true),
        timer: setTimeout(() => {
          waiting.splice(waiting.indexOf(waiter), 1);
          resolve(false);
        }, options.queueWaitMs),
      };
      waiting.push(waiter);
    });
  }

  function release(): void {
    const next = waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.start();
    } else {
      active -= 1;
    }
  }

  function spawn(): Promise<ChildProcess> {
    const child = fork(entry, [], {
      cwd: repoRoot,
      execArgv: [...loader, `--max-old-space-size=${options.memoryMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    running.add(child);
    child.once('exit', () => {
      running.delete(child);
      clearTimeout(idleTimers.get(child));
      idleTimers.delete(child);
      const at = idle.indexOf(child);
      if (at >= 0) idle.splice(at, 1);
    });
    // A failed send or kill: the process is useless, and an 'error' without a listener would end the server.
    child.on('error', () => child.kill('SIGKILL'));
    return new Promise((resolve, reject) => {
      const settle = (error?: Error) => {
        clearTimeout(timer);
        child.off('exit', onExit);
        child.off('message', onMessage);
        child.off('error', settle);
        if (!error) return resolve(child);
        child.kill('SIGKILL');
        reject(error);
      };
      const onExit = (code: number | null) => settle(new Error(`picture process exited at start (${code})`));
      const onMessage = (message: unknown) => settle(message === 'ready' ? undefined : new Error('picture process did not say ready'));
      const timer = setTimeout(() => settle(new Error('picture process did not start')), START_TIMEOUT_MS);
      child.once('exit', onExit);
      child.once('message', onMessage);
      child.once('error', settle);
    });
  }

  /** Runs one job on a ready process; kills it past timeoutMs or when it dies (out of memory). */
  function run(child: ChildProcess, bytes: Buffer): Promise<PictureOutcome> {
    const id = nextId++;
    child.ref();
    (child.channel as { ref?: () => void } | undefined)?.ref?.();
    return new Promise((resolve) => {
      const finish = (outcome: PictureOutcome, keep: boolean) => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        if (keep && !closed && child.connected) {
          // An idle process does not keep the server's event loop alive.
          child.unref();
          (child.channel as { unref?: () => void } | undefined)?.unref?.();
          idle.push(child);
          const retire = () => {
            const at = idle.indexOf(child);
            if (at >= 0) idle.splice(at, 1);
            child.kill('SIGKILL');
          };
          idleTimers.set(child, setTimeout(retire, IDLE_EXIT_MS).unref());
        } else {
          child.kill('SIGKILL');
        }
        resolve(outcome);
      };
      const onMessage = (answer: PictureAnswer) => {
        if (answer.id !== id) return;
        const { result, cpuMs } = answer;
        finish(result.ok ? { ok: true, webp: Buffer.from(result.webp.buffer, result.webp.byteOffset, result.webp.byteLength), cpuMs } : { ok: false, reason: result.reason, cpuMs }, true);
      };
      const onExit = () => finish({ ok: false, reason: 'too_complex' }, false);
      const timer = setTimeout(() => finish({ ok: false, reason: 'too_complex' }, false), options.timeoutMs);
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send({ id, bytes });
    });
  }

  return {
    async render(bytes) {
      if (closed) return { ok: false, reason: 'busy' };
      if (!(await acquire())) return { ok: false, reason: 'busy' };
      try {
        if (closed) return { ok: false, reason: 'busy' };
        let child = idle.pop();
        while (child && !child.connected) child = idle.pop();
        child ??= await spawn();
        clearTimeout(idleTimers.get(child));
        idleTimers.delete(child);
        return await run(child, bytes);
      } finally {
        release();
      }
    },
    pids: () => [...running].map((child) => child.pid).filter((pid): pid is number => pid !== undefined),
    async close() {
      closed = true;
      for (const waiter of waiting.splice(0)) {
        clearTimeout(waiter.timer);
        waiter.start();
      }
      const exits = [...running].map((child) => new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }));
      await Promise.all(exits);
    },
  };
}
