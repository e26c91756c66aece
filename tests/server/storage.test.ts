// The storage port (src/server/adapters/storage.ts) on its own: what one instance stores, another reads, on S3 (a
// local stand-in) and on disk when the instances share the directory; on separate disks it does not. Keys are ours.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage, createStorage, type FileStorage } from '../../src/server/adapters/storage';
import { loadConfig } from '../../src/server/config';
import { type S3StandIn, startS3StandIn } from '../support/s3-stand-in';

const bytes = Buffer.from('RIFF0000WEBPVP8 not really a picture');
let s3: S3StandIn;
const dirs: string[] = [];
const dir = () => {
  const made = mkdtempSync(join(tmpdir(), 'tw-storage-'));
  dirs.push(made);
  return made;
};
beforeAll(async () => {
  s3 = await startS3StandIn();
});
afterAll(async () => {
  await s3.close();
  for (const made of dirs) rmSync(made, { recursive: true, force: true });
});

function s3Storage(): FileStorage {
  return createStorage(loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), DATA_DIR: dir(), ...s3.env }).storage);
}

describe.each([
  ['S3', () => [s3Storage(), s3Storage()] as const],
  ['one shared directory', () => {
    const shared = dir();
    return [createDiskStorage(shared), createDiskStorage(shared)] as const;
  }],
])('on %s, what A stores B reads', (_where, make) => {
  it('reads, then no longer once removed', async () => {
    const [a, b] = make();
    const key = await a.save(7, bytes, 'webp');
    expect(key).toMatch(/^avatars\/7-[0-9a-f]{16}\.webp$/);
    const read = await b.read(key);
    expect(read?.bytes.equals(bytes)).toBe(true);
    expect(read?.contentType).toBe('image/webp');
    await b.remove(key);
    expect(await a.read(key)).toBeNull();
  });
});

it('on separate disks, B does not have what A stored (each instance needs the same volume, or S3)', async () => {
  const a = createDiskStorage(dir());
  const b = createDiskStorage(dir());
  const key = await a.save(7, bytes, 'webp');
  expect(await a.read(key)).not.toBeNull();
  expect(await b.read(key)).toBeNull();
});

it.each(['avatars/../jwt-secret', 'avatars/..', '../avatars/1.webp', 'avatars/1.exe', 'other/1.webp', 'avatars/a/b.webp'])(
  'is no key of ours: %s',
  async (key) => {
    const storage = createDiskStorage(dir());
    expect(await storage.read(key)).toBeNull();
  },
);
