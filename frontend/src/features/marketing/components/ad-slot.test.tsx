import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AdSlot, configuredAdNetwork, type AdNetwork } from './ad-slot';

function renderInRouter(node: ReactNode) {
  const rootRoute = createRootRoute({ component: () => node });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/jobs'] }) });
  render(<RouterProvider router={router} />);
}

describe('the job board ad slot (part 1 §2)', () => {
  it('shows Hireloop’s own promotions to a visitor when no network is configured, whatever the consent', async () => {
    for (const consent of ['accepted', 'declined', null] as const) {
      renderInRouter(<AdSlot audience="visitor" consent={consent} />);
      const slot = within(await screen.findByRole('region', { name: 'From Hireloop' }));
      expect(slot.getByRole('link', { name: 'Hire with Hireloop' })).toHaveAttribute('href', '/for-companies');
      expect(slot.getByRole('link', { name: 'Browse Candidates' })).toHaveAttribute('href', '/browse-candidates');
      document.body.innerHTML = '';
    }
  });

  it('sends a company to post a job from its dashboard', async () => {
    renderInRouter(<AdSlot audience="company" consent={null} />);
    const slot = within(await screen.findByRole('region', { name: 'From Hireloop' }));
    expect(slot.getByRole('link', { name: 'Post a Job' })).toHaveAttribute('href', '/dashboard');
  });

  it('loads a configured network only after cookies are accepted', async () => {
    const network: AdNetwork = { load: vi.fn() };
    renderInRouter(<AdSlot audience="visitor" consent={null} network={network} />);
    await screen.findByRole('region', { name: 'From Hireloop' });
    document.body.innerHTML = '';
    renderInRouter(<AdSlot audience="visitor" consent="declined" network={network} />);
    await screen.findByRole('region', { name: 'From Hireloop' });
    expect(network.load).not.toHaveBeenCalled();
    document.body.innerHTML = '';
    renderInRouter(<AdSlot audience="visitor" consent="accepted" network={network} />);
    await screen.findByRole('region', { name: 'Advertisement' });
    expect(network.load).toHaveBeenCalledTimes(1);
    expect(vi.mocked(network.load).mock.calls[0]![0]).toHaveAttribute('data-ad-slot');
  });

  it('has no network unless one is configured', () => {
    expect(configuredAdNetwork(undefined)).toBeNull();
    expect(configuredAdNetwork('')).toBeNull();
    expect(configuredAdNetwork('https://ads.example/loader.js')).not.toBeNull();
  });

  it('offers a candidate the AI onboarding, which says what Hireloop does at each step', async () => {
    const user = userEvent.setup({ delay: null });
    renderInRouter(<AdSlot audience="candidate" consent="declined" />);
    await user.click(await screen.findByRole('button', { name: 'Get Started' }));
    const dialogElement = await screen.findByRole('dialog', { name: 'Build your profile with AI' });
    // Radix makes the page inert first and the dialog clickable on its next render: click once it is (a loaded CI machine clicked in between).
    await waitFor(() => expect(dialogElement).toHaveStyle({ pointerEvents: 'auto' }));
    const dialog = within(dialogElement);
    expect(dialog.getByText('Step 1 of 3')).toBeInTheDocument();
    expect(dialog.getByRole('heading', { name: 'Upload your resume' })).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'Upload Resume' })).toHaveAttribute('href', '/resume-upload');
    expect(dialog.getByRole('link', { name: 'See a demo' })).toHaveAttribute('href', '/resume-demo');
    await user.click(dialog.getByRole('button', { name: 'Next' }));
    expect(dialog.getByRole('heading', { name: 'Answer a few questions' })).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    await user.click(dialog.getByRole('button', { name: 'Next' }));
    expect(dialog.getByRole('heading', { name: 'Get matched' })).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Back' }));
    expect(dialog.getByText('Step 2 of 3')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Next' }));
    await user.click(dialog.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
