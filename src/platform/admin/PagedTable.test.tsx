// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { PagedTable, type PageOf } from './PagedTable.tsx';

afterEach(cleanup);

/** A list of `n` rows the way the server pages it (offset, limit, total). */
function store(n: number) {
  const rows = Array.from({ length: n }, (_, i) => `row ${i + 1}`);
  return {
    rows,
    load: async (offset: number): Promise<PageOf<string>> => ({
      items: rows.slice(offset, offset + 10),
      total: rows.length,
    }),
  };
}

function renderTable(data: ReturnType<typeof store>) {
  render(
    <PagedTable pageSize={10} load={data.load} pagerLabel="Row pages" emptyText="No rows">
      {(items, reload) => (
        <ul>
          {items.map((item) => (
            <li key={item}>
              {item}
              <button
                type="button"
                onClick={() => {
                  data.rows.splice(data.rows.indexOf(item), 1);
                  void reload();
                }}
              >
                Delete {item}
              </button>
            </li>
          ))}
        </ul>
      )}
    </PagedTable>,
  );
}

describe('PagedTable', () => {
  it('pages through every row with the total; Previous/Next end at the ends', async () => {
    const user = userEvent.setup();
    renderTable(store(25));
    const pager = await screen.findByRole('navigation', { name: 'Row pages' });
    expect(pager.textContent).toContain('Page 1 of 3');
    expect(pager.textContent).toContain('1–10 of 25');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await screen.findByText('row 11');
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await screen.findByText('row 21');
    expect(pager.textContent).toContain('Page 3 of 3');
    expect(pager.textContent).toContain('21–25 of 25');
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(within(pager).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });

  it('deleting the last row of the last page steps back to the page before', async () => {
    const user = userEvent.setup();
    renderTable(store(11));
    const pager = await screen.findByRole('navigation', { name: 'Row pages' });
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Delete row 11' }));
    await screen.findByText('row 10');
    expect(screen.getByRole('navigation', { name: 'Row pages' }).textContent).toContain('1–10 of 10');
    expect(screen.getByRole('navigation', { name: 'Row pages, end of list' }).textContent).toContain(
      'Page 1 of 1',
    );
  });

  it('says when there is nothing, and when a page fails to load', async () => {
    renderTable(store(0));
    expect(await screen.findByText('No rows')).toBeTruthy();
    cleanup();
    render(
      <PagedTable
        pageSize={10}
        load={() => Promise.reject(new Error('offline'))}
        pagerLabel="Row pages"
        emptyText="No rows"
        errorText="Failed to load rows"
      >
        {() => null}
      </PagedTable>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load rows');
  });
});
