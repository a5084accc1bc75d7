import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { assistantFrameOrigins, assistantSettings, createAssistant, DEFAULT_ASSISTANT_SETTINGS } from './index';

describe('choosing the AI assistant', () => {
  it('is the built-in provider at /api/mysalt, with its own pages, unless configured otherwise', () => {
    const config = loadConfig({});
    expect(createAssistant(config)).toBeNull();
    expect(assistantSettings(config)).toEqual(DEFAULT_ASSISTANT_SETTINGS);
    expect(DEFAULT_ASSISTANT_SETTINGS).toEqual({
      path: 'mysalt',
      name: 'MySALT AI',
      signInUrl: '/api/mysalt/frame/sign-in',
      signUpUrl: '/api/mysalt/frame/sign-up',
      dashboardUrl: '/dashboard',
      origin: '',
    });
    expect(assistantFrameOrigins(DEFAULT_ASSISTANT_SETTINGS)).toEqual([]);
  });

  it('an external provider: the http adapter, its pages framable, their origin trusted', () => {
    const config = loadConfig({
      ASSISTANT_API_URL: 'https://api.assistant.example/v1',
      ASSISTANT_PATH: 'helper',
      ASSISTANT_SIGNIN_URL: 'https://app.assistant.example/signin',
      ASSISTANT_SIGNUP_URL: 'https://join.assistant.example/signup',
    });
    expect(createAssistant(config)?.kind).toBe('http');
    const settings = assistantSettings(config);
    expect(settings).toMatchObject({ path: 'helper', origin: 'https://app.assistant.example' });
    expect(assistantFrameOrigins(settings)).toEqual(['https://app.assistant.example', 'https://join.assistant.example']);
    expect(assistantSettings(loadConfig({ ASSISTANT_SIGNIN_URL: 'https://a.example/x', ASSISTANT_ORIGIN: 'https://b.example' })).origin).toBe('https://b.example');
  });

  it('refuses a path Hireloop uses, a path that is not a segment, and an origin with a path', () => {
    expect(() => loadConfig({ ASSISTANT_PATH: 'auth' })).toThrow('ASSISTANT_PATH must not be a path Hireloop already uses');
    expect(() => loadConfig({ ASSISTANT_PATH: 'api-keys' })).toThrow(/ASSISTANT_PATH/);
    expect(() => loadConfig({ ASSISTANT_PATH: 'my/salt' })).toThrow(/ASSISTANT_PATH must be lower-case/);
    expect(() => loadConfig({ ASSISTANT_ORIGIN: 'https://a.example/path' })).toThrow(/ASSISTANT_ORIGIN must be an origin/);
    expect(() => loadConfig({ ASSISTANT_API_URL: 'not a url' })).toThrow('ASSISTANT_API_URL must be a URL');
  });
});
