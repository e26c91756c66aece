// The floor of the server bench (tests/bench/server.ts): a bare node:http server doing the same work as each hot route
// of the app with nothing around it: no framework, no plugins, no token check. Same bytes out, and for the routes
// with SQL the same service functions, so the same SQL through the same kind of pool (pg, 10 connections) or PGlite.
// Started as its own process: `tsx tests/bench/floor.ts` with PORT, DATABASE_URL or DATA_DIR, USER_ID, TICKET_ID, and
// FLOOR_HEADERS, a JSON file of the headers the app answered on each path: the floor sends them too, so the bytes
// out are the same, headers included (only Date, the connection headers and the length are the server's own).
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

async function answer(url: string): Promise<{ status: number; type: string; body: string }> {
  if (url.startsWith('/v1/auth/access/qrCodeData')) return { status: 200, type: 'text/plain; charset=utf-8', body: png };
  if (url === '/v1/settings/qr') return json(200, settings);
  if (url === '/v1/auth/me') return json(200, JSON.stringify(await profiles.me(userId)));
  if (url === '/v1/list/ticket_listing?status=UPCOMING') return json(200, JSON.stringify(await tickets.list(userId, 'UPCOMING')));
  if (url.startsWith('/v1/list/ticket_listing/')) return json(200, JSON.stringify(await tickets.detail(userId, ticketId)));
  return json(404, '{}');
}

const server = createServer((request, response) => {
  answer(request.url ?? '/').then(
    ({ status, type, body }) => {
      const url = request.url ?? '/';
      response.writeHead(status, { ...(appHeaders[url] ?? { 'content-type': type }), 'content-length': Buffer.byteLength(body) });
      response.end(body);
    },
    () => {
      response.writeHead(500);
      response.end();
    },
  );
});
server.listen(config.port, '127.0.0.1');
process.once('SIGTERM', () => {
  server.close();
  void database.close().then(() => process.exit(0));
});
