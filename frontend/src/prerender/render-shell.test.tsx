import { afterEach, describe, expect, it, vi } from 'vitest';
import { within } from '@testing-library/react';
import { AUTH_TOKEN_KEY } from '../lib/auth-token';
import { renderShell } from './render-shell';

/*
 * The /jobs first screen as the build renders it (ADR 086), sent to visitors and signed-in people
 * alike before any script runs: its header must not show a visitor's header (Sign In, the
 * visitor's links) to someone signed in, so it stays neutral until the app knows the session.
 */
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function shellOf(url: string) {
  // As at build time: the page's reads never answer.
  vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));
  const root = document.createElement('div');
  root.innerHTML = await renderShell(url);
  return root;
}

describe('the pre-rendered /jobs shell', () => {
  it('keeps the header neutral: no Sign In, the links hidden, even where a token is stored', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'a-signed-in-person');
    const shell = await shellOf('/jobs');
    const header = shell.querySelector('header')!;
    expect(header).not.toBeNull();
    expect(within(header).queryByRole('button', { name: 'Sign In' })).toBeNull();
    expect(header.textContent).not.toContain('Sign In');
    // The links keep their room (no shift when the real ones come) but are not shown or announced.
    expect(header.querySelector('nav[aria-label="Main"]')).toHaveClass('invisible');
    // The board itself is still there to paint: its heading and its loading list.
    expect(within(shell).getByRole('heading', { level: 1 })).toHaveTextContent('Find your next tech job');
  });
});
