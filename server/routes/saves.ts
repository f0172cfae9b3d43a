import { OkResponse, responses } from '../../src/api/schemas/common.ts';
import {
  MAX_KEY_LENGTH,
  SaveBody,
  SaveGetResponse,
  SaveListQuery,
  SaveListResponse,
  SaveLookupQuery,
  SaveResponse,
} from '../../src/api/schemas/saves.ts';
import { requireUser, USER_COOKIE } from '../plugins/session.ts';
import { type ListedPage, MAX_SAVE_BYTES, type SaveLookup, toItem } from '../repositories/saves.ts';
import { HttpError } from '../util.ts';
import { type Api, sendJsonText } from './api.ts';

function toLookup(q: SaveLookupQuery): SaveLookup {
  if (q.id) return { id: q.id, appId: q.appId };
  if (q.appId && q.key !== undefined) return { appId: q.appId, key: q.key };
  throw new HttpError(400, 'Give id, or appId and key');
}

/** Saves: every call scoped to the signed-in user; another user's id is simply not found. */
export function savesRoutes(api: Api) {
  /**
   * The bytes of a list answer, by its page: listSignedIn answers the same page object again
   * while the page is unchanged (SQLite: nothing committed since; PostgreSQL: the statement
   * found the page's tag unchanged), and the page, page number and limit make the whole answer.
   */
  const answers = new WeakMap<ListedPage, Buffer>();
  api.post(
    '/api/saves/save.php',
    {
      // Room for 256 KiB of data plus JSON escaping; the data bound itself is checked below.
      bodyLimit: 2 * MAX_SAVE_BYTES,
      schema: { body: SaveBody, response: responses(SaveResponse) },
    },
    async (request) => {
      const user = await requireUser(request);
      const { appId, data, ifMatch } = request.body;
      const key = request.body.key.trim();
      if (!key) throw new HttpError(400, 'Save name cannot be empty', 'INVALID');
      if (key.length > MAX_KEY_LENGTH)
        throw new HttpError(400, `Save name is too long (max ${MAX_KEY_LENGTH} characters)`, 'INVALID');
      if (data === null) throw new HttpError(400, 'Nothing to save', 'INVALID');
      const dataJson = JSON.stringify(data);
      if (Buffer.byteLength(dataJson) > MAX_SAVE_BYTES)
        throw new HttpError(413, `Saved data is too large (max ${MAX_SAVE_BYTES / 1024} KiB)`, 'TOO_LARGE');
      const { id, version, etag } = await api.repos.saves.save(user.id, appId, key, dataJson, ifMatch);
      // The answer names no key: the caller sent it.
      return { success: true, id, version, etag };
    },
  );

  api.get(
    '/api/saves/get.php',
    { schema: { querystring: SaveLookupQuery, response: responses(SaveGetResponse) } },
    async (request) => {
      const user = await requireUser(request);
      const row = await api.repos.saves.find(user.id, toLookup(request.query));
      if (!row) throw new HttpError(404, 'Not found');
      return { success: true, save: toItem(row) };
    },
  );

  api.get(
    '/api/saves/list.php',
    { schema: { querystring: SaveListQuery, response: responses(SaveListResponse) } },
    async (request, reply) => {
      const { appId, page, limit } = request.query;
      const token = request.cookies[USER_COOKIE];
      // The session and the page in one statement (SavesRepository.listSignedIn); requireUser
      // then answers 401 from its outcome, as it would from its own lookup.
      const listed =
        !request.sessionUserPromise && token && token.length <= 100
          ? await api.repos.saves.listSignedIn(token, appId, page, limit)
          : null;
      if (!request.sessionUserPromise) request.sessionUserPromise = Promise.resolve(listed?.user ?? null);
      const user = await requireUser(request);
      // An unchanged page is the same object: the answer's bytes are kept by it.
      const kept = listed && answers.get(listed.page);
      if (kept) return sendJsonText(reply, kept);
      // The items come as JSON made by the database in this schema's shape (SavesRepository.list).
      const { itemsJson, total } = listed?.page ?? (await api.repos.saves.list(user.id, appId, page, limit));
      const body = `{"success":true,"items":${itemsJson},"page":${page},"limit":${limit},"total":${total}}`;
      if (listed) {
        const bytes = Buffer.from(body);
        answers.set(listed.page, bytes);
        return sendJsonText(reply, bytes);
      }
      return sendJsonText(reply, body);
    },
  );

  api.delete(
    '/api/saves/delete.php',
    { schema: { querystring: SaveLookupQuery, response: responses(OkResponse) } },
    async (request) => {
      const user = await requireUser(request);
      if (!(await api.repos.saves.delete(user.id, toLookup(request.query))))
        throw new HttpError(404, 'Not found');
      return { success: true };
    },
  );
}
