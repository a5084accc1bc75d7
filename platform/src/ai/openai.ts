import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { z } from 'zod';
import { ExtractedResume } from '@hireloop/contracts';
import { AiServiceError, type AiPort, type CandidateFacts, type ResumeImage } from './types';

/*
 * The `openai` adapter of the AI port: Chat Completions with structured output. The answer's
 * JSON schema is made from the same zod schema the routes answer with (the SDK's
 * `zodResponseFormat`, which handles zod 4 since openai 6), strict, and the answer is parsed
 * with it again, so a server that ignores the schema (some local OpenAI-compatible servers do)
 * gives a clear error instead of a half-filled profile. `OPENAI_BASE_URL` points it at any
 * server speaking the same wire format.
 */

export const CandidateSummarySchema = z.object({
  summaryText: z.string(),
  strengths: z.array(z.string()),
  fitRoles: z.array(z.string()),
});

export interface OpenAiOptions {
  apiKey: string;
  /** Default: OpenAI's own API. */
  baseURL?: string;
  model: string;
  /** Per request (ms); a request that takes longer fails with an AiServiceError. */
  timeoutMs?: number;
  /** Retries of failed requests (the SDK's: connection errors, 408, 409, 429, 5xx). Default 1. */
  maxRetries?: number;
}

const EXTRACT_INSTRUCTIONS = [
  'You read resumes and return their facts as JSON matching the given schema.',
  'Copy what the resume says; never invent anything. Unknown text is the empty string, unknown lists are empty.',
  'experience lists jobs newest first, duration as written ("Jan 2020 - Present").',
  'totalExperience is the total years of work as text such as "5+ years", or "" without dates.',
  'preferredRoles starts with the headline under the name, else the latest job title.',
].join('\n');

const SUMMARY_INSTRUCTIONS = [
  'You write a short, factual summary of a job candidate for hiring companies, as JSON matching the given schema.',
  'Use only the facts given. Never invent employers, achievements, degrees or numbers.',
  'summaryText: two or three sentences. strengths: up to four short phrases. fitRoles: up to three job titles that fit these facts.',
].join('\n');

const describe = (error: unknown, timeoutMs: number): AiServiceError => {
  if (error instanceof AiServiceError) return error;
  if (error instanceof OpenAI.APIConnectionTimeoutError) return new AiServiceError(`The AI service did not answer within ${timeoutMs} ms.`, { cause: error });
  if (error instanceof OpenAI.APIConnectionError) return new AiServiceError('The AI service could not be reached.', { cause: error });
  if (error instanceof OpenAI.APIError) return new AiServiceError(`The AI service answered with HTTP ${error.status ?? 'error'}.`, { cause: error });
  if (error instanceof z.ZodError) {
    const where = error.issues.map((issue) => issue.path.join('.') || '(root)').slice(0, 5).join(', ');
    return new AiServiceError(`The AI service answered with data that does not match the expected shape (at ${where}).`, { cause: error });
  }
  if (error instanceof SyntaxError) return new AiServiceError('The AI service answered with text that is not JSON.', { cause: error });
  return new AiServiceError(`The AI service failed: ${error instanceof Error ? error.name : 'unknown error'}.`, { cause: error });
};

export function createOpenAiAdapter(options: OpenAiOptions): AiPort {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseURL, timeout: timeoutMs, maxRetries: options.maxRetries ?? 1 });

  async function ask<T extends z.ZodType>(schema: T, name: string, messages: ChatCompletionMessageParam[]): Promise<z.output<T>> {
    try {
      const completion = await client.chat.completions.parse({
        model: options.model,
        messages,
        temperature: 0,
        response_format: zodResponseFormat(schema, name),
      });
      const message = completion.choices[0]?.message;
      if (!message) throw new AiServiceError('The AI service answered without a message.');
      if (message.refusal) throw new AiServiceError('The AI service refused to answer.');
      if (message.parsed === null || message.parsed === undefined) throw new AiServiceError('The AI service answered without content.');
      // The SDK parsed with the schema already; parse again so the type is the schema's output.
      return schema.parse(message.parsed);
    } catch (error) {
      throw describe(error, timeoutMs);
    }
  }

  return {
    provider: 'openai',
    extractResume: (text) =>
      ask(ExtractedResume, 'extracted_resume', [
        { role: 'system', content: EXTRACT_INSTRUCTIONS },
        { role: 'user', content: text },
      ]),
    extractResumeFromImage: (image: ResumeImage) =>
      ask(ExtractedResume, 'extracted_resume', [
        { role: 'system', content: EXTRACT_INSTRUCTIONS },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'This image is a resume. Read it.' },
            { type: 'image_url', image_url: { url: `data:${image.mediaType};base64,${Buffer.from(image.bytes).toString('base64')}` } },
          ],
        },
      ]),
    async summarizeCandidate(facts: CandidateFacts) {
      const summary = await ask(CandidateSummarySchema, 'candidate_summary', [
        { role: 'system', content: SUMMARY_INSTRUCTIONS },
        {
          role: 'user',
          content: JSON.stringify({
            title: facts.title,
            skills: facts.skills,
            experience: facts.experience,
            workPreference: facts.workPreference,
            availability: facts.availability,
          }),
        },
      ]);
      return { ...summary, model: options.model };
    },
  };
}
