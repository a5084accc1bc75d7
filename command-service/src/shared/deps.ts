import type { AccountSecrets } from '@hireloop/platform/accounts/types';
import type { EventStore } from '@hireloop/platform/event-store/index';
import type { Clock, IdGenerator } from '@hireloop/platform/runtime';

/** What the command side needs from the outside world; the composition root (cli) provides it. */
export interface CommandServiceDeps {
  eventStore: EventStore;
  secrets: AccountSecrets;
  clock: Clock;
  ids: IdGenerator;
  sessionTtlMs: number;
}
