// The picture process is held to PICTURE_MEMORY_MB, native memory included (docs/decisions/0115-picture-memory-capped-in-the-kernel.md):
// it runs under prlimit (the kernel's data limit, read back from /proc/<pid>/limits) and a watchdog that kills it
// past the cap in resident memory. The worst pictures it still accepts — a 40 MP baseline JPEG and 8-bit PNG that
// stream, an 8.4 MP 16-bit PNG, a 16.7 MP interlaced PNG and lossless WebP and a 22 MP progressive JPEG just under
// the decoded-size budget, a 4096 px SVG, the HEIC fixture — are each rendered in a fresh process, and its peak
// resident size (VmHWM, the kernel's own count) stays under the cap; the 309 KB PNG (16-bit RGBA interlaced,
// 40 MP: 320 MB decoded) and an input over the size cap are refused before decoding. A cap set below what a picture
// needs kills its process, and the upload is refused, not the server. Measured peaks: docs/performance.md.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPicturePool, findPrlimit, type PicturePool, residentBytes } from '../../src/server/adapters/picture-pool';
import { decodedBytes, MAX_DECODED_BYTES, MAX_INPUT_BYTES } from '../../src/server/adapters/picture';

const CAP_MB = 256;
const MB = 1024 * 1024;
const plain = (side: number, channels: 3 | 4) =>
  sharp({ create: { width: side, height: side, channels, background: { r: 20, g: 120, b: 200, alpha: 0.5 } } });

/** The worst pictures still accepted, each named with what makes it costly. */
const accepted: Array<[string, () => Promise<Buffer>]> = [
  ['a 40 MP baseline JPEG', () => plain(6320, 3).jpeg().toBuffer()],
  ['a 40 MP 8-bit RGBA PNG', () => plain(6320, 4).png({ compressionLevel: 9 }).toBuffer()],
  ['an 8.4 MP 16-bit RGBA PNG', () => plain(2896, 4).toColourspace('rgb16').png({ compressionLevel: 9 }).toBuffer()],
  ['a 16.7 MP interlaced RGBA PNG', () => plain(4096, 4).png({ progressive: true, compressionLevel: 9 }).toBuffer()],
  ['a 16.7 MP lossless RGBA WebP', () => plain(4096, 4).webp({ lossless: true }).toBuffer()],
  ['a 22 MP progressive JPEG', () => plain(4720, 3).jpeg({ progressive: true }).toBuffer()],
  ['a 4096 px SVG', async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4096" height="4096"><rect width="4096" height="4096" fill="#36a"/><circle cx="2048" cy="2048" r="2000" fill="#a63"/></svg>')],
  ['the HEIC fixture', async () => readFileSync('tests/fixtures/avatar.heic')],
];

/**
 * Reads a process's peak (VmHWM) while it works, to the last reading before it exits or is retired: a process the pool
 * retires after a large picture is gone when the render answers.
 */
function watchPeak(pid: number) {
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, residentBytes(pid)?.peak ?? 0)), 5);
  return { stop: () => (clearInterval(timer), peak) };
}

/** The process's kernel data limit, in bytes, from /proc/<pid>/limits. */
function dataLimit(pid: number): number {
  const line = readFileSync(`/proc/${pid}/limits`, 'utf8').split('\n').find((row) => row.startsWith('Max data size'))!;
  return Number(line.split(/\s{2,}/)[1]);
}

