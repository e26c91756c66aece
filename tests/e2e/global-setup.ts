// e2e: build the web app, start the real server on a free port with a temporary data directory, hand its URL
// to the tests (inject('baseUrl')), stop it afterwards.
import type { TestProject } from 'vitest/node';
import { buildWeb, type RunningServer, startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The ticket site on a second origin that includes the wallet's loader (tests/e2e/host-site.ts). */
    hostOrigin: string;
  }
}

let server: RunningServer | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.E2E_SKIP_BUILD !== '1') buildWeb();
  server = await startServer();
  project.provide('baseUrl', server.url);
  project.provide('hostOrigin', server.hostOrigin);
  return async () => {
    await server?.stop();
  };
}
