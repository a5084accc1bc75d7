export * from './types';
export { startOutboxRelay, OUTBOX_MAX_ATTEMPTS, type OutboxHandler, type OutboxRelay, type OutboxRelayOptions } from './relay';
export { createMemoryOutboxStore } from './memory';
