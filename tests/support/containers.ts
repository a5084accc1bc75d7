/**
 * Servers for the suites of the user's own stack (ADR 075): KurrentDB for the log, MongoDB for
 * the read models. Each resolves, in order, to:
 *   1. the URL in the environment (`TEST_KURRENTDB_URL`, `TEST_MONGODB_URL`): a server someone
 *      runs. Not `KURRENTDB_URL` / `MONGODB_URL`: processes the other suites start inherit the
 *      environment, and would all move onto that one server (like TEST_DATABASE_URL, ADR 075);
 *   2. a container started with testcontainers, where a container runtime answers;
 *   3. nothing, with the reason, so the suite skips LOUDLY (`skipLoudly`), never silently.
 * The development machines have neither a server nor a container runtime: there the KurrentDB
 * suite skips and says so.
 */
import { GenericContainer, getContainerRuntimeClient, Wait, type StartedTestContainer } from 'testcontainers';

export type ServiceUrl =
  | { url: string; source: 'environment' | 'container'; stop(): Promise<void> }
  | { url: null; reason: string };

/** The images the containers run: the versions docker-compose.yml runs too. */
export const KURRENTDB_IMAGE = 'kurrentplatform/kurrentdb:25.1';
export const MONGODB_IMAGE = 'mongo:8.0';

const describe = (error: unknown): string => (error instanceof Error ? error.message.split('\n')[0]! : String(error));

/** Whether a container runtime answers here; the reason when none does. */
async function containerRuntime(): Promise<{ ok: true } | { ok: false; reason: string }> {
  try {
    await getContainerRuntimeClient();
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: `no container runtime (${describe(error)})` };
  }
}

async function resolve(variable: string, start: () => Promise<{ url: string; container: StartedTestContainer }>, env: NodeJS.ProcessEnv): Promise<ServiceUrl> {
  const fromEnvironment = env[variable]?.trim();
  if (fromEnvironment) return { url: fromEnvironment, source: 'environment', stop: async () => undefined };
  const runtime = await containerRuntime();
  if (!runtime.ok) return { url: null, reason: `${variable} is not set and there is ${runtime.reason}` };
  try {
    const { url, container } = await start();
    return { url, source: 'container', stop: async () => void (await container.stop()) };
  } catch (error) {
    return { url: null, reason: `${variable} is not set and the container did not start: ${describe(error)}` };
  }
}

/** KurrentDB: `TEST_KURRENTDB_URL`, or a single insecure node in a container. */
export function kurrentdbUrl(env: NodeJS.ProcessEnv = process.env): Promise<ServiceUrl> {
  return resolve(
    'TEST_KURRENTDB_URL',
    async () => {
      const container = await new GenericContainer(KURRENTDB_IMAGE)
        .withEnvironment({ KURRENTDB_CLUSTER_SIZE: '1', KURRENTDB_RUN_PROJECTIONS: 'None', KURRENTDB_INSECURE: 'true', KURRENTDB_MEM_DB: 'true' })
        .withExposedPorts(2113)
        .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
        .withStartupTimeout(120_000)
        .start();
      return { url: `kurrentdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`, container };
    },
    env,
  );
}

/** MongoDB: `TEST_MONGODB_URL`, or a single-node replica set (transactions need one) in a container. */
export function mongodbUrl(env: NodeJS.ProcessEnv = process.env): Promise<ServiceUrl> {
  return resolve(
    'TEST_MONGODB_URL',
    async () => {
      const container = await new GenericContainer(MONGODB_IMAGE)
        .withCommand(['--replSet', 'rs0', '--bind_ip_all'])
        .withExposedPorts(27017)
        .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
        .withStartupTimeout(120_000)
        .start();
      const initiated = await container.exec(['mongosh', '--quiet', '--eval', "rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: 'localhost:27017' }] }).ok"]);
      if (initiated.exitCode !== 0) throw new Error(`rs.initiate failed: ${initiated.output}`);
      return { url: `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?replicaSet=rs0&directConnection=true`, container };
    },
    env,
  );
}

/** The one line a skipped suite prints: what was skipped and why. */
export function skipLoudly(suite: string, service: ServiceUrl): string | null {
  if (service.url !== null) return null;
  const line = `SKIPPED ${suite}: ${service.reason}.`;
  console.warn(line);
  return line;
}
