// The security headers of every answer (helmet's), worked out once at start instead of on every request: with fixed
// options they never change, and building the Content-Security-Policy string per request was a seventh of the
// server's time on a route without SQL (docs/performance.md). Set in onRequest, as @fastify/helmet did, so a route
// may still override one (avatars get a sandboxing CSP).
import { createHash } from 'node:crypto';
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

/**
 * The app's CSP for a built page that carries inline scripts of its own (the visualiser's: Parcel writes its chunks'
 * import map inline): the app's policy with each inline script's hash added to script-src, so the page runs what its
 * build wrote and still nothing injected. The page is read once at start; a rebuilt page needs a restart, as any
 * change to dist/ does.
 */
export function inlineScriptPolicy(headers: [string, string][], html: string): string {
  const appPolicy = headers.find(([name]) => name === 'content-security-policy')?.[1] ?? '';
  const hashes = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((match) => match[1]!)
    .filter((content) => content.length > 0)
    .map((content) => `'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`);
  if (hashes.length === 0) return appPolicy;
  return appPolicy.replace(/(^|;)(\s*)script-src /, `$1$2script-src ${hashes.join(' ')} `);
}
