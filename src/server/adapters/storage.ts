// Stored files (avatars) go through one port, so that any instance serves what another stored: local disk under
// DATA_DIR/assets by default (one machine, or a volume all instances share), an S3-compatible bucket when S3_BUCKET
// is set. Files are served at ASSET_BASE_URL/<key> by the server itself through the same port. Images are recognised
// by their first bytes, not by the name or type the browser claims.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config';
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

const CONTENT_TYPES: Record<ImageKind, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  heic: 'image/heic',
  svg: 'image/svg+xml',
};

/** A stored file's key: `avatars/<name>.<kind>`, a name of our own making; anything else is no key of ours. */
const KEY = /^avatars\/[\w-][\w.-]{0,127}\.(png|jpg|webp|heic|svg)$/;

export function isStoredFileKey(key: string): boolean {
  return KEY.test(key);
}

export interface StoredFile {
  bytes: Buffer;
  contentType: string;
  /** A strong validator of the bytes (keys are never rewritten, but a client may still ask with If-None-Match). */
  etag: string;
}

export interface FileStorage {
  kind: 'disk' | 's3';
  /** Stores the image and answers its key (relative to the asset base). */
  save(userId: number, bytes: Buffer, kind: ImageKind): Promise<string>;
  /** The file, or null when there is none under the key (or it is no key of ours). */
  read(key: string): Promise<StoredFile | null>;
  remove(key: string): Promise<void>;
}

const newKey = (userId: number, kind: ImageKind) => `avatars/${userId}-${randomBytes(8).toString('hex')}.${kind}`;
const kindOf = (key: string) => key.slice(key.lastIndexOf('.') + 1) as ImageKind;
const etagOf = (bytes: Buffer) => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;

export function createStorage(config: Config['storage']): FileStorage {
  return config.kind === 's3' ? createS3Storage(config) : createDiskStorage(config.dir);
}

/** Files under `root` (DATA_DIR/assets). Shared across instances only when they share the directory. */
export function createDiskStorage(root: string): FileStorage {
  mkdirSync(join(root, 'avatars'), { recursive: true });
  return {
    kind: 'disk',
    async save(userId, bytes, kind) {
      const key = newKey(userId, kind);
      await writeFile(join(root, key), bytes);
      return key;
    },
    async read(key) {
      if (!isStoredFileKey(key)) return null;
      try {
        const bytes = await readFile(join(root, key));
        return { bytes, contentType: CONTENT_TYPES[kindOf(key)], etag: etagOf(bytes) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      if (isStoredFileKey(key)) await rm(join(root, key), { force: true });
    },
  };
}

/** Files in an S3-compatible bucket (AWS S3, MinIO, R2, ...): every instance reads what any other wrote. */
export function createS3Storage(config: Extract<Config['storage'], { kind: 's3' }>): FileStorage {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: many S3-compatible stores (and older MinIO) refuse the SDK's default
    // trailing checksums in aws-chunked bodies.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
  });
  const { bucket } = config;
  return {
    kind: 's3',
    async save(userId, bytes, kind) {
      const key = newKey(userId, kind);
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: CONTENT_TYPES[kind] }));
      return key;
    },
    async read(key) {
      if (!isStoredFileKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const bytes = Buffer.from(await object.Body!.transformToByteArray());
        return { bytes, contentType: CONTENT_TYPES[kindOf(key)], etag: etagOf(bytes) };
      } catch (error) {
        const name = (error as { name?: string }).name;
        if (name === 'NoSuchKey' || name === 'NotFound') return null;
        throw error;
      }
    },
    async remove(key) {
      if (isStoredFileKey(key)) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}
