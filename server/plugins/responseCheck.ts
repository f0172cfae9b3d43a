import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * For tests: every JSON answer must match its route's response schema exactly. The
 * serializer alone would drop a field the schema does not name and let a wrong type
 * through as best it can, so answers are validated before it runs, with every object of
 * the schema closed (a field it does not name is an error). Answers a handler serializes
 * itself (cached boards, the saves list made by the database, as text or kept bytes) are parsed and checked the
 * same way. A mismatch answers 500, with the difference on stderr and in the log.
 */
export function checkResponses(app: FastifyInstance) {
  const ajv = new Ajv({ allErrors: true, strict: false });
  const compiled = new WeakMap<object, ValidateFunction>();
  const checked = new WeakSet<FastifyRequest>();

  function check(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    checked.add(request);
    const schema = responseSchema(request, reply.statusCode);
    if (!schema) return;
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(closed(schema) as object);
      compiled.set(schema, validate);
    }
    if (validate(payload)) return;
    const message = `${request.method} ${request.url} answered ${reply.statusCode} unlike its schema: ${ajv.errorsText(validate.errors)}`;
    // Said on stderr too: the test log level may hide the error handler's line.
    process.stderr.write(`${message}\n`);
    throw new Error(message);
  }

  app.addHook('preSerialization', async (request, reply, payload) => {
    check(request, reply, payload);
    return payload;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const json = String(reply.getHeader('content-type') ?? '').startsWith('application/json');
    // Text, or bytes kept from an earlier answer (the saves list on SQLite).
    if (!checked.has(request) && json && (typeof payload === 'string' || Buffer.isBuffer(payload)))
      check(request, reply, JSON.parse(String(payload)));
    return payload;
  });
}

/** The schema a route answers this status with: exact code, then `4xx`-style, then default. */
export function responseSchema(request: FastifyRequest, status: number): object | null {
  const responses = request.routeOptions.schema?.response as Record<string, object> | undefined;
  if (!responses) return null;
  return responses[status] ?? responses[`${String(status)[0]}xx`] ?? responses.default ?? null;
}

/** A copy of a schema where every object that lists its properties allows no others. */
export function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (!schema || typeof schema !== 'object') return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema))
    copy[key] = key === 'enum' || key === 'const' ? value : closed(value);
  if ('properties' in copy && !('additionalProperties' in copy)) copy.additionalProperties = false;
  return copy;
}
