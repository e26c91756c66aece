// GET /v1/events: the signed-in user's live events as Server-Sent Events (wire format in src/contract/events.ts).
// Not a row of the contract's endpoint table (its answer is a stream, not a JSON schema the web client calls), but
// registered here with its description, so it is in the OpenAPI document all the same.
import fp from 'fastify-plugin';
import * as z from 'zod/mini';
import { API_PREFIX } from '../../../contract/base';
import { ApiError, apiErrorSchema } from '../../../contract/errors';
import { EVENTS_PATH, STREAM_RETRY_MS } from '../../../contract/events';
import { expiryOfVerifiedToken } from '../auth/tokens';
import { setEventAnnouncer } from './record';
import { createMemoryBus, createPostgresBus, createRedisBus, type EventBus } from './bus';
import { createEventStore } from './store';
import { StreamHub } from './streams';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open event streams of this instance. */
    eventStreams: StreamHub;
    /** The fan-out of change notices between instances (streams and the hot-read cache subscribe to it). */
    eventBus: EventBus;
  }
}

/** A Last-Event-ID we gave out: a decimal id (the replay window's bigserial). */
const EVENT_ID = /^\d{1,15}$/;

const description = [
  'The signed-in user\'s changes as Server-Sent Events: `id: <id>`, `event: wallet`, `data: <WalletEvent JSON>` ',
  '({ id, type, userTicketId?, at }; types: ticket.received, ticket.gifted, ticket.swapped, ticket.listed, ticket.sold, ',
  'ticket.unlisted, entry.used, benefit.unlocked, benefit.used, profile.changed, session.revoked). A `: heartbeat` ',
  'comment comes every STREAM_HEARTBEAT_MS. Send the Authorization header (fetch-based SSE: a token in the query ',
  'string is never accepted) and, to resume, the `Last-Event-ID` header: missed events are replayed from a short ',
  'window; an id older than the window gets `event: reset` (treat every cached read as stale). `session.revoked` ',
  'ends the stream. At the expiry of the access token it was opened with the stream sends `event: expired` ',
  '(data: { at }) and ends: reconnect with a refreshed token and the Last-Event-ID. Error codes: ',
  'api.auth.token_not_authorized, api.events.too_many_streams (429: too many streams of one user).',
].join('');


/** What a client reads on the stream: one event, then a heartbeat (the document's example). */
const STREAM_EXAMPLE =
  'id: 42\nevent: wallet\ndata: {"id":42,"type":"ticket.received","userTicketId":7,"at":"2026-05-01T10:00:00.000Z"}\n\n: heartbeat\n\n';
export const eventsModule = fp(
  async (app) => {
    const { config, database, redis } = app.deps;
    const onBusError = (error: Error) => app.log.warn({ err: error }, 'event bus connection error');
    const bus: EventBus = redis
      ? createRedisBus(redis.client, config.events.channel, onBusError)
      : database.kind === 'postgres'
        ? createPostgresBus(database, config.events.channel, onBusError)
        : createMemoryBus();
    setEventAnnouncer(database.db, bus);
    const store = createEventStore(database.db);
    const hub = new StreamHub(store, bus, config.events, app.log);
    app.decorate('eventStreams', hub);
    app.decorate('eventBus', bus);

    // Every instance prunes the window (deleting the same old rows twice is harmless).
    const prune = setInterval(
      () => void store.prune(config.events.replayWindowMs).catch((error) => app.log.debug({ err: error }, 'event prune failed')),
      Math.min(60_000, config.events.replayWindowMs),
    );
    prune.unref();

    // Before the server stops accepting and waits for open requests: an open stream would keep it waiting.
    app.addHook('preClose', async () => hub.close(STREAM_RETRY_MS));
    app.addHook('onClose', async () => {
      clearInterval(prune);
      setEventAnnouncer(database.db, undefined);
      await bus.stop();
    });

    app.get(
      API_PREFIX + EVENTS_PATH,
      {
        schema: {
          summary: 'The live events of the signed-in user (Server-Sent Events)',
          operationId: 'events',
          tags: ['events'],
          security: [{ bearer: [] }],
          headers: z.object({ 'last-event-id': z.optional(z.string()) }),
          description,
          response: {
            200: {
              description: 'An endless event stream',
              content: {
                // The document lifts the schema's example onto the answer (completeDocument, src/server/http/openapi.ts).
                'text/event-stream': { schema: z.string().check(z.meta({ examples: [STREAM_EXAMPLE] })) },
              },
            },
            '4xx': apiErrorSchema,
            '5xx': apiErrorSchema,
          },
        },
        onRequest: app.authenticate,
      },
      async (request, reply) => {
        const { userId, familyId } = request.session!;
        const stream = hub.admit(userId, familyId);
        // Registered before the reads below: a client gone meanwhile must not leave its place taken.
        reply.raw.on('close', () => stream.close());
        try {
          const lastEventId = request.headers['last-event-id'];
          const resumeFrom = typeof lastEventId === 'string' && EVENT_ID.test(lastEventId.trim()) ? Number(lastEventId.trim()) : undefined;
          const resumable = resumeFrom !== undefined && (await store.canResume(resumeFrom));
          const cursor = resumable ? resumeFrom : await store.startId(userId);
          // A logout that committed while this stream was being opened (its event is before the cursor).
          const token = request.headers.authorization?.slice('Bearer '.length).trim() ?? '';
          if (!(await app.auth.authenticate(token))) throw new ApiError('api.auth.token_not_authorized');
          const exp = expiryOfVerifiedToken(token);
          if (exp === undefined) throw new ApiError('api.auth.token_not_authorized');
          stream.start(cursor, lastEventId !== undefined && !resumable);
          // The stream ends when its token does (on the app's clock, as the token was verified).
          stream.expireAt(new Date(exp * 1000), exp * 1000 - app.deps.now().getTime());
        } catch (error) {
          stream.close();
          throw error;
        }
        return reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-store')
          // Proxies that buffer answers (nginx) pass this one through as it comes.
          .header('x-accel-buffering', 'no')
          .send(stream.body);
      },
    );
  },
  { name: 'events', dependencies: ['auth'] },
);
