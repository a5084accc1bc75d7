export * from './types';
export {
  compareCodePoints,
  documentJson,
  normaliseDocument,
  parseFilter,
  type FilterNode,
  CollectionNotFoundError,
  ReadStoreQueryError,
  TransactionAbortedError,
  UniqueConstraintError,
} from './query';
export { createMemoryReadStore, matchesFilter } from './memory';
export { createPostgresReadStore, type PostgresReadStoreOptions } from './postgres';
