import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';

/** Integration tests use the real NATS server with JetStream: `TEST_NATS_URL` (default local). */
export const TEST_NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

/** Removes a test's JetStream stream so runs leave nothing behind on the shared server. */
export async function deleteTestStream(name: string): Promise<void> {
  const nc = await connect({ servers: TEST_NATS_URL });
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(name).catch(() => undefined);
  } finally {
    await nc.close();
  }
}
