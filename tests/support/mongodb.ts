import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { MongoClient } from 'mongodb';
import { freePort } from '@hireloop/platform/embedded-postgres';

/**
 * Where the MongoDB read store is tested (ADR 073).
 *
 * With `MONGODB_URL` set (a real MongoDB replica set), the tests use it, each in a database of its
 * own. Otherwise they start the server that `@jongodb/memory-server-bin-linux-x64-gnu` ships: it
 * speaks MongoDB's wire protocol but is NOT MongoDB (a Java reimplementation, in memory, with its own
 * query engine and no write conflicts between transactions). What passes there is a wire-level
 * check of the adapter: the driver's commands, sessions and transactions, and the query semantics
 * the contract suite checks; what only real MongoDB can tell is listed in ADR 073.
 */
export interface TestMongo {
  /** A connection string with a fresh database in its path. */
  url: string;
  /** `MongoDB (MONGODB_URL)` or `jongodb (wire-compatible, not MongoDB)`: for test names. */
  kind: string;
  /** A fresh database's URL on the same server. */
  freshDatabase(): string;
  stop(): Promise<void>;
}

const require = createRequire(import.meta.url);

/** The jongodb launcher inside its npm package (the package's `jongodb.binary`). */
export function jongodbBinary(): string {
  const manifest = require.resolve('@jongodb/memory-server-bin-linux-x64-gnu/package.json');
  const { jongodb } = require(manifest) as { jongodb: { binary: string } };
  return path.join(path.dirname(manifest), jongodb.binary);
}

const databaseName = (): string => `hl_test_${randomBytes(5).toString('hex')}`;

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function portAccepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts jongodb on a free port and waits until it listens: a single-node replica set
 * (transactions), or with `standalone` a server without them.
 */
export async function startJongodb(options: { standalone?: boolean } = {}): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const profile = options.standalone ? 'standalone' : 'singleNodeReplicaSet';
  const child: ChildProcess = spawn(jongodbBinary(), [`--port=${port}`, '--host=127.0.0.1', `--topology-profile=${profile}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  // Listening, and its connection string printed (it names the replica set to connect to).
  const deadline = Date.now() + 60_000;
  while (!/JONGODB_URI=\S+\n/.test(output) || !(await portAccepts(port))) {
    if (exitCode !== undefined) throw new Error(`jongodb exited (${exitCode}) before listening on ${port}: ${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`jongodb did not listen on ${port} within 60 s: ${output}`);
    }
    await sleep(20);
  }
  const printed = /JONGODB_URI=(\S+)/.exec(output)![1]!;
  const replicaSet = new URL(printed).searchParams.get('replicaSet');
  if (!options.standalone && !replicaSet) throw new Error(`jongodb (${profile}) printed no replica set to connect to: ${output}`);
  return {
    url: `mongodb://127.0.0.1:${port}/test${replicaSet ? `?replicaSet=${replicaSet}` : '?directConnection=true'}`,
    async stop() {
      if (exitCode !== undefined) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** `MONGODB_URL` when set, else a jongodb server of this test file's own. */
export async function startTestMongo(): Promise<TestMongo> {
  const external = process.env.MONGODB_URL;
  if (external) {
    // Every database handed out is dropped at the end (the server is shared).
    const made: string[] = [];
    const fresh = () => {
      const name = databaseName();
      made.push(name);
      return withDatabase(external, name);
    };
    return {
      url: fresh(),
      kind: 'MongoDB (MONGODB_URL)',
      freshDatabase: fresh,
      async stop() {
        const client = await MongoClient.connect(external);
        try {
          for (const name of made) await client.db(name).dropDatabase();
        } finally {
          await client.close();
        }
      },
    };
  }
  const server = await startJongodb();
  return {
    url: withDatabase(server.url, databaseName()),
    kind: 'jongodb (wire-compatible, not MongoDB)',
    freshDatabase: () => withDatabase(server.url, databaseName()),
    stop: () => server.stop(),
  };
}
