// A local S3 stand-in (s3rver) for the storage tests: an S3-compatible server in the test process, its objects in a
// temporary directory, with one bucket. Gives the S3_* settings that point the server at it.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface S3StandIn {
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3StandIn(bucket = 'tw-test'): Promise<S3StandIn> {
  const directory = mkdtempSync(join(tmpdir(), 'tw-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const address = (await server.run()) as AddressInfo;
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
      S3_REGION: 'us-east-1',
      // s3rver's own fixed credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
