import type { User } from '@hireloop/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonAnswer, stubFetch } from '../../../testing/fetch-stub';
import { ApiKeysCard } from './api-keys-card';

const { calls, answers } = stubFetch();
const lena = { id: 'u-lena', type: 'candidate', role: 'candidate' } as User;
const MCP_URL = 'http://hireloop.test/api/mcp';
const existing = { id: 'k-1', name: 'Claude Desktop', prefix: 'hlk_AbCdEfGh', createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt: '2026-11-25T10:00:00.000Z', expiresAt: '2099-02-18T10:00:00.000Z' };

function renderCard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ApiKeysCard user={lena} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup({ delay: null }) };
}

describe('AI assistant access (API keys)', () => {
  it('shows the MCP endpoint and lists the keys by name, prefix and dates, and when each expires (never a whole key)', async () => {
    const expired = { ...existing, id: 'k-0', name: 'Old laptop', lastUsedAt: null, expiresAt: '2026-01-01T10:00:00.000Z' };
    const forever = { ...existing, id: 'k-9', name: 'Server', expiresAt: null };
    answers.push(jsonAnswer(200, { keys: [existing, expired, forever], mcpUrl: MCP_URL }));
    renderCard();
    const list = await screen.findByRole('list', { name: 'Your API keys' });
    const [item, old, server] = within(list).getAllByRole('listitem');
    expect(item).toHaveTextContent('Claude Desktop');
    expect(item).toHaveTextContent('hlk_AbCdEfGh… · created November 20, 2026 · last used November 25, 2026 · expires February 18, 2099');
    expect(old).toHaveTextContent('never used · expired January 1, 2026');
    expect(server).toHaveTextContent('· never expires');
    expect(screen.getByLabelText('MCP endpoint')).toHaveValue(MCP_URL);
    expect(calls.map((call) => call.url)).toEqual(['/api/api-keys']);
  });

  it('creates a key, shows it once with a copy button, and forgets it when dismissed', async () => {
    const key = `hlk_${'x'.repeat(43)}`;
    const created = { id: 'k-2', name: 'My assistant', prefix: key.slice(0, 12), createdAt: '2026-11-26T10:00:00.000Z', lastUsedAt: null, expiresAt: null };
    answers.push(
      jsonAnswer(200, { keys: [], mcpUrl: MCP_URL }),
      jsonAnswer(201, { ...created, key, mcpUrl: MCP_URL }),
      jsonAnswer(200, { keys: [created], mcpUrl: MCP_URL }),
    );
    const { user } = renderCard();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(screen.getByText('Please give the key a name')).toBeInTheDocument();
    expect(calls).toHaveLength(1);

    await user.type(screen.getByLabelText('Key name'), '  My assistant ');
    // 90 days unless the candidate chooses another lifetime.
    expect(screen.getByLabelText('Expires after')).toHaveValue('90');
    expect([...screen.getByLabelText('Expires after').querySelectorAll('option')].map((option) => option.textContent)).toEqual(['30 days', '90 days', '1 year', 'Never']);
    await user.selectOptions(screen.getByLabelText('Expires after'), 'Never');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const field = await screen.findByLabelText('API key');
    expect(field).toHaveValue(key);
    expect(calls[1]!.init.method).toBe('POST');
    expect(JSON.parse(String(calls[1]!.init.body))).toEqual({ name: 'My assistant', expiresInDays: null });
    expect(calls[1]!.init.cache).toBe('no-store');

    await user.click(screen.getByRole('button', { name: 'Copy api key' }));
    expect(writeText).toHaveBeenCalledWith(key);
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Revoke My assistant' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByLabelText('API key')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(key);
  });

  it('revokes a key and lists what is left', async () => {
    answers.push(jsonAnswer(200, { keys: [existing], mcpUrl: MCP_URL }), jsonAnswer(200, { success: true }), jsonAnswer(200, { keys: [], mcpUrl: MCP_URL }));
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Revoke Claude Desktop' }));
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
    expect(calls.map((call) => [call.init.method ?? 'GET', call.url])).toEqual([
      ['GET', '/api/api-keys'],
      ['DELETE', '/api/api-keys/k-1'],
      ['GET', '/api/api-keys'],
    ]);
  });

  it('says what went wrong when a key cannot be created', async () => {
    answers.push(jsonAnswer(200, { keys: [], mcpUrl: MCP_URL }), jsonAnswer(409, { success: false, error: 'You can have at most 10 API keys. Revoke one first.' }));
    const { user } = renderCard();
    await user.type(await screen.findByLabelText('Key name'), 'One more');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You can have at most 10 API keys. Revoke one first.');
  });
});
