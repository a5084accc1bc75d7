import type { Bus, Unsubscribe } from '../bus/types';
import type { MailMessage, Mailer } from './types';

export const MAIL_SUBJECT = 'mail.send';

/**
 * Mail leaves through the bus's durable work queue: the request that asked for it answers at
 * once (its timing says nothing about the account), and a failing SMTP server is retried.
 */
export const enqueueMail = (bus: Bus, message: MailMessage, messageId: string) => bus.enqueue(MAIL_SUBJECT, message, { messageId });

export const startMailWorker = (bus: Bus, mailer: Mailer): Promise<Unsubscribe> =>
  bus.work<MailMessage>({ queue: 'mailer', subject: MAIL_SUBJECT, maxAttempts: 8, ackWaitMs: 30_000 }, async ({ data }) => {
    await mailer.send(data);
  });
