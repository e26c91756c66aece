// Runs picture work (picture.ts) in separate processes, never in the server's own: at most `concurrency` pictures at
// once per instance, each with a hard wall-clock limit after which its process is killed (SIGKILL), and a memory cap
// on the whole process, native memory included (docs/decisions/0115-picture-memory-capped-in-the-kernel.md): its data segment is limited by
// the kernel (RLIMIT_DATA, set by `prlimit` before node starts: libvips' and libheif's buffers, wasm memory, the V8
// heap and thread stacks all count), and a watchdog reads its resident size while it works and kills it past the
// cap. A process, not a worker thread: libvips renders in native threads that Worker.terminate() cannot stop (a
// terminated worker's SVG render went on burning a core for minutes), while a killed process stops at once.
// An upload that finds every slot busy waits its turn for at most `queueWaitMs`, then is answered 'busy' (503).
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
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
  /**
   * The picture process's memory cap, native memory included: its data segment (RLIMIT_DATA) and its resident size
   * (the watchdog). Its V8 heap gets a quarter of it (pictures live in buffers outside the heap).
   */
  memoryMb: number;
  /** `prlimit` to start the process under; null: none found (not Linux), the watchdog alone holds the cap. */
  prlimitPath?: string | null;
  /** Uploads waiting at most; more are answered 'busy' at once. */
  maxQueued?: number;
}

export type PictureOutcome =
  | { ok: true; webp: Buffer; cpuMs: number }
  | { ok: false; reason: PictureRefusal | 'busy'; cpuMs?: number };

export interface PicturePool {
  render(bytes: Buffer): Promise<PictureOutcome>;
  /** Process ids of the picture processes now running, not those killed (tests check that a killed one is gone). */
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
/**
 * The kernel's data limit, as a multiple of the cap on resident memory: the data segment counts memory reserved
 * writable but not yet touched (thread stacks, malloc arenas, V8's and wasm's reservations), so a process resident at
 * 180 MB holds about 300 MB of it (docs/performance.md, Picture memory). The watchdog holds the resident cap; this is
 * the hard limit no allocation passes even between two of its reads.
 */
const DATA_LIMIT_FACTOR = 2;
/** A process resident above this part of its cap after a picture is retired rather than kept for the next. */
const RETIRE_FRACTION = 0.75;
/** How often the watchdog reads a working process's resident size. */
const WATCH_INTERVAL_MS = 20;

/** util-linux's prlimit where Linux has it (the Docker image's Debian has it): null elsewhere. */
export function findPrlimit(): string | null {
  return ['/usr/bin/prlimit', '/bin/prlimit'].find((path) => existsSync(path)) ?? null;
}

/** A process's resident size and its peak, in bytes, from /proc (null when it is gone or there is no /proc). */
export function residentBytes(pid: number): { rss: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
    const rss = kb('VmRSS');
    return Number.isNaN(rss) ? null : { rss, peak: kb('VmHWM') };
  } catch {
    return null;
  }
}

export function createPicturePool(options: PicturePoolOptions): PicturePool {
  const maxQueued = options.maxQueued ?? options.concurrency * 8;
  const capBytes = options.memoryMb * 1024 * 1024;
  const dataBytes = capBytes * DATA_LIMIT_FACTOR;
  const prlimit = options.prlimitPath === undefined ? findPrlimit() : options.prlimitPath;
  const heapMb = Math.max(32, Math.floor(options.memoryMb / 4));
  const nodeArgs = [...loader, `--max-old-space-size=${heapMb}`];
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
    // Under prlimit: `prlimit --data=<cap> -- node <flags> picture-process` (prlimit execs node, which keeps the IPC
    // channel's descriptor). One libuv thread: a process renders one picture at a time (fewer thread stacks).
    const child = fork(entry, [], {
      cwd: repoRoot,
      ...(prlimit ? { execPath: prlimit, execArgv: [`--data=${dataBytes}`, '--', process.execPath, ...nodeArgs] } : { execArgv: nodeArgs }),
      env: { ...process.env, UV_THREADPOOL_SIZE: '1' },
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
        clearInterval(watchdog);
        child.off('message', onMessage);
        child.off('exit', onExit);
        // A process left holding much of its cap (memory the allocator keeps after a large picture) is not reused:
        // the next picture starts from a fresh one, so peaks do not pile up.
        const memory = keep && child.pid !== undefined ? residentBytes(child.pid) : null;
        if (keep && !closed && child.connected && !(memory && memory.rss > capBytes * RETIRE_FRACTION)) {
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
      // Resident memory past the cap (what the kernel's data limit does not count: mapped files): killed.
      const watchdog = setInterval(() => {
        const memory = child.pid === undefined ? null : residentBytes(child.pid);
        if (memory && memory.rss > capBytes) finish({ ok: false, reason: 'too_large' }, false);
      }, WATCH_INTERVAL_MS);
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
    // A process sent SIGKILL (timed out, over its cap, retired) is no longer counted, though its exit is still on its way.
    pids: () => [...running].filter((child) => !child.killed).map((child) => child.pid).filter((pid): pid is number => pid !== undefined),
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
