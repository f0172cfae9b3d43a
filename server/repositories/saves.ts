import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import type { SaveHandle, SaveItem } from '../../src/api/types.ts';
import { BatchedRead } from '../db/batchedReads.ts';
import type { Db } from '../db/connect.ts';
import type { SavesTable, UsersTable } from '../db/schema.ts';
import { HttpError, hotSql, isUniqueViolation, nowIso, num, randomToken, sha256 } from '../util.ts';
import { SESSION_USER_FROM, USER_COLUMNS, userFromRow } from './users.ts';

export const MAX_SAVES_PER_USER = 500;
export const MAX_SAVE_BYTES = 256 * 1024;
// The bound lives with the calls' schemas, which refuse a longer key.
export { MAX_KEY_LENGTH } from '../../src/api/schemas/saves.ts';

function newEtag(): string {
  // Never all digits, so an etag can't be mistaken for a version number.
  return `e${randomToken(12)}`;
}

function toHandle(row: Pick<SavesTable, 'id' | 'key' | 'version' | 'etag'>): SaveHandle {
  return { id: row.id, key: row.key, version: num(row.version), etag: row.etag };
}

/** The columns a whole save is read by: not list_item, which on SQLite is computed per read. */
const SAVE_ROW_COLUMNS = ['id', 'key', 'version', 'etag', 'app_id', 'updated_at', 'data'] as const;
export type SaveRow = Pick<Selectable<SavesTable>, (typeof SAVE_ROW_COLUMNS)[number]>;

export function toItem(row: SaveRow): SaveItem {
  return { ...toHandle(row), appId: row.app_id, updatedAt: row.updated_at, data: JSON.parse(row.data) };
}

/** A saves row read as HANDLE_COLUMNS (id, key, version, etag), in order. */
function handleFromRow([id, key, version, etag]: readonly unknown[]): SaveHandle {
  return { id: id as string, key: key as string, version: num(version), etag: etag as string };
}

/**
 * A page of saves as the list answers it: the items' JSON text and the total. listSignedIn
 * answers the same object again for as long as the page is unchanged, so a caller may keep
 * what it makes of it (the route keeps the answer's bytes) by this object.
 */
export interface ListedPage {
  total: number;
  itemsJson: string;
}

/** A page of a signed-in user's saves, as SavesRepository.listSignedIn answers it. */
export interface SignedInList {
  user: UsersTable;
  page: ListedPage;
}

/** One listSignedIn call in a PostgreSQL batch. */
interface SignedInListCall {
  hash: string;
  appId: string | null;
  limit: number;
  offset: number;
  /** The tag of the page this server last had for this session, app, page and limit (null: none). */
  known: string | null;
}

/** A page PostgreSQL answered, with its tag: md5 of its total and items' JSON, as the statement makes it. */
interface TaggedPage extends ListedPage {
  tag: string;
}

/** The pages kept for listSignedIn on PostgreSQL: at most this many, of at most this much text in all. */
const KEPT_PAGES = 1000;
const KEPT_PAGE_CHARS = 8_000_000;

export type SaveLookup = { id: string; appId?: string } | { appId: string; key: string };

/** Saved items, always scoped to one user. Every write changes etag and version. */
export class SavesRepository {
  private readonly listSql: { all: string; app: string };
  /** The same page and total beside the session's user, in one statement (see listSignedIn). */
  private readonly signedInListSql: { all: string; app: string };

  /**
   * listSignedIn's answers while nothing was committed since (SQLite: Db.changeMark), by
   * token, app, page and limit, each with its session's expiry: the load dialog's read asked
   * again gives the same answer without the statement. Emptied whenever the mark moves.
   */
  private readonly listed = new Map<string, SignedInList & { expiresAt: number }>();
  private listedMark: string | null = null;

  /**
   * PostgreSQL: the last page answered for each session, app, page and limit, with its tag.
   * The statement gets the tag and leaves the page's JSON out when the page it makes has the
   * same tag: the page is then this one, and the JSON (7.5 KB for 50 saves) is neither sent,
   * nor read and decoded here. Kept pages are never trusted on their own, only when the
   * statement finds them unchanged, so other servers' writes show as they did.
   */
  private readonly pages = new Map<string, TaggedPage>();
  private pagesChars = 0;

  /**
   * PostgreSQL: listSignedIn's statement for many calls at once (all apps, one app), see
   * BatchedRead: under load the round trip, not the statement, was most of the call's CPU.
   */
  private readonly signedInBatches: {
    all: BatchedRead<SignedInListCall, unknown[] | null>;
    app: BatchedRead<SignedInListCall, unknown[] | null>;
  } | null = null;

