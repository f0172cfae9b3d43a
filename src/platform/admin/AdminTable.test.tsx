// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminTable } from './AdminTable.tsx';

afterEach(cleanup);

describe('AdminTable', () => {
  it("names each column, and a row's cells are found by its column's name", () => {
    render(
      <AdminTable columns={['rank', 'player_name']}>
        <tr>
          <td>1</td>
          <td>Ada</td>
        </tr>
      </AdminTable>,
    );
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['rank', 'player_name']);
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', 'Ada']);
  });

  it('gives the row buttons a last column named Actions for screen readers only', () => {
    render(
      <AdminTable columns={['game_id']} actions>
        <tr>
          <td>whac-a-moji</td>
          <td>
            <button type="button">Delete</button>
          </td>
        </tr>
      </AdminTable>,
    );
    const last = screen.getAllByRole('columnheader').at(-1);
    expect(last?.textContent).toBe('Actions');
    expect(last?.firstElementChild?.className).toBe('pf-visually-hidden');
  });

  it("sets the numeric columns' names right, over their figures", () => {
    render(
      <AdminTable columns={['game_id', 'total_scores']} numeric={['total_scores']}>
        <tr>
          <th scope="row">whac-a-moji</th>
          <td className="admin-num">12</td>
        </tr>
      </AdminTable>,
    );
    const [name, total] = screen.getAllByRole('columnheader');
    expect(name.className).toBe('');
    expect(total.className).toBe('admin-num');
  });

  it('has no Actions column unless asked', () => {
    render(
      <AdminTable columns={['When', 'Who']}>
        <tr>
          <td>today</td>
          <td>admin</td>
        </tr>
      </AdminTable>,
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['When', 'Who']);
  });
});
