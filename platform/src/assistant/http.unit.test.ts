import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { createHttpAssistant } from './http';
import { startAssistantStandIn } from './stand-in-server';
import { AssistantRefusedError, AssistantUnavailableError } from './types';

/** The `http` adapter on its production path, against a stand-in speaking the provider's protocol (ADR 043). */
let standIn: Awaited<ReturnType<typeof startAssistantStandIn>>;
let odd: Server;
let oddUrl: string;
const call = { request: {} as FastifyRequest };

beforeAll(async () => {
  standIn = await startAssistantStandIn({ userToken: 'ut', apiKey: 'ak', deploymentKey: 'dk', user: { id: 'ms-1', email: 'a@b.example', name: 'A' } });
  // A server that answers HTML, or nothing for a long while under /slow/.
  odd = createServer((request, response) => {
    if (request.url?.startsWith('/slow/')) return void setTimeout(() => response.end('{}'), 2_000);
    response.setHeader('content-type', 'text/html');
    response.end('<html>maintenance</html>');
  });
  await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
  oddUrl = `http://127.0.0.1:${(odd.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await standIn?.close();
  await new Promise((resolve) => odd?.close(resolve));
});

describe('the http assistant adapter', () => {
  it('authenticates with the user credentials in the body only, and refuses quietly', async () => {
    const assistant = createHttpAssistant({ baseUrl: `${standIn.url}/`, apiKey: 'dk', timeoutMs: 5_000 });
    expect(await assistant.authenticate({ userToken: 'ut', apiKey: 'ak' }, call)).toEqual({ id: 'ms-1', email: 'a@b.example', name: 'A' });
    expect(await assistant.authenticate({ userToken: 'ut', apiKey: 'nope' }, call)).toBeNull();
    expect(standIn.received.filter((request) => request.path === '/auth').every((request) => request.authorization === undefined)).toBe(true);
  });

  it('sends the deployment key elsewhere; a refusal keeps its status and text', async () => {
    const assistant = createHttpAssistant({ baseUrl: standIn.url, apiKey: 'dk', timeoutMs: 5_000 });
    expect(await assistant.searchJobs({ query: 'Go', preferences: {} }, call)).toMatchObject({ total: 1 });
    await expect(assistant.applyToJob({ job_id: 'closed' }, call)).rejects.toEqual(new AssistantRefusedError(409, 'This job is closed'));
    const withoutKey = createHttpAssistant({ baseUrl: standIn.url, timeoutMs: 5_000 });
    await expect(withoutKey.searchJobs({ query: 'Go', preferences: {} }, call)).rejects.toBeInstanceOf(AssistantRefusedError);
  });

  it('an answer it cannot read, a 5xx, a timeout or no server at all is "unavailable"', async () => {
    await expect(createHttpAssistant({ baseUrl: `${oddUrl}/html`, timeoutMs: 5_000 }).generateInvite({ email: 'a@b.example', name: 'A' }, call)).rejects.toBeInstanceOf(AssistantUnavailableError);
    await expect(createHttpAssistant({ baseUrl: `${oddUrl}/slow`, timeoutMs: 200 }).autoAuth({ mysalt_user_id: 'x', email: 'a@b.example' }, call)).rejects.toBeInstanceOf(AssistantUnavailableError);
    standIn.failNext(1);
    await expect(createHttpAssistant({ baseUrl: standIn.url, apiKey: 'dk', timeoutMs: 5_000 }).searchJobs({ query: '', preferences: {} }, call)).rejects.toBeInstanceOf(AssistantUnavailableError);
    await expect(createHttpAssistant({ baseUrl: 'http://127.0.0.1:1', timeoutMs: 1_000 }).authenticate({ userToken: 'ut', apiKey: 'ak' }, call)).rejects.toBeInstanceOf(AssistantUnavailableError);
  });
});
