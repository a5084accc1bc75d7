import { randomBytes } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { createMemoryBus, createNatsBus } from '@hireloop/platform/bus';
import { TEST_NATS_URL } from '../support/nats';
import { busContract } from './bus.contract';

const quiet = () => undefined;

busContract('memory', async () => {
  const bus = createMemoryBus({ onError: quiet });
  return { bus, dispose: () => bus.close() };
});

busContract('nats', async () => {
  // A random prefix and stream per test: parallel test files never see each other's messages.
  const id = randomBytes(6).toString('hex');
  const streamName = `TEST_BUS_${id}`;
  const bus = await createNatsBus({
    servers: TEST_NATS_URL,
    streamName,
    subjectPrefix: `test_${id}`,
    onError: quiet,
  });
  return {
    bus,
    async dispose() {
      await bus.close();
      const nc = await connect({ servers: TEST_NATS_URL });
      try {
        const jsm = await jetstreamManager(nc);
        await jsm.streams.delete(streamName);
      } finally {
        await nc.close();
      }
    },
  };
});
