import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createAi } from './index';

describe('choosing the AI adapter', () => {
  it('is the offline adapter unless configured otherwise', () => {
    const config = loadConfig({});
    expect(config.AI_PROVIDER).toBe('local');
    expect(createAi(config, { now: () => new Date() }).provider).toBe('local');
    expect(config.RESUME_EXTRACTION_TIMEOUT_MS).toBe(15_000);
  });

  it('openai needs a key or a server of its own, and a real URL', () => {
    expect(() => loadConfig({ AI_PROVIDER: 'openai' })).toThrow('AI_PROVIDER=openai needs OPENAI_API_KEY (or OPENAI_BASE_URL for a local server)');
    expect(() => loadConfig({ AI_PROVIDER: 'openai', OPENAI_BASE_URL: 'not a url' })).toThrow('OPENAI_BASE_URL must be a URL');
    expect(() => loadConfig({ AI_PROVIDER: 'gemini' })).toThrow(/AI_PROVIDER/);
    const local = loadConfig({ AI_PROVIDER: 'openai', OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1', OPENAI_MODEL: 'llama3' });
    expect(createAi(local, { now: () => new Date() }).provider).toBe('openai');
  });
});
