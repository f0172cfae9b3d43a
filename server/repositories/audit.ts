import type { AuditEntry } from '../../src/api/types.ts';
import type { Db } from '../db/connect.ts';
import { nowIso, num, parseJsonOrNull } from '../util.ts';

/** Every admin action, append-only. */
export class AuditRepository {
  constructor(private readonly database: Db) {}

  async record(
    actor: string,
    action: string,
    target: string | null,
    details: Record<string, unknown> | null = null,
  ) {
    await this.database.db
      .insertInto('audit_log')
      .values({
        actor,
        action,
        target,
        details: details ? JSON.stringify(details) : null,
        created_at: nowIso(),
      })
      .execute();
  }

  async list(limit: number, offset: number): Promise<AuditEntry[]> {
    const rows = await this.database.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((r) => ({
      id: num(r.id),
      actor: r.actor,
      action: r.action,
      target: r.target,
      details: parseJsonOrNull<Record<string, unknown>>(r.details),
      created_at: r.created_at,
    }));
  }
}
