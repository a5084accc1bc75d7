export * from './types';
export {
  CollectionNotFoundError,
  ReadStoreQueryError,
  TransactionAbortedError,
  UniqueConstraintError,
} from './query';
export { createMemoryReadStore } from './memory';
export { createPostgresReadStore, type PostgresReadStoreOptions } from './postgres';
