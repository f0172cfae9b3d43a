/**
 * The time one durable commit takes on this machine right now: single-row inserts, each
 * its own transaction, on a fresh SQLite file beside the bench's (WAL, synchronous=FULL, as
 * the server runs) or on PostgreSQL (synchronous_commit on, its default). An acknowledged
 * score waits for at least one such commit, so its latency cannot be below this; on a busy
 * shared disk the commit's p99 alone can exceed the 10 ms goal.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { percentile } from '../lib/stats.ts';

export interface CommitFloor {
  commits: number;
  p50: number;
  p99: number;
}

const COMMITS = 300;

function summary(times: number[]): CommitFloor {
  const sorted = [...times].sort((a, b) => a - b);
  return { commits: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

export function sqliteCommitFloor(): CommitFloor {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'futile-commit-'));
  const db = new SQLite(path.join(dir, 'floor.sqlite'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec('create table t (id integer primary key, v text)');
    const insert = db.prepare('insert into t (v) values (?)');
    const times: number[] = [];
    for (let i = 0; i < COMMITS; i++) {
      const start = performance.now();
      insert.run(`row ${i} ${'x'.repeat(200)}`);
      times.push(performance.now() - start);
    }
    return summary(times);
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function postgresCommitFloor(url: string): Promise<CommitFloor> {
  const schema = `bench_floor_${crypto.randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`create schema ${schema}`);
    await client.query(`create table ${schema}.t (id serial primary key, v text)`);
    const times: number[] = [];
    for (let i = 0; i < COMMITS; i++) {
      const start = performance.now();
      await client.query({
        name: 'floor',
        text: `insert into ${schema}.t (v) values ($1)`,
        values: [`row ${i}`],
      });
      times.push(performance.now() - start);
    }
    return summary(times);
  } finally {
    await client.query(`drop schema ${schema} cascade`);
    await client.end();
  }
}
