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

describe('TRUST_PROXY (ADR 051)', () => {
  it('trusts no hop by default, or when false or 0', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
  });

  it('takes a number of hops, or addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).TRUST_PROXY).toEqual(['127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, ::1 ,fd00::/8,loopback' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
  });

  it('refuses true, which would let any client name its own address, saying what to set instead', () => {
    const message = problem({ TRUST_PROXY: 'true' });
    expect(message).toContain('TRUST_PROXY');
    expect(message).toContain('1 behind `serve gateway`');
  });

  it('refuses what is not an address, a CIDR or a hop count, naming it', () => {
    expect(problem({ TRUST_PROXY: 'gateway.internal' })).toMatch(/TRUST_PROXY.*"gateway\.internal"/);
    expect(problem({ TRUST_PROXY: '10.0.0.0/33' })).toMatch(/TRUST_PROXY.*"10\.0\.0\.0\/33"/);
    expect(problem({ TRUST_PROXY: '127.0.0.1,yes' })).toMatch(/TRUST_PROXY.*"yes"/);
    expect(problem({ TRUST_PROXY: '99' })).toMatch(/TRUST_PROXY must be at most 10 hops/);
  });
});

describe('GATEWAY_QUERY_URL and GATEWAY_COMMAND_URL', () => {
  it('takes one command service and one or more query services, as absolute http(s) URLs', () => {
    const config = loadConfig({ GATEWAY_QUERY_URL: 'http://127.0.0.1:3602, http://10.0.0.7:3602/', GATEWAY_COMMAND_URL: 'https://commands.internal:3601' });
    expect(config.GATEWAY_QUERY_URL).toEqual(['http://127.0.0.1:3602', 'http://10.0.0.7:3602']);
    expect(config.GATEWAY_COMMAND_URL).toBe('https://commands.internal:3601');
    expect(loadConfig({}).GATEWAY_QUERY_URL).toBeUndefined();
  });

  it('stops start-up naming the variable and the value when one is not an absolute http(s) URL', () => {
    expect(problem({ GATEWAY_QUERY_URL: '127.0.0.1:3602' })).toMatch(/GATEWAY_QUERY_URL must be absolute http\(s\) URLs.*"127\.0\.0\.1:3602"/);
    expect(problem({ GATEWAY_QUERY_URL: 'http://127.0.0.1:3602,localhost:3603' })).toMatch(/GATEWAY_QUERY_URL.*"localhost:3603"/);
    expect(problem({ GATEWAY_QUERY_URL: 'http://a:1,,http://b:2' })).toMatch(/GATEWAY_QUERY_URL.*""/);
    expect(problem({ GATEWAY_COMMAND_URL: 'ftp://commands:21' })).toMatch(/GATEWAY_COMMAND_URL must be an absolute http\(s\) URL.*"ftp:\/\/commands:21"/);
    expect(problem({ GATEWAY_COMMAND_URL: '/api' })).toMatch(/GATEWAY_COMMAND_URL/);
    expect(problem({ GATEWAY_COMMAND_URL: 'http://commands:3601/api' })).toMatch(/GATEWAY_COMMAND_URL must be an absolute http\(s\) URL with no path.*"http:\/\/commands:3601\/api"/);
    expect(problem({ GATEWAY_COMMAND_URL: 'http://a:1,http://b:2' })).toMatch(/GATEWAY_COMMAND_URL must be one URL/);
  });
});

describe('EVENT_STORE_GROUP_COMMIT (ADR 076)', () => {
  it('is on by default, and takes on or off', () => {
    expect(loadConfig({}).EVENT_STORE_GROUP_COMMIT).toBe('on');
    expect(loadConfig({ EVENT_STORE_GROUP_COMMIT: 'off' }).EVENT_STORE_GROUP_COMMIT).toBe('off');
  });

  it('refuses anything else, naming the variable', () => {
    expect(problem({ EVENT_STORE_GROUP_COMMIT: 'yes' })).toMatch(/EVENT_STORE_GROUP_COMMIT must be on or off/);
  });
});

describe('READ_STORE and MONGODB_URL (ADR 073)', () => {
  it('keeps the read models in PostgreSQL by default, and on MongoDB when MONGODB_URL is set or READ_STORE says so', () => {
    expect(loadConfig({}).readStore).toEqual({ kind: 'postgres' });
    expect(loadConfig({ READ_STORE: 'postgres', MONGODB_URL: 'mongodb://db:27017/hireloop' }).readStore).toEqual({ kind: 'postgres' });
    expect(loadConfig({ MONGODB_URL: 'mongodb://db:27017/hireloop?replicaSet=rs0' }).readStore).toEqual({ kind: 'mongodb', url: 'mongodb://db:27017/hireloop?replicaSet=rs0' });
    expect(loadConfig({ READ_STORE: 'mongodb', MONGODB_URL: 'mongodb+srv://cluster.example.net/hireloop' }).readStore).toEqual({
      kind: 'mongodb',
      url: 'mongodb+srv://cluster.example.net/hireloop',
    });
  });

  it('refuses a wrong value, naming the variable', () => {
    expect(problem({ READ_STORE: 'mongo' })).toBe('Invalid configuration: READ_STORE must be postgres or mongodb, not "mongo"');
    expect(problem({ READ_STORE: 'mongodb' })).toMatch(/^Invalid configuration: READ_STORE=mongodb needs MONGODB_URL/);
    expect(problem({ MONGODB_URL: 'http://db:27017' })).toMatch(/^Invalid configuration: MONGODB_URL must be a mongodb:\/\/ or mongodb\+srv:\/\/ connection string/);
    expect(problem({ READ_STORE: 'mongodb', MONGODB_URL: 'mongodb://' })).toMatch(/MONGODB_URL must be/);
  });
});
