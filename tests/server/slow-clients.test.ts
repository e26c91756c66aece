// Slow clients are cut off (issue 19): connections that send their headers and then drip the body, or drip the
// headers, are answered 408 and closed once REQUEST_TIMEOUT_MS / HEADERS_TIMEOUT_MS have passed, while normal requests
// keep being answered; an idle keep-alive connection is closed after KEEP_ALIVE_TIMEOUT_MS; one address cannot hold
// more than MAX_CONNECTIONS_PER_IP connections (unless a proxy named by TRUST_PROXY is in front). All on real sockets.
import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/server/config';
import { capConnectionsPerAddress } from '../../src/server/http/connections';
import { createTestApp, testConfig, type TestApp } from './helper';

const REQUEST_TIMEOUT_MS = 1500;
const HEADERS_TIMEOUT_MS = 1000;
const KEEP_ALIVE_TIMEOUT_MS = 500;
/** Node checks the timeouts every fifth of the headers timeout; the rest is a busy shared machine's slack. */
const MARGIN_MS = 4000;

interface Watched {
  socket: Socket;
  opened: number;
  closed: Promise<{ after: number; received: string }>;
}

function open(port: number): Promise<Watched> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.once('error', () => {});
    socket.once('connect', () => {
      const opened = Date.now();
      const closed = new Promise<{ after: number; received: string }>((done) => socket.once('close', () => done({ after: Date.now() - opened, received })));
      resolve({ socket, opened, closed });
    });
    socket.once('error', reject);
  });
}

/** Writes `text` one byte every `everyMs` until the socket closes. */
function drip(socket: Socket, text: string, everyMs: number): void {
  let at = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || at >= text.length) return clearInterval(timer);
    socket.write(text[at++]!);
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

async function normalRequest(port: number): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/assets/demo/harbour-lights-logo.svg`);
  await response.arrayBuffer();
  return response.status;
}

describe('the server cuts slow clients off', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
        KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_TIMEOUT_MS),
        MAX_CONNECTIONS_PER_IP: '0',
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it('200 connections that drip their body are answered 408 and closed within the request timeout, while a normal request answers 200', async () => {
    const body = '{"email":"slow@example.com"}';
    const sockets = await Promise.all(Array.from({ length: 200 }, () => open(port)));
    for (const { socket } of sockets) {
      socket.write(
        `POST /v1/auth/signInOrRegisterAndSignIn HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      drip(socket, body, 250);
    }
    // Meanwhile the server answers others.
    expect(await normalRequest(port)).toBe(200);
    const closed = await Promise.all(sockets.map((watched) => watched.closed));
    for (const { after, received } of closed) {
      expect(after).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
      expect(after).toBeLessThan(REQUEST_TIMEOUT_MS + MARGIN_MS);
      expect(received).toMatch(/^HTTP\/1\.1 408 /);
    }
    expect(await normalRequest(port)).toBe(200);
  });

  it('a connection that drips its headers is closed within the headers timeout', async () => {
    const watched = await open(port);
    drip(watched.socket, 'GET /assets/demo/harbour-lights-logo.svg HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ' + 'a'.repeat(200), 100);
    const { after, received } = await watched.closed;
    expect(after).toBeLessThan(HEADERS_TIMEOUT_MS + MARGIN_MS);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('an idle keep-alive connection is closed after the keep-alive timeout', async () => {
    const watched = await open(port);
    watched.socket.write('GET /assets/demo/harbour-lights-logo.svg HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const { after, received } = await watched.closed;
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(after).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS + MARGIN_MS);
  });
});

describe('connections per address', () => {
  it('the app refuses connections from one address beyond MAX_CONNECTIONS_PER_IP, and takes them again once some close', async () => {
    const t = await createTestApp({ env: { MAX_CONNECTIONS_PER_IP: '5' } });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as { port: number };
      const held = await Promise.all(Array.from({ length: 5 }, () => open(port)));
      const extra = await open(port);
      const { received } = await extra.closed;
      expect(received).toBe('');
      // A normal request over one of the held connections still works; after one closes, a new one is taken.
      held[0]!.socket.write('GET /assets/demo/harbour-lights-logo.svg HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
      expect((await held[0]!.closed).received).toMatch(/^HTTP\/1\.1 200 /);
      await expect.poll(async () => normalRequest(port).catch(() => 0)).toBe(200);
      for (const { socket } of held) socket.destroy();
    } finally {
      await t.close();
    }
  });

  async function plainServer(env: Record<string, string>): Promise<{ server: Server; port: number }> {
    const server = createServer((_request, response) => response.end('ok'));
    capConnectionsPerAddress(server, testConfig(env));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, port: (server.address() as { port: number }).port };
  }

  it('counts closed connections out', async () => {
    const { server, port } = await plainServer({ MAX_CONNECTIONS_PER_IP: '2' });
    try {
      for (let round = 0; round < 3; round += 1) {
        const pair = await Promise.all([open(port), open(port)]);
        const third = await open(port);
        expect((await third.closed).received).toBe('');
        for (const { socket } of pair) socket.destroy();
        await Promise.all(pair.map((watched) => watched.closed));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      server.close();
    }
  });

  it('is the proxy’s to apply when TRUST_PROXY names one, and off at 0', async () => {
    const envs: Array<Record<string, string>> = [{ MAX_CONNECTIONS_PER_IP: '2', TRUST_PROXY: '1' }, { MAX_CONNECTIONS_PER_IP: '0' }];
    for (const env of envs) {
      const { server, port } = await plainServer(env);
      try {
        const sockets = await Promise.all(Array.from({ length: 4 }, () => open(port)));
        for (const { socket } of sockets) socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
        for (const watched of sockets) expect((await watched.closed).received).toMatch(/^HTTP\/1\.1 200 /);
      } finally {
        server.close();
      }
    }
  });
});

it('refuses a headers timeout longer than the request timeout', () => {
  expect(() => testConfig({ HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '1000' })).toThrow(ConfigError);
  expect(testConfig({}).connections).toEqual({
    requestTimeoutMs: 60_000,
    headersTimeoutMs: 10_000,
    keepAliveTimeoutMs: 5000,
    socketIdleTimeoutMs: 60_000,
    maxPerIp: 100,
  });
});
