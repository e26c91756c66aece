// The security headers of every answer (helmet's), worked out once at start instead of on every request: with fixed
// options they never change, and building the Content-Security-Policy string per request was a seventh of the
// server's time on a route without SQL (docs/performance.md). Set in onRequest, as @fastify/helmet did, so a route
// may still override one (avatars get a sandboxing CSP).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { REQUEST_ID_HEADER } from './operations';

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

/**
 * Sets the headers on every answer, with the request's id (x-request-id), in one hook; answers them, for routes that
 * derive their own (uploadContentSecurityPolicy). Through Fastify's reply headers, not the raw response's setHeader:
 * an answer whose headers all go to writeHead at once takes Node's fast path, while a single setHeader on the raw
 * response makes writeHead set every header again one by one, each checked twice (docs/performance.md, "The fixed
 * cost of a request"). A route still overrides one with reply.header (an avatar's sandboxing CSP).
 */
export function addSecurityHeaders(app: FastifyInstance, options: HelmetOptions): [string, string][] {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    for (let i = 0; i < headers.length; i++) reply.header(headers[i]![0], headers[i]![1]);
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
