// The proof that the OpenAPI document is the server's: types generated from the served document by
// openapi-typescript, a small client on openapi-fetch (generated-client/driver.ts) that typechecks against them with
// tsc, and its calls (sign-in, the entry QR as text, a ticket PDF, the picture upload) against the listening server.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/server/db/seed';
import { createTestApp, lastCode, type TestApp } from './helper';
import { TEST_TMP } from '../support/test-tmp';

const folder = new URL('./generated-client/', import.meta.url);
let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp({ env: { DATA_DIR: `${TEST_TMP}/generated-client-data` } });
  await seedDemoData(t.database.db, { now: t.clock.now });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

type Drive = (
  baseUrl: string,
  email: string,
  readCode: (email: string) => string,
  picture: Blob,
) => Promise<{ email: string; qrToken: string; pdfBytes: Uint8Array; pictureUrl: string | null }>;

const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));

describe('a client generated from the served OpenAPI document', () => {
  // Generating and typechecking take a while on a busy machine: a longer limit than the server tests' 30 s.
  it('typechecks, then signs in, reads the QR as text, downloads a ticket PDF and uploads a picture', { timeout: 180_000 }, async () => {
    const document = await (await fetch(`${baseUrl}/v1/docs/json`)).json();
    const ast = await openapiTS(document, {
      // A file field (`format: binary`) is a Blob in the browser and in Node's fetch.
      transform: (schema) => (schema.format === 'binary' ? BLOB : undefined),
    });
    writeFileSync(new URL('api.d.ts', folder), astToString(ast));

    const tsc = await promisify(execFile)('node_modules/.bin/tsc', ['-p', 'tests/server/generated-client/tsconfig.json']).catch(
      (error: { stdout?: string }) => ({ stdout: error.stdout ?? 'tsc failed' }),
    );
    expect(tsc.stdout).toBe('');

    // Imported by a computed path, so the repository's own typecheck does not need the generated file.
    const driverPath = './generated-client/driver';
    const { drive }: { drive: Drive } = await import(/* @vite-ignore */ driverPath);
    const picture = new Blob(['<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#c33"/></svg>'], {
      type: 'image/svg+xml',
    });
    const result = await drive(baseUrl, 'alex@example.com', (email) => lastCode(t.mailer, email), picture);
    expect(result.email).toBe('alex@example.com');
    expect(result.qrToken).toMatch(/^\S+\.\S+/);
    expect(result.qrToken.startsWith('"')).toBe(false);
    expect(Buffer.from(result.pdfBytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(result.pictureUrl).toMatch(/\/avatars\/.+\.webp$/);
  });
});
