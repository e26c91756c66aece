// The floor of the server bench (tests/bench/server.ts): a bare node:http server sending fixed bytes for each hot route
// of the app, with nothing around it: no framework, no plugins, no token check, no SQL. Each body is read once at
// start through the same service functions the app uses (so it is the same answer, the same length), then sent as it
// is. Started as its own process: `tsx tests/bench/floor.ts` with PORT, DATABASE_URL or DATA_DIR, USER_ID, TICKET_ID,
// and FLOOR_HEADERS, a JSON file of the headers the app answered on each path: the floor sends them too, so the bytes
// out are the same, headers included (only Date, the connection headers and the length are the server's own).
// Under /bare (e.g. /bare/v1/settings/qr) the same body goes out with a content type alone: the bare floor.
// FLOOR_FRAMEWORK=fastify serves the same answers through a bare Fastify app instead (the framework's ceiling).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { ENTRY_QR_IMAGE } from '../../src/server/modules/access/service';
import { qrPng } from '../../src/server/modules/access/qr-png';
import { createProfileService } from '../../src/server/modules/profile/service';
import { createTicketService } from '../../src/server/modules/tickets/service';

const config = loadConfig();
const userId = Number(process.env.USER_ID);
const ticketId = Number(process.env.TICKET_ID);
const database = await openDatabase(config.database);
const profiles = createProfileService({ db: database.db, config });
const tickets = createTicketService({ db: database.db, now: () => new Date() });

// The same PNG as the app's entry code (same token shape, same drawing), drawn once.
const png = qrPng(`TW1.${userId}.${Math.floor(Date.now() / config.qrTtlMs)}.abcdefghijklmnopqrstuv`, ENTRY_QR_IMAGE).toString('base64');
const settings = JSON.stringify({ ttl: config.qrTtlMs });

const appHeaders: Record<string, Record<string, string>> = process.env.FLOOR_HEADERS ? JSON.parse(readFileSync(process.env.FLOOR_HEADERS, 'utf8')) : {};

const json = (status: number, body: string) => ({ status, type: 'application/json; charset=utf-8', body });

async function read(url: string): Promise<{ status: number; type: string; body: string }> {
  if (url.startsWith('/v1/auth/access/qrCodeData')) return { status: 200, type: 'text/plain; charset=utf-8', body: png };
  if (url === '/v1/settings/qr') return json(200, settings);
  if (url === '/v1/auth/me') return json(200, JSON.stringify(await profiles.me(userId)));
  if (url === '/v1/list/ticket_listing?status=UPCOMING') return json(200, JSON.stringify(await tickets.list(userId, 'UPCOMING')));
  if (url.startsWith('/v1/list/ticket_listing/')) return json(200, JSON.stringify(await tickets.detail(userId, ticketId)));
  return json(404, '{}');
}

/** Every answer read once, at start: the floor sends fixed bytes. */
const answers = new Map<string, { status: number; type: string; body: Buffer }>();
for (const url of ['/v1/auth/access/qrCodeData', '/v1/settings/qr', '/v1/auth/me', '/v1/list/ticket_listing?status=UPCOMING', `/v1/list/ticket_listing/${ticketId}`]) {
  const { status, type, body } = await read(url);
  answers.set(url, { status, type, body: Buffer.from(body) });
}
const notFound = { status: 404, type: 'application/json; charset=utf-8', body: Buffer.from('{}') };

/** The answer to a path: under /bare the body with a content type alone, else with the app's headers. */
function answerOf(raw: string) {
  const bare = raw.startsWith('/bare/');
  const url = bare ? raw.slice('/bare'.length) : raw;
  const { status, type, body } = answers.get(url) ?? notFound;
  return { status, body, headers: (!bare && appHeaders[url]) || { 'content-type': type } };
}

// FLOOR_FRAMEWORK=fastify: the same fixed bytes through a bare Fastify app (no plugin, no hook, no logger, one
// catch-all route): the framework's own ceiling, between the node:http floor and the app.
let close: () => Promise<unknown>;
if (process.env.FLOOR_FRAMEWORK === 'fastify') {
  const { default: Fastify } = await import('fastify');
  const fastify = Fastify();
  fastify.get('/*', (request, reply) => {
    const { status, body, headers } = answerOf(request.url);
    reply.code(status).headers(headers).send(body);
  });
  await fastify.listen({ port: config.port, host: '127.0.0.1' });
  close = () => fastify.close();
} else {
  const server = createServer((request, response) => {
    const { status, body, headers } = answerOf(request.url ?? '/');
    response.writeHead(status, { ...headers, 'content-length': body.length });
    response.end(body);
  });
  server.listen(config.port, '127.0.0.1');
  close = () => new Promise((resolve) => server.close(resolve));
}
process.once('SIGTERM', () => {
  void close();
  void database.close().then(() => process.exit(0));
});
