import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { SessionUser } from '../../src/api/types.ts';
import type { Db } from '../db/connect.ts';
import type { UsersTable } from '../db/schema.ts';
import { ADMIN_SESSION_HOURS, USER_SESSION_DAYS } from '../domain/sessions.ts';
import { hotSql, isUniqueViolation, nowIso, num, randomToken, sha256 } from '../util.ts';

/** The columns of users, in the order userBySession reads them (and userFromRow maps). */
export const USER_COLUMNS = [
  'id',
  'display_name',
  'email',
  'avatar_url',
  'is_admin',
  'is_active',
  'created_at',
  'last_login',
] as const satisfies readonly (keyof UsersTable)[];

export function toSessionUser(row: UsersTable): SessionUser {
  return {
    id: row.id,
    displayName: row.display_name,
    avatarUrl: row.avatar_url,
    isAdmin: row.is_admin === 1,
    email: row.email,
  };
}

/**
 * The user a session token signs in: the joins and conditions of userBySession, as SQL
 * with two `?` (the token's hash, now) for a statement that reads more beside it
 * (SavesRepository.listSignedIn). Selects USER_COLUMNS as u.*; aliases s and u.
 */
export const SESSION_USER_FROM =
  'sessions s inner join users u on u.id = s.user_id where s.id_hash = ? and s.expires_at > ? and u.is_active = 1';

/** A users row read as USER_COLUMNS, in order, from the first values of `row`. */
export function userFromRow(row: readonly unknown[]): UsersTable {
  const [id, display_name, email, avatar_url, is_admin, is_active, created_at, last_login] = row;
  return {
    id: id as string,
    display_name: display_name as string,
    email: email as string | null,
    avatar_url: avatar_url as string | null,
    is_admin: num(is_admin),
    is_active: num(is_active),
    created_at: created_at as string,
    last_login: last_login as string | null,
  };
}

/** Users, their sign-in identities and sessions (user and admin-account sessions). */
export class UsersRepository {
  private readonly sessionSql: string;

  constructor(private readonly database: Db) {
    this.sessionSql = hotSql(
      database.dialect,
      `select ${USER_COLUMNS.map((c) => `u.${c}`).join(', ')} from ${SESSION_USER_FROM}`,
    );
  }

  private get db() {
    return this.database.db;
  }

