import { AsyncLocalStorage } from 'node:async_hooks';
import { connect, nanos, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
  jetstream,
  jetstreamManager,
  type ConsumerConfig,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import type { Bus, BusHealth, BusMessage, Unsubscribe, WorkItem, WorkQueueOptions } from './types';
import {
  DEDUPE_WINDOW_MS,
  DEFAULT_ACK_WAIT_MS,
  DEFAULT_MAX_ATTEMPTS,
  defaultErrorReporter,
  encodeJson,
  redeliveryDelayMs,
  validateQueueName,
  validateSubject,
  validateWorkOptions,
  type BusErrorReporter,
} from './internal';

export interface NatsBusOptions {
  /** One URL or a comma-separated list. */
  servers: string;
  /** JetStream stream holding work items. Default 'HIRELOOP_WORK'. */
  streamName?: string;
  /** Every subject the bus uses starts with this. Default 'hireloop'. */
  subjectPrefix?: string;
  /** Reports `subscribe` handler failures and undecodable messages. Default: console.error. */
  onError?: BusErrorReporter;
}

/** JetStream API error codes (server/errors.json). */
const STREAM_NAME_IN_USE = 10058;
const STREAM_CREATE_FAILED = 10049;
const STREAM_STORE_FAILED = 10077;
const CONSUMER_ALREADY_EXISTS = 10148;
const CONSUMER_NAME_EXISTS = 10013;

/**
 * The bus over NATS (server 2.9+ with JetStream).
 *
 * - publish/subscribe use core NATS on `<prefix>.notify.<subject>`: fire-and-forget, JSON.
 *   `subscribe` resolves once the server has registered the interest. Each subscriber
 *   handles its messages one at a time; a throw is reported and dropped.
 * - enqueue publishes to `<prefix>.work.<subject>` in one stream (limits retention, file
 *   storage, 2-minute duplicate window; `messageId` becomes the `Nats-Msg-Id`). The stream is
 *   created on connect, or its subjects are extended if it exists.
 * - work() ensures a durable pull consumer named after the queue: `filter_subject` (one per
 *   consumer: 2.9 has no `filter_subjects`), `deliver_policy: all` (a queue sees every stored
 *   item, including those enqueued before its first worker started), `ack_policy: explicit`,
 *   `max_deliver` = maxAttempts, `ack_wait` = ackWaitMs. The latest work() call's settings win.
 *   Workers of one queue share its items; different queues each get every item. Each worker
 *   pulls one message at a time and handles it; success → ack (waiting for the server's
 *   confirmation), throw → nak with a short delay (attempt = the delivery count), the last
 *   attempt → term. Messages are retained by the stream's limits (unbounded by default),
 *   not removed on ack.
 * - Unsubscribe / close wait for the running handler (unless called from inside it).
 */
export async function createNatsBus(options: NatsBusOptions): Promise<Bus> {
  const prefix = options.subjectPrefix ?? 'hireloop';
  const streamName = options.streamName ?? 'HIRELOOP_WORK';
  validateSubject(prefix, false);
  validateQueueName(streamName, 'stream');

  const nc = await connect({
    servers: options.servers.split(',').map((s) => s.trim()).filter((s) => s.length > 0),
    name: 'hireloop-bus',
    // Keep trying for as long as the server is away (the default gives up after 10 tries, about 20 s,
    // and the process then runs on with a closed bus for good; ADR 050).
    maxReconnectAttempts: -1,
  });
  try {
    const jsm = await jetstreamManager(nc);
    await ensureStream(jsm, streamName, `${prefix}.work.>`);
    return new NatsBus(nc, jsm, jetstream(nc), streamName, prefix, options.onError ?? defaultErrorReporter);
  } catch (error) {
    await nc.close();
    throw error;
  }
}

async function ensureStream(jsm: JetStreamManager, name: string, subject: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await addOrExtendStream(jsm, name, subject);
      return;
    } catch (error) {
      // nats-server 2.9 removes an account's storage directory when its last stream is
      // deleted; a stream created at that moment fails with "error creating store for stream"
      // (err_code 10049; the server logs 10077). Nothing is left behind: try again.
      const transient =
        error instanceof JetStreamApiError && (error.code === STREAM_CREATE_FAILED || error.code === STREAM_STORE_FAILED);
      if (!transient || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
    }
  }
}

