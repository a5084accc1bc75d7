/**
 * docker-compose.yml checked without a container engine (ADR 075): every service has a health
 * check, stateful services keep their data in volumes, the app's services are configured with
 * settings config.ts knows, and .env.example sets only what the file reads.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = new URL('../', import.meta.url);
const read = (file: string): string => readFileSync(new URL(file, root), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test?: unknown };
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
}
const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, Service>; volumes: Record<string, unknown> };
const services = compose.services;
const appServices = Object.entries(services).filter(([, service]) => service.build !== undefined);
const configSource = read('platform/src/config.ts');

describe('docker-compose.yml', () => {
  it('runs KurrentDB, MongoDB, NATS, PostgreSQL, the command service, the projections, two query replicas and the gateway', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['command-service', 'gateway', 'kurrentdb', 'mongodb', 'nats', 'postgres', 'projections', 'query-service-1', 'query-service-2'].sort(),
    );
    const commands = Object.fromEntries(appServices.map(([name, service]) => [name, service.command?.join(' ')]));
    expect(commands).toEqual({
      'command-service': 'serve command-service',
      projections: 'serve projections',
      'query-service-1': 'serve query-service',
      'query-service-2': 'serve query-service',
      gateway: 'serve gateway',
    });
    expect(services.gateway!.environment!.GATEWAY_QUERY_URL).toBe('http://query-service-1:3000,http://query-service-2:3000');
  });

  it('gives every service a health check, and starts the app once its stores are healthy', () => {
    for (const [name, service] of Object.entries(services)) expect(service.healthcheck?.test, name).toBeDefined();
    for (const [name, service] of appServices.filter(([name]) => name !== 'gateway')) {
      expect(Object.keys(service.depends_on ?? {}).sort(), name).toEqual(['kurrentdb', 'mongodb', 'nats', 'postgres']);
      for (const dependency of Object.values(service.depends_on ?? {})) expect(dependency.condition).toBe('service_healthy');
    }
  });

  it('initiates MongoDB\'s single-node replica set in its health check, once', () => {
    expect(services.mongodb!.command).toEqual(['--replSet', 'rs0', '--bind_ip_all']);
    const check = JSON.stringify(services.mongodb!.healthcheck!.test);
    expect(check).toMatch(/try \{ rs\.status\(\) \} catch \(e\) \{ rs\.initiate\(/);
    expect(check).toContain('isWritablePrimary');
    expect(services.nats!.command).toContain('-js');
  });

  it('keeps the data of KurrentDB, MongoDB, NATS and PostgreSQL in named volumes', () => {
    for (const name of ['kurrentdb', 'mongodb', 'nats', 'postgres']) {
      const volumes = (services[name]!.volumes ?? []).map((volume) => volume.split(':')[0]!);
      expect(volumes.length, name).toBeGreaterThan(0);
      for (const volume of volumes) expect(Object.keys(compose.volumes)).toContain(volume);
    }
  });

  it('configures the app on KurrentDB and MongoDB with settings config.ts reads', () => {
    const env = services['command-service']!.environment!;
    expect(env).toMatchObject({ EVENT_STORE: 'kurrentdb', KURRENTDB_URL: 'kurrentdb://kurrentdb:2113?tls=false', READ_STORE: 'mongodb' });
    for (const [name, service] of appServices) {
      for (const variable of Object.keys(service.environment ?? {})) {
        expect(configSource, `${name}: ${variable}`).toContain(variable);
      }
    }
  });

  it('has a .env.example that sets only what docker-compose.yml reads', () => {
    const composeText = read('docker-compose.yml');
    const names = read('.env.example')
      .split('\n')
      .filter((line) => /^[A-Z_][A-Z0-9_]*=/.test(line))
      .map((line) => line.split('=')[0]!);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(composeText, name).toContain(`\${${name}:-`);
  });
});
