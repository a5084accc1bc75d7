import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const problem = (env: NodeJS.ProcessEnv) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
};

describe('EVENT_STORE and KURRENTDB_URL (ADR 075)', () => {
  it('keeps the log on PostgreSQL by default, or when asked', () => {
    expect(loadConfig({}).eventStore).toEqual({ kind: 'postgres' });
    expect(loadConfig({ EVENT_STORE: 'postgres' }).eventStore).toEqual({ kind: 'postgres' });
    expect(loadConfig({ EVENT_STORE: ' ', KURRENTDB_URL: '' }).eventStore).toEqual({ kind: 'postgres' });
  });

  it('keeps it on KurrentDB when asked with its URL, or when only KURRENTDB_URL is set', () => {
    const url = 'kurrentdb://kurrentdb:2113?tls=false';
    expect(loadConfig({ EVENT_STORE: 'kurrentdb', KURRENTDB_URL: url }).eventStore).toEqual({ kind: 'kurrentdb', url });
    expect(loadConfig({ KURRENTDB_URL: url }).eventStore).toEqual({ kind: 'kurrentdb', url });
    expect(loadConfig({ KURRENTDB_URL: 'kurrentdb+discover://admin:changeit@node1:2113,node2:2113' }).eventStore).toMatchObject({ kind: 'kurrentdb' });
  });

  it('stops start-up on a value it does not know, naming EVENT_STORE and what it takes', () => {
    expect(problem({ EVENT_STORE: 'eventstoredb' })).toBe('Invalid configuration: EVENT_STORE must be postgres or kurrentdb, not "eventstoredb"');
    expect(problem({ EVENT_STORE: 'KurrentDB', KURRENTDB_URL: 'kurrentdb://k:2113' })).toContain('EVENT_STORE must be postgres or kurrentdb');
  });

  it('stops start-up on kurrentdb without a URL, or a URL that is not KurrentDB\'s (without echoing it)', () => {
    expect(problem({ EVENT_STORE: 'kurrentdb' })).toBe('Invalid configuration: EVENT_STORE=kurrentdb needs KURRENTDB_URL (such as kurrentdb://127.0.0.1:2113?tls=false)');
    const message = problem({ KURRENTDB_URL: 'postgres://admin:secret@db:5432/hireloop' });
    expect(message).toContain('KURRENTDB_URL must be a KurrentDB connection string');
    expect(message).not.toContain('secret');
  });

  it('stops start-up when the settings contradict each other instead of ignoring one', () => {
    expect(problem({ EVENT_STORE: 'postgres', KURRENTDB_URL: 'kurrentdb://k:2113' })).toBe(
      'Invalid configuration: EVENT_STORE=postgres but KURRENTDB_URL is set; unset KURRENTDB_URL, or set EVENT_STORE=kurrentdb',
    );
  });
});
