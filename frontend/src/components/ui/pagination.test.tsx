import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';

function renderPagination(props: { page: number; pageCount: number; disabled?: boolean }) {
  const onPageChange = vi.fn();
  render(<Pagination {...props} onPageChange={onPageChange} />);
  return { onPageChange, user: userEvent.setup() };
}

const pagination = () => screen.getByRole('navigation', { name: 'Pagination' });

/** The numbered page buttons, by the names a screen reader reads out. */
const pageButtonNames = () =>
  within(pagination())
    .getAllByRole('button', { name: /^Page \d+$/ })
    .map((button) => button.getAttribute('aria-label'));

describe('pagination', () => {
  it('is not shown when everything fits on one page', () => {
    renderPagination({ page: 1, pageCount: 1 });
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('on the first of 20 pages shows Previous disabled, pages 1 to 5 with page 1 current, and Next', () => {
    renderPagination({ page: 1, pageCount: 20 });
    const nav = within(pagination());
    expect(nav.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(nav.getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(pageButtonNames()).toEqual(['Page 1', 'Page 2', 'Page 3', 'Page 4', 'Page 5']);
    expect(nav.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('button', { name: 'Page 1' })).toHaveTextContent('1');
    expect(nav.getByRole('button', { name: 'Page 2' })).not.toHaveAttribute('aria-current');
  });

  it('keeps the current page in the middle of at most five page buttons', () => {
    renderPagination({ page: 10, pageCount: 20 });
    expect(pageButtonNames()).toEqual(['Page 8', 'Page 9', 'Page 10', 'Page 11', 'Page 12']);
    expect(screen.getByRole('button', { name: 'Page 10' })).toHaveAttribute('aria-current', 'page');
  });

  it('on the last page shows the last five pages and disables Next', () => {
    renderPagination({ page: 20, pageCount: 20 });
    expect(pageButtonNames()).toEqual(['Page 16', 'Page 17', 'Page 18', 'Page 19', 'Page 20']);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
  });

  it('shows only as many page buttons as there are pages', () => {
    renderPagination({ page: 2, pageCount: 3 });
    expect(pageButtonNames()).toEqual(['Page 1', 'Page 2', 'Page 3']);
  });

  it('asks for the page a visitor clicks, the next and the previous one', async () => {
    const { onPageChange, user } = renderPagination({ page: 10, pageCount: 20 });
    await user.click(screen.getByRole('button', { name: 'Page 12' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange.mock.calls).toEqual([[12], [11], [9]]);
  });

  it('does not reload the page a visitor is already on', async () => {
    const { onPageChange, user } = renderPagination({ page: 3, pageCount: 5 });
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('can be paged with the keyboard alone', async () => {
    const { onPageChange, user } = renderPagination({ page: 1, pageCount: 4 });
    // Previous is disabled, so the first stop is the current page, then page 2.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveFocus();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('while the next page loads, offers no other page', async () => {
    const { onPageChange, user } = renderPagination({ page: 2, pageCount: 5, disabled: true });
    for (const name of ['Previous', 'Next', 'Page 1', 'Page 3']) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
    }
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange).not.toHaveBeenCalled();
  });
});
