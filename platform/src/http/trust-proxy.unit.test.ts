import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createBaseApp } from './app';

/** The client address a service sees with a TRUST_PROXY setting (ADR 051). */
async function addressSeen(trustProxy: string, remoteAddress: string, forwardedFor?: string) {
  const app = createBaseApp({ trustProxy: loadConfig({ TRUST_PROXY: trustProxy }).TRUST_PROXY });
  app.get('/whoami', async (request) => ({ ip: request.ip }));
  try {
    const response = await app.inject({ method: 'GET', url: '/whoami', remoteAddress, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });
    return response.json<{ ip: string }>().ip;
  } finally {
    await app.close();
  }
}

describe('the client address under TRUST_PROXY', () => {
  it('is the socket\'s peer when no hop is trusted, whatever the header says', async () => {
    expect(await addressSeen('false', '203.0.113.1', '198.51.100.1')).toBe('203.0.113.1');
  });

  it('is the entry the trusted hops added, not the left-most one a client can write', async () => {
    expect(await addressSeen('1', '127.0.0.1', '198.51.100.1')).toBe('198.51.100.1');
    expect(await addressSeen('1', '127.0.0.1', '198.51.100.66, 198.51.100.1')).toBe('198.51.100.1');
    expect(await addressSeen('2', '127.0.0.1', '198.51.100.66, 198.51.100.2, 10.0.0.5')).toBe('198.51.100.2');
  });

  it('takes the header only from a listed proxy address', async () => {
    expect(await addressSeen('127.0.0.1', '127.0.0.1', '198.51.100.1')).toBe('198.51.100.1');
    expect(await addressSeen('127.0.0.1', '203.0.113.1', '198.51.100.1')).toBe('203.0.113.1');
    expect(await addressSeen('10.0.0.0/8', '10.1.2.3', '198.51.100.66, 198.51.100.3')).toBe('198.51.100.3');
  });
});
