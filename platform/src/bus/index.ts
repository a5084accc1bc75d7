export type { Bus, BusHealth, BusMessage, Unsubscribe, WorkItem, WorkQueueOptions } from './types';
export type { BusErrorReporter } from './internal';
export { createMemoryBus, type MemoryBus, type MemoryBusOptions, type MemoryBusStats } from './memory';
export { createNatsBus, type NatsBusOptions } from './nats';