const WORK_ITEM_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

async function addOrExtendStream(jsm: JetStreamManager, name: string, subject: string): Promise<void> {
  try {
    // Adding a stream with an identical config is a no-op on the server.
    await jsm.streams.add({
      name,
      subjects: [subject],
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      duplicate_window: nanos(DEDUPE_WINDOW_MS),
      // Work items can carry secrets (a reset link in a mail): none is kept longer than a week.
      max_age: nanos(WORK_ITEM_MAX_AGE_MS),
    });
  } catch (error) {
    if (!(error instanceof JetStreamApiError) || error.code !== STREAM_NAME_IN_USE) throw error;
    // The stream exists with another config (other prefixes, tuned limits): keep it, add our subject.
    const info = await jsm.streams.info(name);
    const subjects = info.config.subjects ?? [];
    if (!subjects.includes(subject)) {
      await jsm.streams.update(name, { ...info.config, subjects: [...subjects, subject] });
    }
  }
}

interface SubscriptionState {
  active: boolean;
  sub: Subscription;
  loop: Promise<void>;
}

interface WorkerState {
  stopped: boolean;
  messages: ConsumerMessages;
  loop: Promise<void>;
}

class NatsBus implements Bus {
  private readonly subscriptions = new Set<SubscriptionState>();
  private readonly workers = new Set<WorkerState>();
  private readonly handlerContext = new AsyncLocalStorage<WorkerState | SubscriptionState>();
  private readonly notifyPrefix: string;
  private readonly workPrefix: string;
  private closed = false;

  constructor(
    private readonly nc: NatsConnection,
    private readonly jsm: JetStreamManager,
    private readonly js: JetStreamClient,
    private readonly streamName: string,
    prefix: string,
    private readonly onError: BusErrorReporter,
  ) {
    this.notifyPrefix = `${prefix}.notify.`;
    this.workPrefix = `${prefix}.work.`;
    void this.followStatus();
  }

  private connection: BusHealth = { ok: true, state: 'connected', since: new Date().toISOString() };

  /** Follows the client's connection events (disconnect, reconnect, close) for health(). */
  private async followStatus(): Promise<void> {
    const set = (state: BusHealth['state']) => {
      if (this.connection.state !== state) this.connection = { ok: state === 'connected', state, since: new Date().toISOString() };
    };
    void this.nc.closed().then(() => set('closed'));
    for await (const status of this.nc.status()) {
      if (status.type === 'disconnect' || status.type === 'reconnecting' || status.type === 'staleConnection') set('reconnecting');
      else if (status.type === 'reconnect') set('connected');
      else if (status.type === 'close') set('closed');
    }
  }

  health(): BusHealth {
    return { ...this.connection };
  }

  async publish<T>(subject: string, data: T): Promise<void> {
    this.assertOpen();
    validateSubject(subject, false);
    this.nc.publish(this.notifyPrefix + subject, encodeJson(data));
  }

  async subscribe<T>(
    subject: string,
    handler: (message: BusMessage<T>) => void | Promise<void>,
  ): Promise<Unsubscribe> {
    this.assertOpen();
    validateSubject(subject, true);
    const sub = this.nc.subscribe(this.notifyPrefix + subject);
    const state: SubscriptionState = { active: true, sub, loop: Promise.resolve() };
    state.loop = (async () => {
      for await (const msg of sub) {
        if (!state.active) break;
        const messageSubject = msg.subject.slice(this.notifyPrefix.length);
        try {
          const data = msg.json<T>();
          await this.handlerContext.run(state, () => handler({ subject: messageSubject, data }));
        } catch (error) {
          this.onError(error, { subject: messageSubject });
        }
      }
    })();
    this.subscriptions.add(state);
    // Make sure the server knows about the interest before anyone relies on it.
    await this.nc.flush();
    return async () => {
      if (!state.active) return;
      state.active = false;
      this.subscriptions.delete(state);
      sub.unsubscribe();
      if (this.handlerContext.getStore() !== state) await state.loop;
    };
  }

  async enqueue<T>(subject: string, data: T, options?: { messageId?: string }): Promise<void> {
    this.assertOpen();
    validateSubject(subject, false);
    const messageId = options?.messageId;
    await this.js.publish(
      this.workPrefix + subject,
      encodeJson(data),
      messageId === undefined ? undefined : { msgID: messageId },
    );
  }

