import { describe, expect, it } from 'vitest';
import { IDLE_MS, MemoryTableStore } from './store.ts';

describe('tables in memory', () => {
  it('forget a table idle for 24 hours with nobody connected, and keep one still in use', async () => {
    let now = 1_000_000;
    const store = new MemoryTableStore(() => now);
    await store.createTable('idle');
    await store.createTable('busy');
    const connection = { memberId: 'm1', connectionId: 'c1', name: 'Ana' };
    expect(await store.join('busy', connection)).toBe('ok');
    now += IDLE_MS - 1;
    expect(await store.members('idle')).toEqual([]);
    now += IDLE_MS + 1;
    store.sweep();
    expect(await store.members('idle')).toBeNull();
    expect(await store.members('busy')).toEqual([{ id: 'm1', name: 'Ana' }]);
    await store.leave('busy', connection);
    now += IDLE_MS + 1;
    expect(await store.join('busy', connection)).toBe('missing');
    await store.close();
  });
});
