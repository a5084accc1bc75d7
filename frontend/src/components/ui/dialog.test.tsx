import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';

/** A dialog opened by state (no DialogTrigger), as the invitation page opens its availability dialog. */
function OpenedByState() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Change Availability
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Interview Availability</DialogTitle>
          <DialogDescription>When could you talk?</DialogDescription>
          <button type="button">Inside</button>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('a dialog opened by state gives the focus back to the button that opened it when it closes (ADR 118)', async () => {
    const user = userEvent.setup();
    render(<OpenedByState />);
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Change Availability' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Interview Availability' })).toBeInTheDocument();
    // The focus is in the dialog while it is open.
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change Availability' })).toHaveFocus();
  });
});
