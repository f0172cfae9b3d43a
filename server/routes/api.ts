import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';

/**
 * The app as routes see it: request and reply types come from each route's TypeBox
 * schemas (src/api/schemas/), so no route writes its types a second time.
 */
export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export function typed(app: FastifyInstance): Api {
  return app.withTypeProvider<TypeBoxTypeProvider>();
}

/**
 * Sends JSON text made elsewhere (by the database, or a cached serialization) as it is, or
 * its bytes kept from an earlier answer. It skips the route's serializer, so the text must
 * already be in the schema's shape.
 */
export function sendJsonText(reply: FastifyReply, text: string | Buffer) {
  return reply.type('application/json; charset=utf-8').send(text);
}
