export * from './types';
export {
  compareCodePoints,
  CollectionNotFoundError,
  ReadStoreQueryError,
  TransactionAbortedError,
  UniqueConstraintError,
} from './query';
export { createMemoryReadStore } from './memory';
export { createPostgresReadStore, type PostgresReadStoreOptions } from './postgres';