  /** The three writes of save(), as prepared statements that answer the handle's columns. */
  private readonly writeSql: { overwrite: string; insert: string; ifMatch: string };

  constructor(private readonly database: Db) {
    const set = 'set data = ?, version = version + 1, etag = ?, updated_at = ?';
    const slot = 'user_id = ? and app_id = ? and key = ?';
    const returning = 'returning id, key, version, etag';
    this.writeSql = {
      overwrite: hotSql(database.dialect, `update saves ${set} where ${slot} ${returning}`),
      // The limit is checked in the insert itself: inserted only while the user is below it.
      insert: hotSql(
        database.dialect,
        'insert into saves (id, user_id, app_id, key, data, version, etag, created_at, updated_at) ' +
          'select ?, ?, ?, ?, ?, 1, ?, ?, ? where (select count(*) from saves where user_id = ?) < ? ' +
          returning,
      ),
      // etag, or version when ifMatch reads as a number (-1 otherwise: no version matches).
      ifMatch: hotSql(
        database.dialect,
        `update saves ${set} where ${slot} and (etag = ? or version = ?) ${returning}`,
      ),
    };
    // The page's items as one JSON array text, joined by the database in list order from each
    // row's list_item (migration 0007), and the total, in one statement: one round trip to
    // PostgreSQL, one statement on SQLite (see list()).
    const order = 'order by updated_at desc, id desc';
    /** PostgreSQL: ARRAY() keeps the page's order, which the index gives without a sort. */
    const pgPage = (where: string, limit: string, offset: string) =>
      `'[' || array_to_string(array(select list_item from saves where ${where} ${order} limit ${limit} offset ${offset}), ',') || ']'`;
    /** The page's JSON and the total, as two select-list expressions (placeholders: the page's, then the total's). */
    const pageColumns = (where: string) => {
      const total = `(select count(*) from saves where ${where})`;
      return database.dialect === 'sqlite'
        ? `(select '[' || coalesce(group_concat(list_item, ',' ${order}), '') || ']' from (select list_item, updated_at, id from saves where ${where} ${order} limit ? offset ?)), ${total}`
        : `${pgPage(where, '?', '?')}, ${total}`;
    };
    const page = (where: string) => hotSql(database.dialect, `select ${pageColumns(where)}`);
    this.listSql = { all: page('user_id = ?'), app: page('user_id = ? and app_id = ?') };
    // Signed in and listed in one round trip: the session's user row, then the page and total of its saves.
    const signedIn = (where: string) =>
      hotSql(
        database.dialect,
        `select ${USER_COLUMNS.map((c) => `u.${c}`).join(', ')}, ${pageColumns(where)}, s.expires_at from ${SESSION_USER_FROM}`,
      );
    this.signedInListSql = {
      all: signedIn('user_id = u.id'),
      app: signedIn('user_id = u.id and app_id = ?'),
    };
    if (database.dialect === 'postgres') {
      // The same columns for a batch of calls, each row numbered by its call (t.i): the calls
      // travel as arrays, so the text never changes and is planned once per connection. A
      // call whose session is unknown or expired has no row. Each page comes with its tag
      // (md5 of the total and the items' JSON); its JSON is left out (null) when the tag is
      // the one the call already has (t.known). Each `offset 0` keeps its subquery from being
      // pulled up into the one above, which would copy its expressions to every place they
      // are used (the page and the count made three times a call, md5 twice).
      const batched = (where: string) =>
        `select t.i, ${USER_COLUMNS.map((c) => `u.${c}`).join(', ')}, p.tag, ` +
        'case when p.tag = t.known then null else p.items end, p.total ' +
        'from unnest($1::text[], $2::text[], $3::int[], $4::int[], $5::text[]) with ordinality as t(hash, app, lim, off, known, i) ' +
        'inner join sessions s on s.id_hash = t.hash inner join users u on u.id = s.user_id ' +
        "cross join lateral (select md5(c.total || ' ' || c.items) as tag, c.items, c.total from " +
        `(select ${pgPage(where, 't.lim', 't.off')} as items, (select count(*) from saves where ${where}) as total offset 0) c offset 0) p ` +
        'where s.expires_at > $6 and u.is_active = 1';
      const read = (sql: string) => async (calls: SignedInListCall[]) => {
        const rows = await database.rows(sql, [
          calls.map((c) => c.hash),
          calls.map((c) => c.appId),
          calls.map((c) => c.limit),
          calls.map((c) => c.offset),
          calls.map((c) => c.known),
          nowIso(),
        ]);
        const answers: (unknown[] | null)[] = calls.map(() => null);
        for (const row of rows) answers[num(row[0]) - 1] = row.slice(1);
        return answers;
      };
      // Up to two statements of each shape at once (the pool's other connections stay for the
      // other calls). Four at once, A/B against two in one session (server bench, 3 runs each,
      // alternated), once saved no CPU per list call (median 68.6 against 63.8 µs), while each
      // row carried its page's JSON. Since an unchanged page comes without it, a statement's
      // own work (pool checkout, protocol messages, round trip) is most of what a call costs
      // here, and fewer, bigger batches share it among more calls: two against four, 50
      // connections, read 0.875 of the CPU per list call (compare.ts, 12 rounds in 3 pairs)
      // and 57.7–59.0 against 62.4–67.2 µs with the same requests/s (two sittings, 8 rounds).
      this.signedInBatches = {
        all: new BatchedRead(read(batched('user_id = u.id')), 2),
        app: new BatchedRead(read(batched('user_id = u.id and app_id = t.app')), 2),
      };
    }
  }

