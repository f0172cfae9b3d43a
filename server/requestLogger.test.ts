/**
 * request.log through requestLoggerFactory, on a real Fastify and pino writing to a stream:
 * the lines are what pino's own child writes (request id included), levels hold, and a
 * request that logs nothing never builds a child.
 */
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type LazyRequestLogger, requestLoggerFactory } from './requestLogger.ts';

function appAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({
    logger: { level, stream, redact: { paths: ['*.token'], censor: '[redacted]' } },
    childLoggerFactory: requestLoggerFactory,
    // As the app: no "incoming request" lines of Fastify's own.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => 'req-1',
  });
  const built: boolean[] = [];
  app.addHook('onResponse', (request, _reply, done) => {
    built.push((request.log as LazyRequestLogger).built ?? true);
    done();
  });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/warns', async (request) => {
    request.log.info('not at warn');
    request.log.warn({ user: { token: 'secret-token' } }, 'careful');
    return { ok: true };
  });
  app.get('/child', async (request) => {
    request.log.child({ part: 'verifier' }).warn('from a child');
    return { ok: true };
  });
  app.get('/debug-route', { logLevel: 'debug' }, async (request) => {
    request.log.debug('route level');
    return { ok: true };
  });
  return { app, lines, built };
}

describe('requestLoggerFactory', () => {
  let app: FastifyInstance | null = null;
  afterEach(async () => app?.close());

  it('a request that logs nothing builds no child', async () => {
    const made = appAt('warn');
    app = made.app;
    expect((await app.inject('/quiet')).statusCode).toBe(200);
    expect(made.built).toEqual([false]);
    expect(made.lines).toEqual([]);
  });

  it('writes enabled lines with the request id and redaction, skips the rest', async () => {
    const made = appAt('warn');
    app = made.app;
    await app.inject('/warns');
    expect(made.lines).toHaveLength(1);
    expect(made.lines[0]).toMatchObject({
      level: 40,
      reqId: 'req-1',
      msg: 'careful',
      user: { token: '[redacted]' },
    });
    expect(made.built).toEqual([true]);
  });

  it('a child of request.log keeps the request id and adds its own bindings', async () => {
    const made = appAt('warn');
    app = made.app;
    await app.inject('/child');
    expect(made.lines[0]).toMatchObject({ reqId: 'req-1', part: 'verifier', msg: 'from a child' });
  });

  it("a route's own level is pino's child at that level", async () => {
    const made = appAt('warn');
    app = made.app;
    await app.inject('/debug-route');
    expect(made.lines[0]).toMatchObject({ level: 20, reqId: 'req-1', msg: 'route level' });
    expect(made.built).toEqual([true]);
  });

  it('follows a level changed on the app while running', async () => {
    const made = appAt('warn');
    app = made.app;
    app.log.level = 'info';
    await app.inject('/warns');
    expect(made.lines.map((l) => l.msg)).toEqual(['not at warn', 'careful']);
    expect(made.lines.every((l) => l.reqId === 'req-1')).toBe(true);
  });
});
