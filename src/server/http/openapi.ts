// The OpenAPI document at /v1/docs/json, equal to what the server does. @fastify/swagger writes it from the routes'
// zod schemas; this file adds what those schemas cannot say, from the same contract (src/contract/endpoints.ts):
// the content type of each answer (JSON, plain text for the entry QR, a PDF), the multipart upload, who may call
// (bearer token, organiser key, or anyone), the headers a call reads and writes, one example per call, and the
// document's own servers and licence. `redocly lint` checks the result (tests/server/openapi.test.ts).
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { binaryTypes, isBinary } from '../../contract/base';
import { API_PREFIX, type Endpoint, type EndpointName, endpoints } from '../../contract/endpoints';
import { examples } from '../../contract/examples';
import { answerKind } from '../../contract/route-table';
import type { Config } from '../config';
import { KEY_PATTERN } from './idempotency';

// The document is plain JSON: it is read and written as such here, not through the OpenAPI typings' unions.
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A POST of a signed-in user may carry an Idempotency-Key (src/server/http/idempotency.ts); a binary answer (the PDF) is new each time. */
export function acceptsIdempotencyKey(endpoint: Endpoint): boolean {
  return endpoint.method === 'POST' && endpoint.auth && typeof endpoint.response !== 'string';
}

export function openApiOptions(config: Config): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Ticket Wallet API',
        version: '1.0.0',
        description:
          'The attendee API of Ticket Wallet: sign-in with an e-mailed code, tickets, the rotating entry QR, gift, swap, ' +
          'resale and payouts. Errors answer `{ statusCode, code, message }` with a stable `code`; see docs/api.md.',
        license: { name: 'MIT', identifier: 'MIT' },
      },
      servers: [{ url: config.publicBaseUrl, description: 'This server (PUBLIC_BASE_URL)' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token of POST /v1/auth/verifyLoginRequest' },
          organizerKey: { type: 'apiKey', in: 'header', name: 'X-Organizer-Key', description: "The organiser's gate-scanner key" },
          applePass: {
            type: 'http',
            scheme: 'ApplePass',
            description: "Apple Wallet's own scheme: `Authorization: ApplePass <authenticationToken>`, the token written in the pass",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => completeDocument(jsonSchemaTransformObject(input) as Json),
  };
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
});

/** Adds to the generated document what the zod schemas do not carry (see the file's head). */
export function completeDocument(document: Json): Json {
  for (const [name, endpoint] of Object.entries(endpoints) as [EndpointName, Endpoint][]) {
    const path = API_PREFIX + endpoint.path.replace(/:(\w+)/g, '{$1}');
    const operation: Json | undefined = document.paths?.[path]?.[endpoint.method.toLowerCase()];
    if (!operation) continue;
    const example: Json = examples[name] ?? {};

    operation.security = endpoint.auth ? [{ bearer: [] }] : endpoint.organizerKey ? [{ organizerKey: [] }] : endpoint.applePass ? [{ applePass: [] }] : [];
    operation.parameters = [...(operation.parameters ?? []), ...headerParameters(endpoint)];
    for (const parameter of operation.parameters) {
      const value = example[parameter.in === 'path' ? 'params' : 'query']?.[parameter.name];
      if (value !== undefined && parameter.in !== 'header') parameter.example = value;
    }
    if (endpoint.multipart) {
      operation.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['picture'],
              properties: { picture: { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream', description: 'HEIC, WEBP, SVG, PNG or JPG' } },
            },
          },
        },
      };
    }
    const json = operation.requestBody?.content?.['application/json'];
    if (json && example.body !== undefined) json.example = example.body;

    const success = successResponse(endpoint, operation.responses?.['200']);
    if (example.response !== undefined) Object.values(success.content as Json)[0].example = example.response;
    operation.responses = {
      '200': success,
      ...(endpoint.revalidate ? { '304': { description: 'Not Modified: the If-None-Match ETag is still the current answer' } } : {}),
      ...Object.fromEntries(Object.entries(endpoint.otherStatuses ?? {}).map(([status, description]) => [status, { description }])),
      '4XX': errorResponse('Refused: `code` says why (the call\'s codes are listed above)'),
      '5XX': errorResponse('The server or its database failed; `503 api.service_unavailable` comes with Retry-After'),
    };
  }
  liftSchemaExamples(document);
  removeUnusedSchemas(document);
  return document;
}

/**
 * A route outside the contract (the event stream) gives its example as the schema's `examples`; the answer's media
 * type carries it as `example`, as every other operation's does.
 */
function liftSchemaExamples(document: Json): void {
  for (const operations of Object.values<Json>(document.paths ?? {})) {
    for (const operation of Object.values<Json>(operations)) {
      for (const answer of Object.values<Json>(operation.responses ?? {})) {
        for (const media of Object.values<Json>(answer.content ?? {})) {
          const [first] = media.schema?.examples ?? [];
          if (first !== undefined && media.example === undefined) media.example = first;
        }
      }
    }
  }
}

function headerParameters(endpoint: Endpoint): Json[] {
  const headers: Json[] = [];
  if (acceptsIdempotencyKey(endpoint)) {
    headers.push({
      in: 'header',
      name: 'Idempotency-Key',
      required: false,
      description: 'Repeating the call with the same key answers the first answer instead of doing it twice',
      schema: { type: 'string', pattern: KEY_PATTERN.source },
    });
  }
  if (endpoint.revalidate) {
    headers.push({
      in: 'header',
      name: 'If-None-Match',
      required: false,
      description: 'The ETag of the last answer: 304 without a body while it is still current',
      schema: { type: 'string' },
    });
  }
  return headers;
}

/** The 2xx answer with its real content type and the headers it carries. */
function successResponse(endpoint: Endpoint, generated: Json | undefined): Json {
  const kind = answerKind(endpoint.response);
  const schema = generated?.content?.['application/json']?.schema ?? {};
  const content = isBinary(kind)
    ? { [binaryTypes[kind]]: { schema: { type: 'string', format: 'binary', contentMediaType: binaryTypes[kind] } } }
    : kind === 'text'
        ? { 'text/plain': { schema } }
        : { 'application/json': { schema } };
  const headers = Object.fromEntries(
    Object.entries(endpoint.responseHeaders ?? {}).map(([name, meaning]) => [
      name,
      { description: meaning, schema: name.toLowerCase() === 'x-qr-seconds-left' ? { type: 'integer', minimum: 0 } : { type: 'string' } },
    ]),
  );
  return {
    description: kind === 'pdf' ? 'The ticket as a PDF document' : kind === 'pkpass' ? 'The Apple Wallet pass (a signed zip)' : kind === 'png' ? 'A PNG picture' : kind === 'text' ? 'The answer as plain text' : 'Success',
    content,
    ...(Object.keys(headers).length ? { headers } : {}),
  };
}

/** Drops component schemas nothing refers to (the generator writes an input twin of every named schema). */
function removeUnusedSchemas(document: Json): void {
  const schemas: Json = document.components?.schemas ?? {};
  for (;;) {
    const text = JSON.stringify({ ...document, components: { ...document.components, schemas: undefined } }) + JSON.stringify(schemas);
    const unused = Object.keys(schemas).filter((id) => !text.includes(`"#/components/schemas/${id}"`));
    if (!unused.length) return;
    for (const id of unused) delete schemas[id];
  }
}
