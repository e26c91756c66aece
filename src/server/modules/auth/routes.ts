// Sign-in routes and the one authentication hook every protected route uses (`onRequest: app.authenticate`).
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../../../contract/errors';
import { route } from '../../http/route';
import { profileModule } from '../profile/routes';
import { createRevocations } from './revocations';
import { checkoutMayCall, createCheckoutHandOver } from './checkout-hand-over';
import { createHostSignIn } from './host-sign-in';
import { createAuthService, type AuthService } from './service';
import type { AccessClaims } from './tokens';

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
    /** The onRequest hook of every protected route: sets request.userId and request.session, or refuses with 401. */
    authenticate(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void;
  }
  interface FastifyRequest {
    userId?: number;
    session?: AccessClaims;
  }
}

export const authModule = fp(
  async (app) => {
    const { database, config, mailer, now } = app.deps;
    const revocations = await createRevocations({ database, accessTtlSeconds: config.accessTokenTtlSeconds, now });
    app.addHook('onClose', () => revocations.stop());
    const auth = createAuthService({ db: database.db, config, mailer, now, revocations });
    app.decorate('auth', auth);
    app.decorateRequest('userId', undefined);
    app.decorateRequest('session', undefined);
    // A callback hook, not an async one: a token seen before is answered at once (authenticateNow), with no
    // promise and no microtask on the hot reads; a new one (HMAC) or a revocation check in the database waits.
    const admit = (request: FastifyRequest, claims: AccessClaims | null, done: HookHandlerDoneFunction) => {
      if (!claims) return done(new ApiError('api.auth.token_not_authorized'));
      // A checkout's token (./checkout-hand-over.ts) works for its own swap order only.
      if (!checkoutMayCall(claims, request.url, request.params)) return done(new ApiError('api.auth.token_not_authorized'));
      request.userId = claims.userId;
      request.session = claims;
      done();
    };
    app.decorate('authenticate', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
      if (!token) return admit(request, null, done);
      const verdict = auth.authenticateNow(token);
      if (verdict === null || !('then' in verdict)) return admit(request, verdict, done);
      verdict.then((claims) => admit(request, claims, done), done);
    });

    // Their answers carry secrets (a login session id, tokens): never stored by a cache.
    route(app, 'signIn', ({ body, request }) => auth.requestCode({ ...body, ip: request.ip }), { noStore: true });
    route(app, 'verifyLogin', ({ body }) => auth.verifyLogin(body), { noStore: true });
    route(app, 'refresh', ({ body }) => auth.refresh(body.refreshToken), { noStore: true });
    // The sign-in the organisation's site hands over (a token its server signed): a session without a code.
    const hostSignIn = createHostSignIn({ db: database.db, config, now, issueSession: auth.issueSession, endSessionOf: auth.endSessionOf, log: app.log });
    route(app, 'hostSignIn', ({ body }) => hostSignIn.exchange(body), { noStore: true });
    // The swap checkout on another origin: a single-use code in the address, exchanged for a token of that order alone.
    const handOver = createCheckoutHandOver({ db: database.db, config, now, revoked: (familyId) => revocations.isRevoked(familyId) });
    route(app, 'checkoutHandOver', ({ request, params }) => handOver.create(request.session!, params.swapIdentifier), { noStore: true });
    route(app, 'exchangeCheckoutHandOver', ({ body }) => handOver.exchange(body), { noStore: true });
    route(app, 'logout', async ({ request }) => {
      await auth.logout(request.session!);
      return { ok: true as const };
    });

    await app.register(profileModule);
  },
  { name: 'auth', dependencies: ['error-handling'] },
);
