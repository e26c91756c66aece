// Avatar storage on local disk under DATA_DIR/assets, served at ASSET_BASE_URL. Images are recognised by their
// first bytes, not by the name or type the browser claims.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export type ImageKind = 'png' | 'jpg' | 'webp' | 'heic' | 'svg';

export function sniffImage(bytes: Buffer): ImageKind | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (bytes.subarray(4, 8).toString('latin1') === 'ftyp' && /^(heic|heix|hevc|hevx|mif1|msf1)$/.test(bytes.subarray(8, 12).toString('latin1'))) {
    return 'heic';
  }
  const head = bytes.subarray(0, 1024).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) return 'svg';
  return null;
}

export interface AvatarStorage {
  /** Stores the image and answers its key (relative to the asset base). */
  save(userId: number, bytes: Buffer, kind: ImageKind): Promise<string>;
  remove(key: string): Promise<void>;
}

export function createDiskStorage(dataDir: string): AvatarStorage {
  const root = join(dataDir, 'assets');
  mkdirSync(join(root, 'avatars'), { recursive: true });
  return {
    async save(userId, bytes, kind) {
      const key = `avatars/${userId}-${randomBytes(8).toString('hex')}.${kind}`;
      await writeFile(join(root, key), bytes);
      return key;
    },
    async remove(key) {
      if (/^avatars\/[\w.-]+$/.test(key)) await rm(join(root, key), { force: true });
    },
  };
}
