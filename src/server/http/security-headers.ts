// The security headers of every answer (helmet's), worked out once at start instead of on every request: with fixed
// options they never change, and building the Content-Security-Policy string per request was a seventh of the
// server's time on a route without SQL (docs/performance.md). Set on the raw response in onRequest, as
// @fastify/helmet did, so a route may still override one (avatars get a sandboxing CSP from the static plugin).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet writes for these options, read by running its middleware once on a recording response. */
export function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  let finished = false;
  helmet(options)({ headers: {} } as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously: its headers cannot be computed once');
  return [...headers];
}

/** Sets the headers on every answer; answers them, for routes that derive their own (uploadContentSecurityPolicy). */
export function addSecurityHeaders(app: FastifyInstance, options: HelmetOptions): [string, string][] {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  return headers;
}

/**
 * The CSP of an uploaded picture opened directly: sandboxed, nothing runs or loads. It replaces the app's policy, so
 * it repeats the app's frame-ancestors, else any site could frame the picture (X-Frame-Options alone is obsolete
 * where CSP is supported).
 */
export function uploadContentSecurityPolicy(headers: [string, string][]): string {
  const appPolicy = headers.find(([name]) => name === 'content-security-policy')?.[1] ?? '';
  const frameAncestors = appPolicy
    .split(';')
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith('frame-ancestors '));
  return ['sandbox', "default-src 'none'", "style-src 'unsafe-inline'", 'img-src data:', frameAncestors ?? "frame-ancestors 'none'"].join('; ');
}
