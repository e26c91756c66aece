// The round-robin proxy of `npm run cluster` and compose (src/proxy/proxy.ts), against two plain upstream servers:
// it alternates between ready instances, forwards the client's address and a request id, passes an event stream
// through as it is written, keeps its connections to the instances alive, and sends a request to the other instance when one refuses
// connections or drops a GET, but never replays a POST that reached an instance (it may have taken effect there).
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RunningProxy, startProxy } from '../../src/proxy/proxy';

interface Upstream {
  server: Server;
  url: string;
  seen: IncomingHttpHeaders[];
  /** Connections the proxy opened to this instance. */
  connections: number;
  /** The open event stream's answer, to write to from the test. */
  stream?: ServerResponse;
}

async function upstream(name: string): Promise<Upstream> {
  const state: Upstream = { server: createServer(), url: '', seen: [], connections: 0 };
  state.server.on('connection', () => {
    state.connections += 1;
  });
  state.server.on('request', (request, response) => {
    if (request.url === '/readyz') return response.end('{}');
    state.seen.push(request.headers);
    if (request.url === '/events') {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      response.write('data: first\n\n');
      state.stream = response;
      return;
    }
    response.end(name);
  });
  await new Promise<void>((resolve) => state.server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(state.server.address() as AddressInfo).port}`;
  return state;
}

let one: Upstream;
let two: Upstream;
let proxy: RunningProxy;
let base: string;
beforeAll(async () => {
  [one, two] = await Promise.all([upstream('one'), upstream('two')]);
  proxy = await startProxy({ port: 0, host: '127.0.0.1', upstreams: [one.url, two.url], log: () => undefined });
  base = `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await proxy.close();
  for (const { server } of [one, two]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

it('alternates between the instances and forwards the client address and a request id', async () => {
  const answers = [];
  for (let index = 0; index < 4; index += 1) answers.push(await (await fetch(`${base}/anything`)).text());
  expect(answers.sort()).toEqual(['one', 'one', 'two', 'two']);
  const headers = one.seen.at(-1)!;
  expect(headers['x-forwarded-for']).toBe('127.0.0.1');
  expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  await fetch(`${base}/anything`, { headers: { 'x-request-id': 'from-client-1' } });
  expect([one.seen.at(-1)!['x-request-id'], two.seen.at(-1)!['x-request-id']]).toContain('from-client-1');
});

it('keeps its connections to the instances open between requests', async () => {
  const before = one.connections + two.connections;
  for (let index = 0; index < 10; index += 1) await (await fetch(`${base}/anything`)).text();
  // Ten requests one after another, two instances: a connection per request would open ten.
  expect(one.connections + two.connections - before).toBeLessThanOrEqual(2);
});

it('passes an event stream through as it is written, not when it ends', async () => {
  const answer = await fetch(`${base}/events`);
  expect(answer.headers.get('content-type')).toBe('text/event-stream');
  const reader = answer.body!.getReader();
  const decoder = new TextDecoder();
  // The first event arrives while the upstream still holds the stream open.
  expect(decoder.decode((await reader.read()).value)).toBe('data: first\n\n');
  const open = [one, two].find((state) => state.stream && !state.stream.writableEnded)!;
  open.stream!.write('data: second\n\n');
  expect(decoder.decode((await reader.read()).value)).toBe('data: second\n\n');
  open.stream!.end();
  expect((await reader.read()).done).toBe(true);
});

it('sends the request to the other instance when one refuses connections', async () => {
  two.server.closeAllConnections();
  await new Promise((resolve) => two.server.close(resolve));
  const answers = [];
  for (let index = 0; index < 4; index += 1) {
    const answer = await fetch(`${base}/anything`);
    answers.push(`${answer.status} ${await answer.text()}`);
  }
  expect(answers).toEqual(['200 one', '200 one', '200 one', '200 one']);
});

it('replays a GET that met a reset on the other instance, but never a POST (it may have taken effect)', async () => {
  // An instance that takes each request and drops its connection without answering, as one that crashed mid-request.
  const dropping = await upstream('dropping');
  dropping.server.removeAllListeners('request');
  const posted: string[] = [];
  dropping.server.on('request', (request, response) => {
    if (request.url === '/readyz') return response.end('{}');
    dropping.seen.push(request.headers);
    if (request.method === 'POST') posted.push(request.headers['x-request-id'] as string);
    request.socket.destroy();
  });
  const healthy = await upstream('healthy');
  const both = await startProxy({ port: 0, host: '127.0.0.1', upstreams: [dropping.url, healthy.url], log: () => undefined });
  const address = `http://127.0.0.1:${(both.server.address() as AddressInfo).port}`;
  try {
    const gets = [];
    for (let index = 0; index < 4; index += 1) {
      const answer = await fetch(`${address}/anything`);
      gets.push(`${answer.status} ${await answer.text()}`);
    }
    expect(gets).toEqual(['200 healthy', '200 healthy', '200 healthy', '200 healthy']);
    // Round-robin sent some GETs to the dropping instance first: they were replayed, so its turn came.
    expect(dropping.seen.length).toBeGreaterThan(0);
    const answers = [];
    for (let index = 0; index < 4; index += 1) {
      const id = `post-${index}`;
      const answer = await fetch(`${address}/anything`, { method: 'POST', body: 'x', headers: { 'x-request-id': id, 'idempotency-key': `key-${index}` } });
      answers.push({ id, status: answer.status });
    }
    const reachedHealthy = healthy.seen.filter((headers) => String(headers['x-request-id']).startsWith('post-')).map((headers) => headers['x-request-id']);
    // Each POST reached one instance only: those the dropping one took answered 503 and went nowhere else.
    expect(posted.length).toBeGreaterThan(0);
    expect(posted.filter((id) => reachedHealthy.includes(id))).toEqual([]);
    expect(answers.filter(({ status }) => status === 503).map(({ id }) => id)).toEqual(posted);
    expect(answers.filter(({ status }) => status === 200).map(({ id }) => id)).toEqual(reachedHealthy);
  } finally {
    await both.close();
    for (const { server } of [dropping, healthy]) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }
});
