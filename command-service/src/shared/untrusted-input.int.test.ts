import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestCommandApp, candidate, company } from './test-app';

/**
 * What the security test sent to the command routes that made them fail (500) or answer in a
 * shape the product does not use: text that is not text, URLs that do not decode, and bodies
 * fastify itself refuses. Every answer is a 400-class error in the product shape.
 */
let ctx: Awaited<ReturnType<typeof buildTestCommandApp>>;
beforeEach(async () => {
  ctx = await buildTestCommandApp();
});
afterEach(async () => {
  await ctx.app.close();
});

const NOT_ALLOWED = 'contains a character that is not allowed (a NUL character or an unpaired UTF-16 surrogate).';
const json = { 'content-type': 'application/json' };
const send = (method: 'POST' | 'PATCH', url: string, payload: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, payload, headers: { ...json, ...headers } });
const eventTypes = async () => (await ctx.deps.eventStore.readAll('')).events.map((event) => event.type);

async function signedInCompany() {
  const response = await send('POST', '/api/auth/company/signup', JSON.stringify(company));
  expect(response.statusCode).toBe(201);
  return { authorization: `Bearer ${response.json().token}` };
}

const job = { title: 'Data Engineer', location: 'Austin, TX', description: 'Own the pipelines.' };

describe('text that is not text', () => {
  it('a signed-in company cannot post a job whose title holds a NUL character', async () => {
    const auth = await signedInCompany();
    const response = await send('POST', '/api/jobs', JSON.stringify({ ...job, title: 'a\u0000b' }), auth);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: `title ${NOT_ALLOWED}` });
    expect(await eventTypes()).not.toContain('JobPosted');
  });

  it('sign-up refuses a name with an unpaired surrogate, written as a JSON escape', async () => {
    const response = await send('POST', '/api/auth/candidate/signup', `{"name":"Ada \\uD800","email":"ada@example.com","password":"correct horse battery"}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: `name ${NOT_ALLOWED}` });
    expect(await eventTypes()).toEqual([]);
  });

  it('names the list item or nested field that holds the bad text, and checks keys too', async () => {
    const skills = await send('POST', '/api/auth/candidate/signup', JSON.stringify({ ...candidate, skills: ['SQL', 'Py\u0000thon'] }));
    expect(skills.json().error).toBe(`skills.1 ${NOT_ALLOWED}`);
    const key = await send('POST', '/api/auth/login', '{"email":"ada@example.com","password":"x","\\udfff":1}');
    expect(key.statusCode).toBe(400);
    expect(key.json().error).toBe(`\udfff ${NOT_ALLOWED}`);
  });

  it('refuses a NUL character in a path parameter or a query value', async () => {
    const auth = await signedInCompany();
    const inPath = await send('POST', '/api/jobs/%00/close', '{}', auth);
    expect(inPath.statusCode).toBe(400);
    expect(inPath.json()).toEqual({ success: false, error: `The address ${NOT_ALLOWED}` });
    const inQuery = await send('POST', '/api/auth/login?next=%00', JSON.stringify({ email: candidate.email, password: candidate.password }));
    expect(inQuery.statusCode).toBe(400);
    expect(inQuery.json()).toEqual({ success: false, error: `next ${NOT_ALLOWED}` });
  });

  it('still takes text in any script, with emoji and line breaks', async () => {
    const response = await send('POST', '/api/auth/candidate/signup', JSON.stringify({ ...candidate, name: 'Zoë Ōkafor 张伟 🚀', currentRole: 'Engineer\nand mentor' }));
    expect(response.statusCode).toBe(201);
    expect(response.json().user.name).toBe('Zoë Ōkafor 张伟 🚀');
  });

  it.each(['/api/jobs/%ED%A0%80/close', '/api/jobs/%E0%A4%A/close'])('answers %s, whose encoding is not UTF-8, in the product shape', async (url) => {
    const response = await send('POST', url, '{}', await signedInCompany());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: 'The address is not valid: a percent-encoded part of it is not UTF-8 text.' });
  });
});

describe("fastify's own errors", () => {
  it('a body over the limit is a 413 that says what the limit is', async () => {
    const response = await send('POST', '/api/auth/candidate/signup', JSON.stringify({ ...candidate, name: 'A'.repeat(1_100_000) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ success: false, error: 'The request body is too large (the limit is 1 MB).' });
  });

  it('a body that is not JSON by its content type is a 415 that says to send JSON', async () => {
    for (const contentType of ['application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x']) {
      const response = await send('POST', '/api/auth/login', 'email=ada@example.com', { 'content-type': contentType });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ success: false, error: 'This content type is not supported: send the request body as JSON (Content-Type: application/json).' });
    }
  });

  it('malformed and empty JSON bodies are 400s that say so', async () => {
    for (const payload of ['{"email":', '{"email": "a" "b"}', '\u0000']) {
      const response = await send('POST', '/api/auth/login', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, error: 'The request body is not valid JSON.' });
    }
    const empty = await send('POST', '/api/auth/login', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ success: false, error: 'The request body is empty; send a JSON object.' });
  });

  it('a body shorter than its Content-Length is a 400 in the product shape', async () => {
    const response = await send('POST', '/api/auth/login', '{"email":"a"}', { 'content-length': '5' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: 'The request body does not match its Content-Length header.' });
  });
});