  async work<T>(options: WorkQueueOptions, handler: (item: WorkItem<T>) => Promise<void>): Promise<Unsubscribe> {
    this.assertOpen();
    const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    const ackWaitMs = options.ackWaitMs ?? DEFAULT_ACK_WAIT_MS;
    validateQueueName(options.queue);
    validateSubject(options.subject, true);
    validateWorkOptions(maxAttempts, ackWaitMs);

    await this.ensureConsumer(options.queue, this.workPrefix + options.subject, maxAttempts, ackWaitMs);
    const consumer = await this.js.consumers.get(this.streamName, options.queue);
    // One message at a time: anything pulled ahead would sit in the client while its ack wait runs.
    const messages = await consumer.consume({ max_messages: 1 });
    const state: WorkerState = { stopped: false, messages, loop: Promise.resolve() };
    state.loop = (async () => {
      try {
        for await (const msg of messages) {
          if (state.stopped) {
            msg.nak(); // pulled while stopping: hand it straight to another worker
            continue;
          }
          await this.process(state, msg, handler, maxAttempts, ackWaitMs);
        }
      } catch (error) {
        if (!state.stopped && !this.closed) this.onError(error, { subject: options.subject });
      }
    })();
    this.workers.add(state);
    return () => this.stopWorker(state);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const stopping: Promise<void>[] = [];
    for (const state of this.subscriptions) {
      state.active = false;
      state.sub.unsubscribe();
      if (this.handlerContext.getStore() !== state) stopping.push(state.loop);
    }
    this.subscriptions.clear();
    for (const state of this.workers) stopping.push(this.stopWorker(state));
    await Promise.all(stopping);
    await this.nc.drain();
  }

  private async process<T>(
    state: WorkerState,
    msg: JsMsg,
    handler: (item: WorkItem<T>) => Promise<void>,
    maxAttempts: number,
    ackWaitMs: number,
  ): Promise<void> {
    const attempt = msg.info.deliveryCount;
    const subject = msg.subject.slice(this.workPrefix.length);
    let data: T;
    try {
      data = msg.json<T>();
    } catch (error) {
      msg.term(); // cannot succeed on any attempt
      this.onError(error, { subject });
      return;
    }
    // The message may have waited in the client while the previous one was handled: give
    // the handler the full ack wait.
    msg.working();
    try {
      await this.handlerContext.run(state, () => handler({ subject, data, attempt }));
    } catch {
      if (attempt >= maxAttempts) msg.term();
      else msg.nak(redeliveryDelayMs(attempt, ackWaitMs));
      return;
    }
    try {
      await msg.ackAck();
    } catch (error) {
      // The ack may be lost: the item will be redelivered after the ack wait (at-least-once).
      this.onError(error, { subject });
    }
  }

  private async stopWorker(state: WorkerState): Promise<void> {
    if (!this.workers.delete(state)) return;
    state.stopped = true;
    const closing = state.messages.close();
    // From inside its own handler the loop cannot finish before the handler returns.
    if (this.handlerContext.getStore() === state) return;
    await closing;
    await state.loop;
  }

  private async ensureConsumer(
    queue: string,
    filterSubject: string,
    maxAttempts: number,
    ackWaitMs: number,
  ): Promise<void> {
    const config: Partial<ConsumerConfig> = {
      durable_name: queue,
      // snake_case, single filter: nats-server 2.9 knows neither `filter_subjects` nor camelCase.
      filter_subject: filterSubject,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      max_deliver: maxAttempts,
      ack_wait: nanos(ackWaitMs),
    };
    try {
      // 2.9 treats a create for an existing durable as an update of its mutable fields.
      await this.jsm.consumers.add(this.streamName, config);
    } catch (error) {
      const exists =
        error instanceof JetStreamApiError &&
        (error.code === CONSUMER_ALREADY_EXISTS || error.code === CONSUMER_NAME_EXISTS);
      if (!exists) throw error;
      // 2.10+ refuses to create over an existing consumer with another config.
      await this.jsm.consumers.update(this.streamName, queue, {
        filter_subject: filterSubject,
        max_deliver: maxAttempts,
        ack_wait: nanos(ackWaitMs),
      });
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('bus: closed');
  }
}
