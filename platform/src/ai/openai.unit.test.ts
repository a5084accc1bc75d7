import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ExtractedResume } from '@hireloop/contracts';
import { createAi } from './index';
import { createOpenAiAdapter } from './openai';
import { AiServiceError, type AiPort } from './types';

/*
 * The adapter through the real SDK against a local server that speaks the Chat Completions wire
 * format (POST /v1/chat/completions), so the request the production code sends and the way it
 * reads the answer are both checked.
 */

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  body: {
    model: string;
    messages: Array<{ role: string; content: unknown }>;
    response_format: { type: string; json_schema: { name: string; strict: boolean; schema: Record<string, unknown> } };
  };
}

type Answer = { status: number; body: unknown } | { hang: true };

let server: Server;
let baseURL: string;
let received: Received[] = [];
let answers: Answer[] = [];

const completion = (content: string, model = 'test-model') => ({
  id: 'chatcmpl-test',
  object: 'chat.completion',
  created: 1_764_000_000,
  model,
  choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' }],
  usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
});

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => resolve(text));
  });

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void readBody(request).then((text) => {
      received.push({ method: request.method ?? '', url: request.url ?? '', authorization: request.headers.authorization, body: JSON.parse(text) as Received['body'] });
      const answer = answers.shift() ?? { status: 500, body: { error: { message: 'no answer queued' } } };
      if ('hang' in answer) return; // never answers: the client's timeout must end it
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received = [];
  answers = [];
});

const adapter = (overrides: Partial<Parameters<typeof createOpenAiAdapter>[0]> = {}): AiPort =>
  createOpenAiAdapter({ apiKey: 'sk-test', baseURL, model: 'test-model', maxRetries: 0, ...overrides });

const extracted: ExtractedResume = {
  personalInfo: { name: 'Jane Smith', email: 'jane@example.com', phone: '', location: 'Austin, TX', linkedin: '', github: '' },
  summary: 'Backend engineer.',
  experience: [{ title: 'Software Engineer', company: 'Acme', duration: '2020 - Present', description: '', technologies: ['Python'] }],
  education: [{ degree: 'BSc Computer Science', institution: 'State University', year: '2019', gpa: '' }],
  skills: { technical: ['Python', 'FastAPI'], soft: ['Communication'] },
  certifications: [],
  projects: [],
  totalExperience: '5+ years',
  preferredRoles: ['Software Engineer'],
};

describe('the openai adapter', () => {
  it('asks for the extracted-resume JSON schema, strict, and returns the parsed answer', async () => {
    answers.push({ status: 200, body: completion(JSON.stringify(extracted)) });

    const result = await adapter().extractResume('Jane Smith\nSoftware Engineer at Acme');

    expect(result).toEqual(extracted);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/v1/chat/completions');
    expect(request!.authorization).toBe('Bearer sk-test');
    expect(request!.body.model).toBe('test-model');
    expect(request!.body.messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(request!.body.messages[1]!.content).toBe('Jane Smith\nSoftware Engineer at Acme');
    const format = request!.body.response_format;
    expect(format.type).toBe('json_schema');
    expect(format.json_schema.name).toBe('extracted_resume');
    expect(format.json_schema.strict).toBe(true);
    expect(format.json_schema.schema).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: expect.arrayContaining(['personalInfo', 'experience', 'education', 'skills', 'totalExperience']),
    });
  });

  it('sends an image as a vision input (a data URL) when reading a photographed resume', async () => {
    answers.push({ status: 200, body: completion(JSON.stringify(extracted)) });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

    await adapter().extractResumeFromImage!({ bytes: png, mediaType: 'image/png' });

    const content = received[0]!.body.messages[1]!.content as Array<{ type: string; image_url?: { url: string } }>;
    expect(content.map((part) => part.type)).toEqual(['text', 'image_url']);
    expect(content[1]!.image_url!.url).toBe(`data:image/png;base64,${Buffer.from(png).toString('base64')}`);
  });

  it('summarises from the non-identifying facts only and names the model', async () => {
    answers.push({
      status: 200,
      body: completion(JSON.stringify({ summaryText: 'A backend engineer.', strengths: ['Python'], fitRoles: ['Backend Engineer'] })),
    });

    const summary = await adapter().summarizeCandidate({
      title: 'Software Engineer',
      skills: ['Python'],
      experience: '5+ years',
      workPreference: 'remote',
      availability: 'immediate',
    });

    expect(summary).toEqual({ summaryText: 'A backend engineer.', strengths: ['Python'], fitRoles: ['Backend Engineer'], model: 'test-model' });
    expect(JSON.parse(received[0]!.body.messages[1]!.content as string)).toEqual({
      title: 'Software Engineer',
      skills: ['Python'],
      experience: '5+ years',
      workPreference: 'remote',
      availability: 'immediate',
    });
    expect(received[0]!.body.response_format.json_schema.name).toBe('candidate_summary');
  });

  it('turns a 500 into a clear error', async () => {
    answers.push({ status: 500, body: { error: { message: 'boom', type: 'server_error' } } });

    const error: unknown = await adapter().extractResume('text').catch((reason: unknown) => reason);

    expect(error).toBeInstanceOf(AiServiceError);
    expect((error as Error).message).toBe('The AI service answered with HTTP 500.');
  });

  it('refuses an answer that does not match the schema, saying where', async () => {
    answers.push({ status: 200, body: completion(JSON.stringify({ ...extracted, skills: 'Python' })) });

    const error: unknown = await adapter().extractResume('text').catch((reason: unknown) => reason);

    expect(error).toBeInstanceOf(AiServiceError);
    expect((error as Error).message).toBe('The AI service answered with data that does not match the expected shape (at skills).');
  });

  it('refuses an answer that is not JSON', async () => {
    answers.push({ status: 200, body: completion('Sure! Here is the resume: ...') });

    const error: unknown = await adapter().extractResume('text').catch((reason: unknown) => reason);

    expect((error as Error).message).toBe('The AI service answered with text that is not JSON.');
  });

  it('gives up after its timeout when the server never answers', async () => {
    answers.push({ hang: true });
    const started = Date.now();

    const error: unknown = await adapter({ timeoutMs: 300 }).extractResume('text').catch((reason: unknown) => reason);

    expect((error as Error).message).toBe('The AI service did not answer within 300 ms.');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('is the adapter AI_PROVIDER=openai chooses, with OPENAI_BASE_URL and OPENAI_MODEL', async () => {
    answers.push({ status: 200, body: completion(JSON.stringify(extracted)) });
    const ai = createAi({ AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-config', OPENAI_BASE_URL: baseURL, OPENAI_MODEL: 'configured-model', OPENAI_TIMEOUT_MS: 5_000 }, { now: () => new Date() });

    await ai.extractResume('text');

    expect(ai.provider).toBe('openai');
    expect(received[0]!.body.model).toBe('configured-model');
    expect(received[0]!.authorization).toBe('Bearer sk-config');
  });
});
