import { Ajv, type ErrorObject } from 'ajv';
import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseBusy } from '../db/connect.ts';

/**
 * Validation and errors. Bodies are validated strictly (no type coercion, unknown
 * fields rejected, not silently removed); query strings are coerced (limit=10 → 10).
 * Every error answers JSON {success:false, error[, code]} with no stack trace.
 */
export function setupValidationAndErrors(app: FastifyInstance) {
  const options = { allErrors: false, removeAdditional: false, useDefaults: true, strict: false } as const;
  const bodyAjv = new Ajv({ ...options, coerceTypes: false });
  const queryAjv = new Ajv({ ...options, coerceTypes: true });
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? bodyAjv : queryAjv).compile(schema),
  );
  app.setSchemaErrorFormatter((errors, dataVar) => new Error(describeValidationError(errors[0], dataVar)));

  // JSON only: text/plain (a CORS "simple" request) is not a way in.
  app.removeContentTypeParser('text/plain');

  app.setErrorHandler((err: FastifyError & { code?: string }, request, reply) => {
    let status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (err.validation) status = 400;
    if (err instanceof SyntaxError && status === 500) status = 400;
    // PostgreSQL refuses NUL characters in text: that is bad input, not a server fault.
    if (err.code === '22021' || err.code === '22P05') {
      return reply
        .code(400)
        .send({ success: false, error: 'Text contains characters that cannot be stored' });
    }
    // A saturated database (no pooled connection in time, a SQLite lock held too long) is
    // overload, not a fault: tell the client when to come back, as the load shedder does.
    if (status >= 500 && isDatabaseBusy(err)) {
      request.log.warn({ err: { message: err.message, code: err.code } }, 'database busy: answering 503');
      return reply
        .code(503)
        .header('Retry-After', String(app.config.overloadRetryAfter))
        .send({ success: false, error: 'The server is busy; try again shortly' });
    }
    if (status >= 500) {
      request.log.error(err);
      return reply.code(500).send({ success: false, error: 'Internal server error' });
    }
    let message = err.message;
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      message = 'Requests must be JSON (Content-Type: application/json)';
    else if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') message = 'Request body is too large';
    else if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError)
      message = 'Body is not valid JSON';
    else if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
      message = 'Body cannot be empty when Content-Type is application/json';
    // Only our own machine-readable codes go out (FST_… codes are internal).
    let code =
      err.code && !err.code.startsWith('FST_') && !err.code.startsWith('ERR_') ? err.code : undefined;
    if (!code && request.url.startsWith('/api/saves/')) {
      if (status === 400) code = 'INVALID';
      if (status === 413) code = 'TOO_LARGE';
    }
    return reply.code(status).send({ success: false, error: message, ...(code ? { code } : {}) });
  });
}

function describeValidationError(error: ErrorObject | undefined, dataVar: string): string {
  if (!error) return 'Invalid request';
  const where = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const part = dataVar === 'querystring' ? 'query parameter' : 'field';
  if (error.keyword === 'required')
    return `${(error.params as { missingProperty: string }).missingProperty} is required`;
  if (error.keyword === 'enum')
    return `${where || dataVar} must be one of: ${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
  if (error.keyword === 'additionalProperties')
    return `Unknown ${part} "${where ? `${where}.` : ''}${(error.params as { additionalProperty: string }).additionalProperty}"`;
  return `${where || dataVar} ${error.message ?? 'is invalid'}`;
}