describe.runIf(findPrlimit())('the picture process under its memory cap', () => {
  let pool: PicturePool;
  const peaks: string[] = [];
  beforeAll(() => {
    // Time enough on a loaded machine: this is about memory (tests/server/picture-limits.test.ts holds the time).
    pool = createPicturePool({ concurrency: 1, timeoutMs: 60_000, queueWaitMs: 60_000, memoryMb: CAP_MB });
  });
  /** Ends the pool's process (if any) and starts a new one with the HEIC fixture. */
  async function fresh() {
    for (const pid of pool.pids()) process.kill(pid, 'SIGKILL');
    await expect.poll(() => pool.pids()).toEqual([]);
    expect((await pool.render(readFileSync('tests/fixtures/avatar.heic'))).ok).toBe(true);
  }
  afterAll(async () => {
    console.info(`[picture memory] peak resident size after each, cap ${CAP_MB} MB:\n${peaks.join('\n')}`);
    await pool.close();
  });

  it('runs under the kernel data limit, twice the cap', async () => {
    expect((await pool.render(readFileSync('tests/fixtures/avatar.heic'))).ok).toBe(true);
    const [pid] = pool.pids();
    expect(dataLimit(pid!)).toBe(2 * CAP_MB * MB);
  });

  it.each(accepted)('renders %s with its peak resident size under the cap', async (name, make) => {
    const bytes = await make();
    // A fresh process, started with the HEIC fixture (sharp and heic-decode loaded): the peak is this picture's.
    await fresh();
    const [before] = pool.pids();
    const idle = residentBytes(before!)!.peak;
    const watch = watchPeak(before!);
    const outcome = await pool.render(bytes);
    expect(outcome.ok, name).toBe(true);
    const peak = Math.max(watch.stop(), residentBytes(before!)?.peak ?? 0);
    peaks.push(`${name} (${Math.round(bytes.length / 1024)} KB): ${Math.round(peak / MB)} MB (idle ${Math.round(idle / MB)} MB)`);
    expect(peak).toBeLessThan(CAP_MB * MB);
  }, 120_000);

  it("refuses the issue's PNG (16-bit RGBA, interlaced, 40 MP: 320 MB decoded) before decoding it", async () => {
    const bytes = await plain(6320, 4).toColourspace('rgb16').png({ progressive: true, compressionLevel: 9 }).toBuffer();
    expect(bytes.length).toBeLessThan(MAX_INPUT_BYTES);
    const metadata = await sharp(bytes).metadata();
    expect(decodedBytes(metadata)).toBe(6320 * 6320 * 4 * 2);
    await fresh();
    const [pid] = pool.pids();
    expect(await pool.render(bytes)).toMatchObject({ ok: false, reason: 'too_large' });
    // Refused from its header: the same process, its peak what it was started with.
    expect(pool.pids()).toEqual([pid]);
    expect(residentBytes(pid!)!.peak).toBeLessThan(CAP_MB * MB * 0.6);
  });

  it('refuses an input over the size cap, whatever it is', async () => {
    const big = Buffer.concat([await plain(64, 3).png().toBuffer(), Buffer.alloc(MAX_INPUT_BYTES)]);
    expect(await pool.render(big)).toMatchObject({ ok: false, reason: 'too_large' });
  });
});

describe.runIf(findPrlimit())('a cap below what a picture needs', () => {
  it('kills the process and refuses the picture; the next one gets a new process', async () => {
    // 160 MB: the process starts (about 130 MB) but cannot decode a 16.7 MP interlaced PNG (about 220 MB).
    const pool = createPicturePool({ concurrency: 1, timeoutMs: 60_000, queueWaitMs: 60_000, memoryMb: 160 });
    try {
      expect((await pool.render(readFileSync('tests/fixtures/avatar.heic'))).ok).toBe(true);
      const [pid] = pool.pids();
      const interlaced = await plain(4096, 4).png({ progressive: true, compressionLevel: 9 }).toBuffer();
      expect(decodedBytes(await sharp(interlaced).metadata())).toBeLessThanOrEqual(MAX_DECODED_BYTES);
      expect(await pool.render(interlaced)).toMatchObject({ ok: false, reason: 'too_large' });
      await expect.poll(() => pool.pids()).not.toContain(pid);
      expect((await pool.render(readFileSync('tests/fixtures/avatar.heic'))).ok).toBe(true);
    } finally {
      await pool.close();
    }
  }, 120_000);
});

describe('the decoded size of what libvips cannot stream', () => {
  it('counts interlaced PNG, progressive JPEG (coefficients, chroma subsampled) and WebP; not what streams', () => {
    expect(decodedBytes({ format: 'png', width: 100, height: 100, channels: 4, depth: 'ushort', isProgressive: true })).toBe(80_000);
    // 16-bit is counted even when it streams; 8-bit non-interlaced is not.
    expect(decodedBytes({ format: 'png', width: 100, height: 100, channels: 4, depth: 'ushort', isProgressive: false })).toBe(80_000);
    expect(decodedBytes({ format: 'png', width: 100, height: 100, channels: 4, depth: 'uchar', isProgressive: false })).toBe(0);
    expect(decodedBytes({ format: 'jpeg', width: 100, height: 100, channels: 3, isProgressive: true, chromaSubsampling: '4:2:0' })).toBe(30_000);
    expect(decodedBytes({ format: 'jpeg', width: 100, height: 100, channels: 3, isProgressive: true, chromaSubsampling: '4:4:4' })).toBe(60_000);
    expect(decodedBytes({ format: 'jpeg', width: 100, height: 100, channels: 3, isProgressive: false })).toBe(0);
    expect(decodedBytes({ format: 'webp', width: 100, height: 100, channels: 4, depth: 'uchar' })).toBe(40_000);
    expect(decodedBytes({ format: 'svg', width: 4096, height: 4096, channels: 4 })).toBe(0);
  });
});
