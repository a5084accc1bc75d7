export * from './types';
export {
  compareCodePoints,
  normaliseDocument,
  CollectionNotFoundError,
  ReadStoreQueryError,
  TransactionAbortedError,
  UniqueConstraintError,
} from './query';
export { createMemoryReadStore, matchesFilter } from './memory';
export { createPostgresReadStore, type PostgresReadStoreOptions } from './postgres';
