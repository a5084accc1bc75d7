import type { Bus, Unsubscribe } from '../bus/types';
import type { MailMessage, Mailer } from './types';

export const MAIL_SUBJECT = 'mail.send';

export const MAIL_ATTEMPTS = 8;

/**
 * Mail used to leave through the bus's durable work queue, queued after the append (a process
 * that died between the two lost it). It now waits in the outbox, written with the events, and
 * the outbox relay delivers it (ADR 053). This worker only delivers what versions before that
 * left queued on the bus, so an upgrade loses none of it; nothing queues mail here any more.
 */
export const startMailWorker = (bus: Bus, mailer: Mailer, onFailure: (error: unknown, attempt: number, to: string) => void = () => undefined): Promise<Unsubscribe> =>
  bus.work<MailMessage>({ queue: 'mailer', subject: MAIL_SUBJECT, maxAttempts: MAIL_ATTEMPTS, ackWaitMs: 30_000 }, async ({ data, attempt }) => {
    try {
      await mailer.send(data);
    } catch (error) {
      onFailure(error, attempt, data.to);
      throw error; // the bus tries again later
    }
  });
