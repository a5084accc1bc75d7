import { AsyncLocalStorage } from 'node:async_hooks';
import type { Bus, BusMessage, Unsubscribe, WorkItem, WorkQueueOptions } from './types';
import {
  DEDUPE_WINDOW_MS,
  DEFAULT_ACK_WAIT_MS,
  DEFAULT_MAX_ATTEMPTS,
  defaultErrorReporter,
  encodeJson,
  redeliveryDelayMs,
  subjectMatches,
  validateQueueName,
  validateSubject,
  validateWorkOptions,
  type BusErrorReporter,
} from './internal';

export interface MemoryBusOptions {
  /** Reports `subscribe` handler failures. Default: console.error. */
  onError?: BusErrorReporter;
}

/** What the in-process bus holds right now (for tests and diagnostics). */
export interface MemoryBusStats {
  /** Work items held: waiting for a first queue, or not yet acked (or given up) by every queue listening to them. */
  storedItems: number;
  /** Deliveries still owed, over all queues (an item two queues listen to counts twice). */
  pendingDeliveries: number;
  /** Enqueue `messageId`s remembered for deduplication (each for 2 minutes). */
  rememberedMessageIds: number;
}

export interface MemoryBus extends Bus {
  stats(): MemoryBusStats;
}

/**
 * A single-process bus with the same semantics as the NATS adapter (see ./nats.ts):
 *
 * - publish/subscribe: every current subscriber whose pattern matches gets the message, in
 *   publish order, one at a time per subscriber; nothing is stored. A subscriber's throw is
 *   reported and dropped.
 * - enqueue stores the message until every queue that listens to its subject has acked it (or
 *   given up on it); then the bus forgets it, so a long-running process holds only the work it
 *   still owes. A message no queue listens to yet is kept until a queue appears. A queue is
 *   created by its first `work` call and then sees every message still stored that matches its
 *   subject, including those enqueued before it existed (JetStream `deliver_policy: all`). So an
 *   item enqueued before any worker started is processed when one starts, and two different
 *   queues on one subject each process every item enqueued while both exist. (Unlike the NATS
 *   stream, which keeps acked items up to its limits, a queue created later does not see items
 *   that every earlier queue has already acked.)
 * - Workers of one queue share its items; each worker handles one item at a time. Success
 *   acks; a throw offers the item again after a short delay with `attempt + 1`; after
 *   `maxAttempts` deliveries it is dropped. A handler still running after `ackWaitMs` loses
 *   its claim: the item is offered again (the late handler's success still acks it).
 * - `messageId` on enqueue drops a second enqueue with the same id within 2 minutes.
 * - Data is JSON round-tripped, so handlers never share objects with the publisher.
 */
export function createMemoryBus(options: MemoryBusOptions = {}): MemoryBus {
  const onError = options.onError ?? defaultErrorReporter;
  return new InProcessBus(onError);
}

interface StoredMessage {
  seq: number;
  subject: string;
  json: string;
  /** How many queues still owe it a delivery; at 0 (after at least one queue took it) it is released. */
  holders: number;
}

interface Entry {
  message: StoredMessage;
  deliveries: number;
  inflight: boolean;
  /** Identifies the current delivery; stale handlers compare against it. */
  token: number;
  readyAt: number;
  ackTimer: ReturnType<typeof setTimeout> | undefined;
}

interface Worker {
  queue: Queue;
  handler: (item: WorkItem<unknown>) => Promise<void>;
  busy: boolean;
  stopped: boolean;
  current: Promise<void> | undefined;
}

interface Queue {
  name: string;
  subject: string;
  maxAttempts: number;
  ackWaitMs: number;
  /** Unacked messages in stream order. */
  entries: Map<number, Entry>;
  workers: Worker[];
  nextWorker: number;
  wakeTimer: ReturnType<typeof setTimeout> | undefined;
  wakeAt: number;
}

interface Subscriber {
  pattern: string;
  handler: (message: BusMessage<unknown>) => void | Promise<void>;
  active: boolean;
  chain: Promise<void>;
}

class InProcessBus implements MemoryBus {
  private readonly subscribers = new Set<Subscriber>();
  /** Messages some queue still owes a delivery, or that no queue has taken yet; by seq (insertion order). */
  private readonly log = new Map<number, StoredMessage>();
  private readonly seen = new Map<string, number>();
  private readonly queues = new Map<string, Queue>();
  private readonly handlerContext = new AsyncLocalStorage<Worker>();
  private seq = 0;
  private closed = false;