  private get db() {
    return this.database.db;
  }

  /**
   * ifMatch absent: create only (EXISTS when taken). '*': create or overwrite.
   * Otherwise: update only when the stored etag or version still equals ifMatch, in one
   * UPDATE … WHERE statement, so of concurrent writers with the same ifMatch exactly one wins.
   * Each path is one prepared statement through Db.write (on SQLite, off the event loop).
   */
  async save(
    userId: string,
    appId: string,
    key: string,
    dataJson: string,
    ifMatch: string | number | undefined,
  ): Promise<SaveHandle> {
    const now = nowIso();
    if (ifMatch === undefined || ifMatch === '*') {
      const etag = newEtag();
      if (ifMatch === '*') {
        const [updated] = await this.database.write(this.writeSql.overwrite, [
          dataJson,
          etag,
          now,
          userId,
          appId,
          key,
        ]);
        if (updated) return handleFromRow(updated);
      }
      const id = crypto.randomUUID();
      let inserted: unknown[][];
      try {
        inserted = await this.database.write(this.writeSql.insert, [
          id,
          userId,
          appId,
          key,
          dataJson,
          etag,
          now,
          now,
          userId,
          MAX_SAVES_PER_USER,
        ]);
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        if (ifMatch === '*') return this.save(userId, appId, key, dataJson, '*');
        throw new HttpError(409, `A save named "${key}" already exists`, 'EXISTS');
      }
      if (!inserted.length)
        throw new HttpError(
          409,
          `You have ${MAX_SAVES_PER_USER} saves already; delete some to save new ones`,
          'LIMIT',
        );
      return { id, key, version: 1, etag };
    }
    const matchText = String(ifMatch);
    const matchVersion = /^\d{1,9}$/.test(matchText) ? Number(matchText) : null;
    const [updated] = await this.database.write(this.writeSql.ifMatch, [
      dataJson,
      newEtag(),
      now,
      userId,
      appId,
      key,
      matchText,
      matchVersion ?? -1,
    ]);
    if (updated) return handleFromRow(updated);
    const exists = await this.exists(userId, appId, key);
    throw new HttpError(
      409,
      exists
        ? 'This save was changed elsewhere since you loaded it; nothing was overwritten'
        : 'This save no longer exists; nothing was overwritten',
      'CONFLICT',
    );
  }

  private async exists(userId: string, appId: string, key: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('saves')
      .select('id')
      .where('user_id', '=', userId)
      .where('app_id', '=', appId)
      .where('key', '=', key)
      .executeTakeFirst();
    return row !== undefined;
  }

  async find(userId: string, lookup: SaveLookup): Promise<SaveRow | undefined> {
    let q = this.db.selectFrom('saves').select(SAVE_ROW_COLUMNS).where('user_id', '=', userId);
    if ('id' in lookup) {
      q = q.where('id', '=', lookup.id);
      if (lookup.appId) q = q.where('app_id', '=', lookup.appId);
    } else q = q.where('app_id', '=', lookup.appId).where('key', '=', lookup.key);
    return q.executeTakeFirst();
  }

