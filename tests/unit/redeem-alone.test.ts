// A flow's module works when it is the first and only one imported: machines/redeem.ts imports what it uses by its real
// path (docs/decisions/0113-the-chunks-import-by-their-real-paths.md), so nothing has to run before it. With the flows'
// kit it failed with `addRoutes is not a function` unless the app's first module (or a test's setup) had filled it.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';

const root = fileURLToPath(new URL('../..', import.meta.url));

it('imports and runs in a fresh module graph (nothing loaded before it)', async () => {
  vi.resetModules();
  const { redeemMachine, REDEEM_FALLBACK_KEY } = await import('../../machines/redeem');
  const { createApiClient, routeOf } = await import('../../src/client/client');
  const { createActor } = await import('xstate');
  // The module brought its route to the client when it loaded.
  expect(routeOf('redeem')).toMatchObject({ method: 'POST', path: '/resell/redeem/:secret' });

  const requests: string[] = [];
  const api = createApiClient({
    baseUrl: 'http://wallet.test/v1',
    fetch: async (input) => {
      requests.push(String(input instanceof Request ? input.url : input));
      return Response.json({ statusCode: 404, code: 'redeem_code_not_found', message: 'No ticket has this code' }, { status: 404 });
    },
  });
  const logged: string[] = [];
  const platform = { log: (message: string) => logged.push(message) };
  const actor = createActor(redeemMachine, { input: { services: { api, platform } as never } }).start();
  actor.send({ type: 'redeem.change', value: 'ABCD-EFGH-IJKL' });
  actor.send({ type: 'redeem.submit' });
  const snapshot = await waitFor(actor, (state) => state.matches('editing') && state.context.failure !== null);
  // The failure's key is the server's code (errorCode from src/client/errors.ts), not the fallback, and it was logged
  // (reportError from machines/services.ts).
  expect(snapshot.context.failure).toBe('redeem_code_not_found');
  expect(snapshot.context.failure).not.toBe(REDEEM_FALLBACK_KEY);
  expect(requests).toEqual(['http://wallet.test/v1/resell/redeem/ABCD-EFGH-IJKL']);
  expect(logged).toEqual(['redeem: redeeming the code failed']);
  actor.stop();
});

it('imports in a Node process of its own, with no test setup', async () => {
  // redeem.ts is the first module the process imports; the client is read after it, as the module left it.
  const program =
    "const { redeemMachine } = await import('./machines/redeem.ts'); const { routeOf } = await import('./src/client/client.ts'); console.log(JSON.stringify({ id: redeemMachine.id, ...routeOf('redeem') }));";
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--import', './scripts/macro-imports.mjs', '--input-type=module', '-e', program],
    { cwd: root, env: { ...process.env, NODE_ENV: 'test' } },
  );
  expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toMatchObject({ id: 'redeem', method: 'POST', path: '/resell/redeem/:secret' });
}, 60_000);