  async byId(id: string): Promise<UsersTable | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Finds the user of an identity, or creates both; refreshes profile fields the provider gives. */
  async upsertFromIdentity(identity: {
    provider: string;
    subject: string;
    displayName: string;
    email: string | null;
    avatarUrl: string | null;
    isAdmin?: boolean;
  }): Promise<UsersTable> {
    const existing = await this.db
      .selectFrom('user_identities')
      .innerJoin('users', 'users.id', 'user_identities.user_id')
      .selectAll('users')
      .where('user_identities.provider', '=', identity.provider)
      .where('user_identities.subject', '=', identity.subject)
      .executeTakeFirst();
    if (existing) return existing;
    const now = nowIso();
    const user: UsersTable = {
      id: crypto.randomUUID(),
      display_name: identity.displayName.trim().slice(0, 64) || 'Player',
      email: identity.email,
      avatar_url: identity.avatarUrl,
      is_admin: identity.isAdmin ? 1 : 0,
      is_active: 1,
      created_at: now,
      last_login: null,
    };
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx.insertInto('users').values(user).execute();
        await trx
          .insertInto('user_identities')
          .values({
            provider: identity.provider,
            subject: identity.subject,
            user_id: user.id,
            created_at: now,
          })
          .execute();
      });
    } catch (err) {
      // The same first sign-in twice at once: the other one created the user.
      if (isUniqueViolation(err)) return this.upsertFromIdentity(identity);
      throw err;
    }
    return user;
  }

  async setDisplayName(id: string, displayName: string): Promise<UsersTable | undefined> {
    await this.db.updateTable('users').set({ display_name: displayName }).where('id', '=', id).execute();
    return this.byId(id);
  }

  async setActive(id: string, active: boolean): Promise<boolean> {
    const res = await this.db
      .updateTable('users')
      .set({ is_active: active ? 1 : 0 })
      .where('id', '=', id)
      .executeTakeFirst();
    if (!active) await this.revokeUserSessions(id);
    return num(res.numUpdatedRows) > 0;
  }

  async setAdmin(id: string, admin: boolean): Promise<boolean> {
    const res = await this.db
      .updateTable('users')
      .set({ is_admin: admin ? 1 : 0 })
      .where('id', '=', id)
      .executeTakeFirst();
    return num(res.numUpdatedRows) > 0;
  }

  async providersOf(userIds: string[]): Promise<Map<string, string[]>> {
    const map = new Map<string, string[]>();
    if (!userIds.length) return map;
    const rows = await this.db
      .selectFrom('user_identities')
      .select(['user_id', 'provider'])
      .where('user_id', 'in', userIds)
      .orderBy('provider')
      .execute();
    for (const r of rows) map.set(r.user_id, [...(map.get(r.user_id) ?? []), r.provider]);
    return map;
  }

  async search(q: string, page: number, limit: number): Promise<{ rows: UsersTable[]; total: number }> {
    let query = this.db.selectFrom('users');
    const text = q.trim().toLowerCase();
    if (text) {
      const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) =>
        eb.or([
          // An explicit escape character: SQLite has none by default, PostgreSQL has backslash.
          sql<boolean>`lower(display_name) like ${pattern} escape '\\'`,
          sql<boolean>`lower(email) like ${pattern} escape '\\'`,
        ]),
      );
    }
    const total = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    return { rows, total: num(total.n) };
  }

  /** Deletes the user with saves, ratings, sessions and identities; scores stay, anonymised. */
  async deleteAccount(id: string): Promise<string> {
    const code = `DEL-${randomToken(6).replace(/[-_]/g, 'X').toUpperCase()}`;
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('scores').set({ user_id: null }).where('user_id', '=', id).execute();
      await trx.deleteFrom('saves').where('user_id', '=', id).execute();
      await trx.deleteFrom('track_ratings').where('rater', '=', `u:${id}`).execute();
      await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
      await trx.deleteFrom('user_identities').where('user_id', '=', id).execute();
      await trx.deleteFrom('users').where('id', '=', id).execute();
      await trx.insertInto('account_deletions').values({ code, created_at: nowIso() }).execute();
    });
    return code;
  }

  // ------------------------------------------------------------ sessions

  /** Starts a session and returns the cookie value; only its hash is stored. */
  async createSession(owner: { userId: string } | { adminId: number }): Promise<string> {
    const token = randomToken(32);
    const isUser = 'userId' in owner;
    const lifetime = isUser ? USER_SESSION_DAYS * 86_400_000 : ADMIN_SESSION_HOURS * 3_600_000;
    const now = nowIso();
    await this.db
      .insertInto('sessions')
      .values({
        id_hash: sha256(token),
        user_id: isUser ? owner.userId : null,
        admin_id: isUser ? null : owner.adminId,
        created_at: now,
        expires_at: nowIso(lifetime),
      })
      .execute();
    if (isUser)
      await this.db.updateTable('users').set({ last_login: now }).where('id', '=', owner.userId).execute();
    else
      await this.db
        .updateTable('admin_accounts')
        .set({ last_login: now })
        .where('id', '=', owner.adminId)
        .execute();
    return token;
  }

  /** The active user of a session cookie value, or null (unknown, expired, deactivated). */
  async userBySession(token: string): Promise<UsersTable | null> {
    // Runs on every signed-in request: hand-written SQL (see hotSql), rows as arrays.
    const rows = await this.database.rows(this.sessionSql, [sha256(token), nowIso()]);
    return rows.length ? userFromRow(rows[0]) : null;
  }

  async adminIdBySession(token: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('admin_accounts', 'admin_accounts.id', 'sessions.admin_id')
      .select('admin_accounts.id')
      .where('sessions.id_hash', '=', sha256(token))
      .where('sessions.expires_at', '>', nowIso())
      .where('admin_accounts.is_active', '=', 1)
      .executeTakeFirst();
    return row ? num(row.id) : null;
  }

  async revokeSession(token: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id_hash', '=', sha256(token)).execute();
  }

  async revokeUserSessions(userId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  }

  async purgeExpiredSessions(): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<=', nowIso()).execute();
  }
}