  /**
   * One page, newest first, as the JSON text of its items (`id, key, version, etag,
   * appId, updatedAt`, the list.php item schema), built by the database: it is the hot
   * read of the load dialog, and turning 50 rows into 300 JS strings, 50 objects and back
   * into JSON cost more than the query. The index (user_id[, app_id], updated_at, id)
   * gives the order and the count; the data column is not read.
   */
  async list(
    userId: string,
    appId: string | undefined,
    page: number,
    limit: number,
  ): Promise<{ total: number; itemsJson: string }> {
    const offset = (page - 1) * limit;
    // The scope's parameters come twice, in the statement's text order: for the page, then the total.
    const [[itemsJson, total]] = appId
      ? await this.database.rows(this.listSql.app, [userId, appId, limit, offset, userId, appId])
      : await this.database.rows(this.listSql.all, [userId, limit, offset, userId]);
    return { total: num(total), itemsJson: itemsJson as string };
  }

  /**
   * list() for the user a session token signs in (null: no such session), in one statement:
   * the hot read of the load dialog made one round trip to PostgreSQL for the session and
   * a second for the page; each costs the driver's work and two wake-ups.
   */
  async listSignedIn(
    token: string,
    appId: string | undefined,
    page: number,
    limit: number,
  ): Promise<SignedInList | null> {
    // Reused only while the database is unchanged (any commit, by anyone, moves the mark) and
    // the session unexpired: exactly what the statement would answer again.
    const mark = this.database.changeMark();
    const key = mark === null ? '' : `${page} ${limit} ${appId ?? ''}\n${token}`;
    if (mark !== null) {
      if (mark !== this.listedMark) {
        this.listed.clear();
        this.listedMark = mark;
      }
      const kept = this.listed.get(key);
      if (kept && Date.now() < kept.expiresAt) return kept;
    }
    const offset = (page - 1) * limit;
    if (this.signedInBatches) {
      const hash = sha256(token);
      const pageKey = `${page} ${limit} ${appId ?? ''}\n${hash}`;
      const known = this.pages.get(pageKey);
      const call = { hash, appId: appId ?? null, limit, offset, known: known?.tag ?? null };
      const row = await (appId ? this.signedInBatches.app : this.signedInBatches.all).call(call);
      if (!row) return null;
      const [tag, itemsJson, total] = row.slice(USER_COLUMNS.length);
      // No JSON: the page has the tag sent, so it is the kept one (its total is in the tag too).
      if (itemsJson === null && known) return { user: userFromRow(row), page: known };
      const fresh: TaggedPage = { tag: tag as string, itemsJson: itemsJson as string, total: num(total) };
      this.keepPage(pageKey, fresh);
      return { user: userFromRow(row), page: fresh };
    }
    const rows = appId
      ? await this.database.rows(this.signedInListSql.app, [
          appId,
          limit,
          offset,
          appId,
          sha256(token),
          nowIso(),
        ])
      : await this.database.rows(this.signedInListSql.all, [limit, offset, sha256(token), nowIso()]);
    if (!rows.length) return null;
    const row = rows[0];
    const [itemsJson, total, expiresAt] = row.slice(USER_COLUMNS.length);
    const listed = { user: userFromRow(row), page: { total: num(total), itemsJson: itemsJson as string } };
    if (mark === null) return listed;
    // The kept object itself is answered, then and later: the route keeps its bytes by it.
    const kept = { ...listed, expiresAt: Date.parse(expiresAt as string) };
    if (this.listed.size >= 1000) this.listed.clear();
    this.listed.set(key, kept);
    return kept;
  }

  /** Keeps a page PostgreSQL answered (see pages), within KEPT_PAGES and KEPT_PAGE_CHARS. */
  private keepPage(key: string, page: TaggedPage) {
    const size = page.itemsJson.length;
    if (size > KEPT_PAGE_CHARS / 100) return;
    const replaced = this.pages.get(key);
    if (replaced) {
      this.pagesChars -= replaced.itemsJson.length;
      this.pages.delete(key);
    }
    if (this.pages.size >= KEPT_PAGES || this.pagesChars + size > KEPT_PAGE_CHARS) {
      this.pages.clear();
      this.pagesChars = 0;
    }
    this.pages.set(key, page);
    this.pagesChars += size;
  }

  async delete(userId: string, lookup: SaveLookup): Promise<boolean> {
    let q = this.db.deleteFrom('saves').where('user_id', '=', userId);
    if ('id' in lookup) {
      q = q.where('id', '=', lookup.id);
      if (lookup.appId) q = q.where('app_id', '=', lookup.appId);
    } else q = q.where('app_id', '=', lookup.appId).where('key', '=', lookup.key);
    const res = await q.executeTakeFirst();
    return num(res.numDeletedRows) > 0;
  }
}