  constructor(private readonly onError: BusErrorReporter) {}

  async publish<T>(subject: string, data: T): Promise<void> {
    this.assertOpen();
    validateSubject(subject, false);
    const json = encodeJson(data);
    for (const subscriber of this.subscribers) {
      if (!subjectMatches(subscriber.pattern, subject)) continue;
      subscriber.chain = subscriber.chain.then(async () => {
        if (!subscriber.active) return;
        try {
          await subscriber.handler({ subject, data: JSON.parse(json) as unknown });
        } catch (error) {
          this.onError(error, { subject });
        }
      });
    }
  }

  async subscribe<T>(
    subject: string,
    handler: (message: BusMessage<T>) => void | Promise<void>,
  ): Promise<Unsubscribe> {
    this.assertOpen();
    validateSubject(subject, true);
    const subscriber: Subscriber = {
      pattern: subject,
      handler: handler as (message: BusMessage<unknown>) => void | Promise<void>,
      active: true,
      chain: Promise.resolve(),
    };
    this.subscribers.add(subscriber);
    return async () => {
      subscriber.active = false;
      this.subscribers.delete(subscriber);
    };
  }

  async enqueue<T>(subject: string, data: T, options?: { messageId?: string }): Promise<void> {
    this.assertOpen();
    validateSubject(subject, false);
    const now = Date.now();
    const messageId = options?.messageId;
    if (messageId !== undefined) {
      this.forgetOldIds(now);
      if (this.seen.has(messageId)) return;
      this.seen.set(messageId, now);
    }
    const message: StoredMessage = { seq: ++this.seq, subject, json: encodeJson(data), holders: 0 };
    this.log.set(message.seq, message);
    for (const queue of this.queues.values()) {
      if (subjectMatches(queue.subject, subject)) {
        this.hold(queue, message, now);
        this.pump(queue);
      }
    }
  }

  stats(): MemoryBusStats {
    let pendingDeliveries = 0;
    for (const queue of this.queues.values()) pendingDeliveries += queue.entries.size;
    return { storedItems: this.log.size, pendingDeliveries, rememberedMessageIds: this.seen.size };
  }

