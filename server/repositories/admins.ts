import argon2 from 'argon2';
import type { Selectable } from 'kysely';
import * as OTPAuth from 'otpauth';
import type { Db } from '../db/connect.ts';
import type { AdminAccountsTable } from '../db/schema.ts';
import { nowIso, num } from '../util.ts';

export type AdminAccount = Selectable<AdminAccountsTable>;

const TOTP_PERIOD = 30;

/** OWASP's argon2id baseline (19 MiB, 2 passes): sound, and quick enough for a small server. */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function totpFor(account: { username: string; totp_secret: string }): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: 'Futile',
    label: account.username,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD,
    secret: OTPAuth.Secret.fromBase32(account.totp_secret),
  });
}

/** Admin console accounts: argon2id passwords, optional TOTP with replay protection. */
export class AdminsRepository {
  constructor(private readonly database: Db) {}

  private get db() {
    return this.database.db;
  }

  private normalise(row: Selectable<AdminAccountsTable> | undefined): AdminAccount | null {
    return row
      ? {
          ...row,
          id: num(row.id),
          totp_last_step: row.totp_last_step === null ? null : num(row.totp_last_step),
        }
      : null;
  }

  /** By username or email, case-insensitive. */
  async byLogin(login: string): Promise<AdminAccount | null> {
    const text = login.trim().toLowerCase();
    const row = await this.db
      .selectFrom('admin_accounts')
      .selectAll()
      .where((eb) =>
        eb.or([eb(eb.fn('lower', ['username']), '=', text), eb(eb.fn('lower', ['email']), '=', text)]),
      )
      .executeTakeFirst();
    return this.normalise(row);
  }

  async byId(id: number): Promise<AdminAccount | null> {
    return this.normalise(
      await this.db.selectFrom('admin_accounts').selectAll().where('id', '=', id).executeTakeFirst(),
    );
  }

  async create(input: {
    username: string;
    email: string | null;
    password: string;
    displayName?: string;
  }): Promise<AdminAccount> {
    await this.db
      .insertInto('admin_accounts')
      .values({
        username: input.username,
        email: input.email,
        display_name: input.displayName ?? input.username,
        password_hash: await argon2.hash(input.password, ARGON2_OPTIONS),
        totp_secret: null,
        totp_last_step: null,
        is_active: 1,
        created_at: nowIso(),
        last_login: null,
      })
      .execute();
    return (await this.byLogin(input.username)) as AdminAccount;
  }

  async setPassword(id: number, password: string): Promise<void> {
    const password_hash = await argon2.hash(password, ARGON2_OPTIONS);
    await this.db.updateTable('admin_accounts').set({ password_hash }).where('id', '=', id).execute();
  }

  /** Generates and stores a new TOTP secret; returns the otpauth:// enrolment URI. */
  async enableTotp(id: number): Promise<string> {
    const account = await this.byId(id);
    if (!account) throw new Error('No such admin account');
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    await this.db
      .updateTable('admin_accounts')
      .set({ totp_secret: secret, totp_last_step: null })
      .where('id', '=', id)
      .execute();
    return totpFor({ username: account.username, totp_secret: secret }).toString();
  }

  async verifyPassword(account: AdminAccount, password: string): Promise<boolean> {
    try {
      return await argon2.verify(account.password_hash, password);
    } catch {
      return false;
    }
  }

  /**
   * Accepts a code of the current step ±1, once: the accepted step is stored with a
   * compare-and-set so the same (or an older) code cannot be used again, even concurrently.
   */
  async consumeTotp(account: AdminAccount, code: string, now = Date.now()): Promise<boolean> {
    if (!account.totp_secret || !/^\d{6}$/.test(code)) return false;
    const delta = totpFor({ username: account.username, totp_secret: account.totp_secret }).validate({
      token: code,
      timestamp: now,
      window: 1,
    });
    if (delta === null) return false;
    const step = Math.floor(now / 1000 / TOTP_PERIOD) + delta;
    const res = await this.db
      .updateTable('admin_accounts')
      .set({ totp_last_step: step })
      .where('id', '=', account.id)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst();
    return num(res.numUpdatedRows) === 1;
  }
}
