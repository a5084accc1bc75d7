export * from './types';
export * from './position';
export { createMemoryEventStore } from './memory';
export {
  createPostgresEventStore,
  type GroupCommitOptions,
  NOTIFY_CHANNEL,
  type PostgresEventStore,
  type PostgresEventStoreOptions,
} from './postgres';
