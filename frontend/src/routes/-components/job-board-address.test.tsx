import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JOB_BOARD_SEARCH_DEFAULTS } from '../../features/jobs/lib/board-search';
import { noJobs, renderJobBoard } from '../../testing/job-board';

/**
 * The address can lag behind what the board asked for (the router commits a navigation a few
 * ticks later, and later still on a busy machine). A change asked for meanwhile must build on the
 * newest state, not on the render's copy: CI once saw "rust" typed, "usa" entered in Location, and
 * the keywords' debounced change land on the old address, dropping the location.
 */
// The address never catches up in this test: `search` stays what the page first had.
const renderBoardWithLaggingAddress = () => renderJobBoard(JOB_BOARD_SEARCH_DEFAULTS, () => noJobs());

afterEach(() => vi.unstubAllGlobals());

describe('the board’s filters while the address catches up', () => {
  it('keeps a location entered with Enter when the keywords’ pause ends before the address changed', async () => {
    const user = userEvent.setup();
    const board = renderBoardWithLaggingAddress();
    await user.type(await screen.findByLabelText('Location'), 'usa{Enter}');
    expect(board.updates).toHaveLength(1);
    await user.type(screen.getByLabelText('Keywords'), 'rust');
    // The keywords are committed after the typing pause.
    await waitFor(() => expect(board.updates).toHaveLength(2));
    expect(board.finalSearch()).toMatchObject({ search: 'rust', location: 'usa', page: 1 });
  });

  it('Enter in one field searches with what both fields hold', async () => {
    const user = userEvent.setup();
    const board = renderBoardWithLaggingAddress();
    await user.type(await screen.findByLabelText('Keywords'), 'rust');
    await user.type(screen.getByLabelText('Location'), 'usa{Enter}');
    expect(board.finalSearch()).toMatchObject({ search: 'rust', location: 'usa', page: 1 });
  });
});
