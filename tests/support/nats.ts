/** Integration tests use the real NATS server with JetStream: `TEST_NATS_URL` (default local). */
export const TEST_NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
