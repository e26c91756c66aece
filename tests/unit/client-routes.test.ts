// Each module of the wallet that calls the API brings the routes of its calls (`addRoutes(compactRoutes(…))`), so
// the first panel carries only the sign-in's and the session's routes. A call whose route no module added fails
// before any request, and every module adds the routes of every call it makes.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { addRoutes, createApiClient, routeOf } from '../../src/client/client';
import { compactRoutes, compactRouteTable } from '../../src/contract/route-table';
import { endpoints } from '../../src/contract/endpoints';

const root = join(import.meta.dirname, '../..');

/** The wallet's browser code: machines/ and src/ without the server (a fresh list, so a new module is checked too). */
function browserModules(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return path === 'src/server' ? [] : walk(path);
      return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
    });
  return [...walk('machines'), ...walk('src')];
}

it('a call whose route was not added fails before any request', async () => {
  // No module of the wallet calls 'soldTickets' (the machine tests' setup loads every flow, which adds the rest).
  let fetched = 0;
  const client = createApiClient({
    baseUrl: 'https://wallet.test/v1',
    fetch: async () => {
      fetched++;
      return new Response('{}');
    },
  });
  await expect(client.call('soldTickets')).rejects.toThrow(/no route for 'soldTickets'/);
  expect(fetched).toBe(0);
  addRoutes(compactRoutes('soldTickets'));
  expect(routeOf('soldTickets')).toMatchObject({ method: 'GET', path: endpoints.soldTickets.path, provides: endpoints.soldTickets.provides });
  await expect(client.call('soldTickets')).resolves.toEqual({});
  expect(fetched).toBe(1);
});

it('compactRoutes answers the named calls of the full table, and only them', () => {
  const table = compactRouteTable();
  expect(compactRoutes('signIn', 'refresh')).toEqual({ signIn: table.signIn, refresh: table.refresh });
});

it('every module that calls the API adds the routes of each of its calls', () => {
  const modules = browserModules();
  let checked = 0;
  for (const module of modules) {
    const text = readFileSync(join(root, module), 'utf8');
    // Every call names its endpoint with a string literal, so this list is the module's calls.
    const calls = new Set([...text.matchAll(/api\.call\(\s*'([A-Za-z]+)'/g)].map((match) => match[1]!));
    expect(text.match(/api\.call\(\s*[^'\s)]/g), `${module}: an API call whose endpoint is not a literal`).toBeNull();
    if (calls.size === 0) continue;
    const added = new Set(
      [...text.matchAll(/addRoutes\(compactRoutes\(([^)]*)\)\)/g)].flatMap((match) => [...match[1]!.matchAll(/'([A-Za-z]+)'/g)].map((name) => name[1]!)),
    );
    expect(text, `${module} imports compactRoutes as a macro`).toMatch(/import \{ compactRoutes \} from '[./]+(src\/)?contract\/route-table' with \{ type: 'macro' \};/);
    for (const call of calls) expect(added.has(call), `${module} calls '${call}' without adding its route`).toBe(true);
    checked++;
  }
  // The sign-in, the session, the embed's logout and the flows all call the API.
  expect(checked).toBeGreaterThanOrEqual(17);
});
