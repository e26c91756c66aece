// The OpenAPI document at /v1/docs/json passes `redocly lint` (recommended rules, redocly.yaml), says what the
// server really does for the calls a generated client trips on (text, PDF, multipart, headers, who may call), and
// its interactive reference is served at /v1/docs.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EndpointName, endpoints } from '../../src/contract/endpoints';
import { errorCodes } from '../../src/contract/errors';
import { examples } from '../../src/contract/examples';
import { call, createDemoApp, type DemoApp } from './helper';

let t: DemoApp;
// biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON read field by field
let document: any;
beforeAll(async () => {
  t = await createDemoApp();
  document = (await call(t.app, { method: 'GET', url: '/v1/docs/json' })).json;
});
afterAll(() => t.close());

const operation = (name: EndpointName) => {
  const endpoint = endpoints[name];
  return document.paths[`/v1${endpoint.path.replace(/:(\w+)/g, '{$1}')}`][endpoint.method.toLowerCase()];
};

describe('the OpenAPI document', () => {
  it('passes redocly lint with the recommended rules: no error, no warning', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tw-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(document));
      const { stdout } = await promisify(execFile)('node_modules/.bin/redocly', ['lint', file, '--config', 'redocly.yaml', '--format', 'json'], {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
      const report = JSON.parse(stdout.slice(stdout.indexOf('{')));
      expect(report.problems.map((p: { ruleId: string; message: string }) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('declares the content type each answer really has', async () => {
    expect(Object.keys(operation('qrText').responses['200'].content)).toEqual(['text/plain']);
    expect(Object.keys(operation('qrCodeData').responses['200'].content)).toEqual(['text/plain']);
    expect(Object.keys(operation('ticketPdf').responses['200'].content)).toEqual(['application/pdf']);
    // The QR image travels as text: a base64 PNG, and the schema says so.
    expect(document.components.schemas.QrCodeData).toMatchObject({ type: 'string', contentEncoding: 'base64', contentMediaType: 'image/png' });
    expect(Object.keys(operation('me').responses['200'].content)).toEqual(['application/json']);
    const answers = {
      qrText: await call(t.app, { method: 'GET', url: '/v1/auth/access/qr', token: t.tokens.alex }),
      qrCodeData: await call(t.app, { method: 'GET', url: '/v1/auth/access/qrCodeData', token: t.tokens.alex }),
      me: await call(t.app, { method: 'GET', url: '/v1/auth/me', token: t.tokens.alex }),
    };
    for (const [name, answer] of Object.entries(answers)) {
      const declared = Object.keys(operation(name as EndpointName).responses['200'].content)[0];
      expect(String(answer.response.headers['content-type']), name).toContain(declared);
    }
  });

  it('describes the picture upload as multipart with its file field', () => {
    const body = operation('uploadPicture').requestBody;
    expect(body.required).toBe(true);
    expect(body.content['multipart/form-data'].schema.properties.picture).toMatchObject({ type: 'string', format: 'binary' });
  });

  it('says who may call: bearer, the organiser key, or anyone (security: [])', () => {
    expect(document.components.securitySchemes.organizerKey).toEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-Organizer-Key' }));
    expect(operation('gateScan').security).toEqual([{ organizerKey: [] }]);
    expect(operation('signIn').security).toEqual([]);
    expect(operation('publicListing').security).toEqual([]);
    expect(operation('me').security).toEqual([{ bearer: [] }]);
  });

  it('lists the headers: Idempotency-Key and If-None-Match in, ETag and x-qr-seconds-left out', () => {
    const headerNames = (name: EndpointName) =>
      (operation(name).parameters ?? []).filter((p: { in: string }) => p.in === 'header').map((p: { name: string }) => p.name);
    expect(headerNames('giftTicket')).toContain('Idempotency-Key');
    expect(headerNames('signIn')).not.toContain('Idempotency-Key');
    expect(headerNames('qrCodeData')).toContain('If-None-Match');
    expect(Object.keys(operation('qrCodeData').responses['200'].headers)).toEqual(expect.arrayContaining(['ETag', 'x-qr-seconds-left']));
    expect(operation('qrCodeData').responses['304']).toBeDefined();
  });

  it('has the error codes as an enum, one example per call, no *Input twins, a licence and servers', () => {
    expect(document.components.schemas.ApiError.properties.code.enum).toEqual(errorCodes);
    for (const name of Object.keys(endpoints) as EndpointName[]) expect(examples[name], name).toBeDefined();
    // Every operation of the served document, the routes outside the contract (the event stream) included.
    type Content = Record<string, object>;
    type Operation = { requestBody?: { content?: Content }; responses: Record<string, { content?: Content }>; parameters?: object[] };
    const withoutExample: string[] = [];
    for (const [path, operations] of Object.entries(document.paths as Record<string, Record<string, Operation>>)) {
      for (const [method, op] of Object.entries(operations)) {
        const contents = [op.requestBody?.content, ...Object.values(op.responses).map((answer) => answer.content)].flatMap((content) => Object.values(content ?? {}));
        const hasExample = contents.some((content) => 'example' in content || 'examples' in content) || (op.parameters ?? []).some((p) => 'example' in p);
        if (!hasExample) withoutExample.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(withoutExample).toEqual([]);
    expect(Object.keys(document.components.schemas).filter((id) => id.endsWith('Input'))).toEqual([]);
    expect(document.info.license).toEqual({ name: 'MIT', identifier: 'MIT' });
    expect(document.servers).toEqual([expect.objectContaining({ url: t.config.publicBaseUrl })]);
  });
});

describe('GET /v1/docs', () => {
  it('serves the interactive reference and its scripts from this origin', async () => {
    const page = await call(t.app, { method: 'GET', url: '/v1/docs/' });
    expect(page.status).toBe(200);
    expect(page.response.headers['content-type']).toContain('text/html');
    const scripts = [...page.response.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const script = await call(t.app, { method: 'GET', url: new URL(src ?? '', 'http://wallet.test/v1/docs/').pathname });
      expect(script.status, src).toBe(200);
    }
    const initializer = await call(t.app, { method: 'GET', url: '/v1/docs/static/swagger-initializer.js' });
    expect(initializer.response.body).toContain("resolveUrl('./json')");
  });
});
