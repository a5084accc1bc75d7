import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { Label } from './label';

/** The kit's Button `asChild` and Label, written without Radix's Slot and Label (ADR 095), behave as Radix's did. */
describe('a Button rendered as its child', () => {
  it('renders the child element with the button\'s look and its own classes, attributes and text', () => {
    render(
      <Button variant="outline" asChild className="w-full">
        <a href="/pricing" className="underline" aria-label="See the plans">
          Plans
        </a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'See the plans' });
    expect(link).toHaveAttribute('href', '/pricing');
    expect(link).toHaveTextContent('Plans');
    expect(link).toHaveClass('border-input', 'w-full', 'underline');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('runs both click handlers, the child\'s first, and sets both refs', async () => {
    const calls: string[] = [];
    const buttonRef = createRef<HTMLButtonElement>();
    const linkRef = createRef<HTMLAnchorElement>();
    render(
      <Button asChild ref={buttonRef} onClick={() => calls.push('button')}>
        <a href="#apply" ref={linkRef} onClick={(event) => { event.preventDefault(); calls.push('link'); }}>
          Apply
        </a>
      </Button>,
    );
    await userEvent.setup().click(screen.getByRole('link', { name: 'Apply' }));
    expect(calls).toEqual(['link', 'button']);
    expect(buttonRef.current).toBe(screen.getByRole('link', { name: 'Apply' }));
    expect(linkRef.current).toBe(screen.getByRole('link', { name: 'Apply' }));
  });

  it('takes what a Radix trigger gives it (a tooltip opens on focus of the link)', async () => {
    render(
      <TooltipPrimitive.Provider delayDuration={0}>
        <TooltipPrimitive.Root>
          <TooltipPrimitive.Trigger asChild>
            <Button asChild>
              <a href="/jobs">Jobs</a>
            </Button>
          </TooltipPrimitive.Trigger>
          <TooltipPrimitive.Content>Every open job</TooltipPrimitive.Content>
        </TooltipPrimitive.Root>
      </TooltipPrimitive.Provider>,
    );
    await userEvent.setup().tab();
    expect(screen.getByRole('link', { name: 'Jobs' })).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Every open job');
  });
});

describe('a Label', () => {
  it('names its control and keeps a double click from selecting its text, but not a click', () => {
    const onMouseDown = vi.fn();
    render(
      <>
        <Label htmlFor="location" onMouseDown={onMouseDown}>
          Location
        </Label>
        <input id="location" />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Location' })).toBeInTheDocument();
    const label = screen.getByText('Location');
    expect(fireEvent.mouseDown(label, { detail: 1 })).toBe(true);
    expect(fireEvent.mouseDown(label, { detail: 2 })).toBe(false);
    expect(onMouseDown).toHaveBeenCalledTimes(2);
  });
});
