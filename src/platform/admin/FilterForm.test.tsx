// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilterForm } from './FilterForm.tsx';

afterEach(cleanup);

function renderForm(type?: 'search') {
  const onApply = vi.fn<(text: string) => void>();
  render(
    <FilterForm
      formLabel="Search users"
      label="Name or email"
      placeholder="e.g. ada"
      submitLabel="Search"
      type={type}
      onApply={onApply}
    />,
  );
  return onApply;
}

describe('FilterForm', () => {
  it('applies what was typed only when the button is pressed', async () => {
    const onApply = renderForm();
    const input = screen.getByLabelText('Name or email');
    await userEvent.type(input, 'ada');
    expect(onApply).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onApply).toHaveBeenCalledExactlyOnceWith('ada');
  });

  it('applies on Enter, and an emptied input applies the empty text (the whole listing)', async () => {
    const onApply = renderForm('search');
    const input = screen.getByRole('searchbox', { name: 'Name or email' });
    await userEvent.type(input, 'bob{Enter}');
    await userEvent.clear(input);
    await userEvent.type(input, '{Enter}');
    expect(onApply.mock.calls).toEqual([['bob'], ['']]);
    expect(screen.getByRole('form', { name: 'Search users' })).toBeTruthy();
  });
});
