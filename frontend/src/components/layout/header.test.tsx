import type { User } from '@hireloop/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInRouter } from '../../testing/router';
import { Header } from './header';

const person = (role: User['role']): User => ({
  id: 'u1',
  userId: 'u1',
  name: 'Olive Ops',
  email: 'olive@example.com',
  type: 'candidate',
  role,
  isAdmin: role === 'admin' || role === 'super_admin',
  companyId: null,
  companyName: null,
  createdAt: '2026-11-01T00:00:00.000Z',
});

const renderHeader = (user: User | null) => renderInRouter(<Header user={user} isLoading={false} onSignIn={() => {}} onSignOut={() => {}} />);

describe('the header for admins (part 2, Dashboard)', () => {
  it.each(['admin', 'super_admin'] as const)('an %s sees the Admin Panel link and the Admin badge by their name', (role) => {
    renderHeader(person(role));
    expect(screen.getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin');
    expect(screen.getByText('Olive Ops')).toHaveTextContent('Olive OpsAdmin');
  });

  it('the signed-in person’s name leads to their Settings (ADR 080)', () => {
    renderHeader(person('candidate'));
    expect(screen.getByRole('link', { name: /^Olive Ops\s*\(Settings\)$/ })).toHaveAttribute('href', '/settings');
  });

  it.each(['candidate', 'company'] as const)('a %s sees neither', (role) => {
    renderHeader(person(role));
    expect(screen.queryByRole('link', { name: 'Admin Panel' })).not.toBeInTheDocument();
    expect(screen.queryByText('Admin')).not.toBeInTheDocument();
  });

  it('a visitor sees neither', () => {
    renderHeader(null);
    expect(screen.queryByRole('link', { name: 'Admin Panel' })).not.toBeInTheDocument();
  });
});

describe('the header while the session is being restored', () => {
  it('shows neither Sign In nor a visitor’s links (they keep their room, hidden), then the visitor’s header once known', () => {
    const view = renderInRouter(<Header user={null} isLoading onSignIn={() => {}} onSignOut={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main', hidden: true })).toHaveClass('invisible');
    view.unmount();
    renderHeader(null);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).not.toHaveClass('invisible');
  });
});
