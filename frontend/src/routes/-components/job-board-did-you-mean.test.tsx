import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JOB_BOARD_SEARCH_DEFAULTS, type JobBoardSearch } from '../../features/jobs/lib/board-search';
import { noJobs, renderJobBoard } from '../../testing/job-board';

/** "Did you mean kubernetes?" (ADR 090): the board shows the server's suggestion, and one click searches it. */
const renderBoard = (search: JobBoardSearch, didYouMean: string | null) =>
  renderJobBoard(search, () => noJobs(didYouMean === null ? {} : { 'x-did-you-mean': encodeURIComponent(didYouMean) }));

afterEach(() => vi.unstubAllGlobals());

describe('the board’s "Did you mean"', () => {
  it('offers the suggested search when nothing matched, and searches it on a click, from page 1', async () => {
    const user = userEvent.setup();
    const board = renderBoard({ ...JOB_BOARD_SEARCH_DEFAULTS, search: 'kubernets zürch', location: 'berlin', page: 3 }, 'kubernetes zürich');
    await screen.findByText('No jobs found');
    expect(board.asked.some((url) => url.includes('search=kubernets'))).toBe(true);
    const suggestion = screen.getByRole('button', { name: 'kubernetes zürich' });
    expect(suggestion.parentElement).toHaveTextContent('Did you mean kubernetes zürich?');
    await user.click(suggestion);
    expect(board.finalSearch()).toMatchObject({ search: 'kubernetes zürich', location: 'berlin', page: 1 });
  });

  it('says nothing more when the server suggests nothing', async () => {
    renderBoard({ ...JOB_BOARD_SEARCH_DEFAULTS, search: 'xyzzyq' }, null);
    await screen.findByText('No jobs found');
    expect(screen.queryByText(/Did you mean/)).toBeNull();
  });
});
