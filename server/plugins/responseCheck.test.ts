import Fastify from 'fastify';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { responses } from '../../src/api/schemas/common.ts';
import { sendJsonText } from '../routes/api.ts';
import { checkResponses } from './responseCheck.ts';

const Answer = Type.Object({ success: Type.Boolean(), count: Type.Integer() });

/** A route answering `body` (an object through the serializer, or JSON text sent as it is). */
async function answering(body: unknown, check: boolean) {
  const app = Fastify();
  if (check) checkResponses(app);
  app.get('/x', { schema: { response: responses(Answer) } }, async (_request, reply) =>
    typeof body === 'string' ? sendJsonText(reply, body) : body,
  );
  const res = await app.inject({ method: 'GET', url: '/x' });
  await app.close();
  return { status: res.statusCode, body: res.json() };
}

describe('checkResponses (test builds): an answer unlike its schema fails', () => {
  const stderr = process.stderr.write;
  const quiet = <T>(run: () => Promise<T>) => {
    process.stderr.write = () => true;
    return run().finally(() => {
      process.stderr.write = stderr;
    });
  };

  it('passes an answer that matches', async () => {
    expect(await answering({ success: true, count: 2 }, true)).toEqual({
      status: 200,
      body: { success: true, count: 2 },
    });
  });

  it('an extra field the serializer would drop silently is a 500', async () => {
    expect(await answering({ success: true, count: 2, secret: 'x' }, false)).toEqual({
      status: 200,
      body: { success: true, count: 2 },
    });
    expect((await quiet(() => answering({ success: true, count: 2, secret: 'x' }, true))).status).toBe(500);
  });

  it('a missing or mistyped field is a 500', async () => {
    expect((await quiet(() => answering({ success: true }, true))).status).toBe(500);
    expect((await quiet(() => answering({ success: true, count: 1.5 }, true))).status).toBe(500);
  });

  it('JSON text a handler sends itself is checked too', async () => {
    expect((await answering('{"success":true,"count":3}', true)).status).toBe(200);
    expect((await quiet(() => answering('{"success":true,"count":3,"x":1}', true))).status).toBe(500);
  });
});
