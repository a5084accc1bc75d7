/**
 * The bus carries notifications between processes ("projection X advanced to P") and durable
 * work for reactions (send this email, once). Messages are JSON values.
 */
export interface BusMessage<T = unknown> {
  subject: string;
  data: T;
}

export interface Unsubscribe {
  (): Promise<void>;
}

export interface WorkItem<T = unknown> extends BusMessage<T> {
  /** Delivery attempt, starting at 1. */
  attempt: number;
}

export interface WorkQueueOptions {
  /** Durable name: several consumers with one name share the work. */
  queue: string;
  /** One subject or a wildcard (`email.*`, `email.>`). */
  subject: string;
  /** Redeliveries after a handler failure before the message is dropped. Default 5. */
  maxAttempts?: number;
  /** How long a handler may run before redelivery (ms). Default 30000. */
  ackWaitMs?: number;
}

export interface Bus {
  /** Fire-and-forget broadcast to current subscribers (not stored). */
  publish<T>(subject: string, data: T): Promise<void>;
  /** Every subscriber gets every matching message published after it subscribed. */
  subscribe<T>(subject: string, handler: (message: BusMessage<T>) => void | Promise<void>): Promise<Unsubscribe>;

  /** Stores a message until one worker of each queue that listens to its subject acks it. */
  enqueue<T>(subject: string, data: T, options?: { messageId?: string }): Promise<void>;
  /**
   * Processes stored messages; success acks, a throw redelivers (up to maxAttempts).
   * `messageId` on enqueue deduplicates within the store's window.
   */
  work<T>(options: WorkQueueOptions, handler: (item: WorkItem<T>) => Promise<void>): Promise<Unsubscribe>;

  /** The connection to the bus server, for /healthz; absent for the in-process bus (nothing to lose). */
  health?(): BusHealth;

  close(): Promise<void>;
}

/** A bus server connection as /healthz reports it (ADR 050). */
export interface BusHealth {
  ok: boolean;
  /** `connected`; `reconnecting` (the server is away: notifications wait, the client keeps trying); `closed`. */
  state: 'connected' | 'reconnecting' | 'closed';
  /** Since when it has been in this state (ISO 8601). */
  since: string;
}
