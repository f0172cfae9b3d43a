/**
 * What PostgreSQL's backends wait on while a load runs elsewhere: samples pg_stat_activity
 * every 50 ms for the given seconds and prints, per state and wait event, the share of samples
 * and the mean number of backends in it (only the bench's schemas' connections: those whose
 * database is the URL's). Not a bench part: run it beside one.
 *   BENCH_DATABASE_URL=postgres://… npx tsx benchmarks/server/waits.ts 20
 */
import pg from 'pg';

const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL=postgres://… please');
const seconds = Number(process.argv[2] ?? 20);
const client = new pg.Client({ connectionString: url });
await client.connect();
const counts = new Map<string, number>();
let samples = 0;
const end = Date.now() + seconds * 1000;
while (Date.now() < end) {
  const { rows } = await client.query<{ what: string; n: string }>(
    `select coalesce(state, '?') || ' / ' || coalesce(wait_event_type || ':' || wait_event, 'on CPU') as what, count(*) as n
       from pg_stat_activity
      where backend_type = 'client backend' and pid <> pg_backend_pid() and datname = current_database()
      group by 1`,
  );
  samples++;
  for (const row of rows) counts.set(row.what, (counts.get(row.what) ?? 0) + Number(row.n));
  await new Promise((resolve) => setTimeout(resolve, 50));
}
await client.end();
console.log(`${samples} samples over ${seconds} s; mean backends per sample by state / wait:`);
for (const [what, n] of [...counts].sort((a, b) => b[1] - a[1]))
  console.log(`  ${(n / samples).toFixed(2).padStart(7)}  ${what}`);
