import type { Bus, Unsubscribe } from '../bus/types';
import type { MailMessage, Mailer } from './types';

export const MAIL_SUBJECT = 'mail.send';

/**
 * Mail leaves through the bus's durable work queue: the request that asked for it answers at
 * once (its timing says nothing about the account), and a failing SMTP server is retried.
 */
export const enqueueMail = (bus: Bus, message: MailMessage, messageId: string) => bus.enqueue(MAIL_SUBJECT, message, { messageId });

export const MAIL_ATTEMPTS = 8;

export const startMailWorker = (bus: Bus, mailer: Mailer, onFailure: (error: unknown, attempt: number, to: string) => void = () => undefined): Promise<Unsubscribe> =>
  bus.work<MailMessage>({ queue: 'mailer', subject: MAIL_SUBJECT, maxAttempts: MAIL_ATTEMPTS, ackWaitMs: 30_000 }, async ({ data, attempt }) => {
    try {
      await mailer.send(data);
    } catch (error) {
      onFailure(error, attempt, data.to);
      throw error; // the bus tries again later
    }
  });