  async work<T>(options: WorkQueueOptions, handler: (item: WorkItem<T>) => Promise<void>): Promise<Unsubscribe> {
    this.assertOpen();
    const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    const ackWaitMs = options.ackWaitMs ?? DEFAULT_ACK_WAIT_MS;
    validateQueueName(options.queue);
    validateSubject(options.subject, true);
    validateWorkOptions(maxAttempts, ackWaitMs);

    let queue = this.queues.get(options.queue);
    if (queue === undefined) {
      const now = Date.now();
      queue = {
        name: options.queue,
        subject: options.subject,
        maxAttempts,
        ackWaitMs,
        entries: new Map(),
        workers: [],
        nextWorker: 0,
        wakeTimer: undefined,
        wakeAt: Infinity,
      };
      for (const message of this.log.values()) {
        if (subjectMatches(options.subject, message.subject)) this.hold(queue, message, now);
      }
      this.queues.set(options.queue, queue);
    } else {
      // Like updating the durable consumer: the latest worker's settings win.
      queue.subject = options.subject;
      queue.maxAttempts = maxAttempts;
      queue.ackWaitMs = ackWaitMs;
    }

    const worker: Worker = {
      queue,
      handler: handler as (item: WorkItem<unknown>) => Promise<void>,
      busy: false,
      stopped: false,
      current: undefined,
    };
    queue.workers.push(worker);
    this.pump(queue);
    return () => this.stopWorker(worker);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const subscriber of this.subscribers) subscriber.active = false;
    this.subscribers.clear();
    const stopping: Promise<void>[] = [];
    for (const queue of this.queues.values()) {
      for (const worker of [...queue.workers]) stopping.push(this.stopWorker(worker));
      if (queue.wakeTimer !== undefined) clearTimeout(queue.wakeTimer);
      for (const entry of queue.entries.values()) {
        if (entry.ackTimer !== undefined) clearTimeout(entry.ackTimer);
      }
    }
    await Promise.all(stopping);
    this.queues.clear();
  }

  private async stopWorker(worker: Worker): Promise<void> {
    worker.stopped = true;
    const queue = worker.queue;
    queue.workers = queue.workers.filter((w) => w !== worker);
    // Waiting for the running handler lets its ack land; skip when called from that handler.
    if (worker.current !== undefined && this.handlerContext.getStore() !== worker) {
      await worker.current;
    }
  }

  private pump(queue: Queue): void {
    if (this.closed || this.queues.get(queue.name) !== queue) return;
    const now = Date.now();
    let nextReadyAt = Infinity;
    for (const entry of queue.entries.values()) {
      if (entry.inflight) continue;
      if (entry.readyAt > now) {
        nextReadyAt = Math.min(nextReadyAt, entry.readyAt);
        continue;
      }
      const worker = this.takeIdleWorker(queue);
      if (worker === undefined) return;
      this.deliver(queue, worker, entry);
    }
    if (nextReadyAt !== Infinity && nextReadyAt < queue.wakeAt) {
      if (queue.wakeTimer !== undefined) clearTimeout(queue.wakeTimer);
      queue.wakeAt = nextReadyAt;
      queue.wakeTimer = setTimeout(() => {
        queue.wakeTimer = undefined;
        queue.wakeAt = Infinity;
        this.pump(queue);
      }, nextReadyAt - now);
    }
  }

  private takeIdleWorker(queue: Queue): Worker | undefined {
    const count = queue.workers.length;
    for (let i = 0; i < count; i++) {
      const index = (queue.nextWorker + i) % count;
      const worker = queue.workers[index];
      if (worker !== undefined && !worker.busy && !worker.stopped) {
        queue.nextWorker = (index + 1) % count;
        return worker;
      }
    }
    return undefined;
  }

  private deliver(queue: Queue, worker: Worker, entry: Entry): void {
    entry.inflight = true;
    entry.deliveries += 1;
    const token = ++entry.token;
    const attempt = entry.deliveries;
    worker.busy = true;

    entry.ackTimer = setTimeout(() => {
      entry.ackTimer = undefined;
      if (entry.token !== token || !entry.inflight) return;
      // The handler overran ackWait: offer the item again (or give up).
      entry.inflight = false;
      if (entry.deliveries >= queue.maxAttempts) {
        this.release(queue, entry);
      } else {
        entry.readyAt = Date.now();
      }
      this.pump(queue);
    }, queue.ackWaitMs);

    const item: WorkItem<unknown> = {
      subject: entry.message.subject,
      data: JSON.parse(entry.message.json) as unknown,
      attempt,
    };
    const run = async (): Promise<void> => {
      await Promise.resolve(); // never run a handler synchronously inside enqueue/work
      let failed = false;
      try {
        await this.handlerContext.run(worker, () => worker.handler(item));
      } catch {
        failed = true;
      }
      const current = entry.token === token && entry.inflight;
      if (!failed) {
        // An ack removes the message whichever delivery it comes from (as in JetStream).
        if (entry.ackTimer !== undefined) clearTimeout(entry.ackTimer);
        entry.ackTimer = undefined;
        entry.inflight = false;
        entry.token += 1; // a redelivery still running elsewhere becomes stale
        this.release(queue, entry);
      } else if (current) {
        if (entry.ackTimer !== undefined) clearTimeout(entry.ackTimer);
        entry.ackTimer = undefined;
        entry.inflight = false;
        if (entry.deliveries >= queue.maxAttempts) {
          this.release(queue, entry);
        } else {
          entry.readyAt = Date.now() + redeliveryDelayMs(attempt, queue.ackWaitMs);
        }
      }
      worker.busy = false;
      worker.current = undefined;
      this.pump(queue);
    };
    worker.current = run();
  }

  /** `queue` owes `message` a delivery. */
  private hold(queue: Queue, message: StoredMessage, now: number): void {
    if (queue.entries.has(message.seq)) return;
    queue.entries.set(message.seq, newEntry(message, now));
    message.holders += 1;
  }

  /** `queue` is done with the entry (acked or given up); the last queue done releases the message. */
  private release(queue: Queue, entry: Entry): void {
    if (!queue.entries.delete(entry.message.seq)) return;
    entry.message.holders -= 1;
    if (entry.message.holders === 0) this.log.delete(entry.message.seq);
  }

  private forgetOldIds(now: number): void {
    for (const [id, at] of this.seen) {
      if (now - at < DEDUPE_WINDOW_MS) break; // insertion order = time order
      this.seen.delete(id);
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('bus: closed');
  }
}

function newEntry(message: StoredMessage, now: number): Entry {
  return { message, deliveries: 0, inflight: false, token: 0, readyAt: now, ackTimer: undefined };
}
