import { CRASH_POINTS, crashPoint } from '../fault-injection/crash-point';
import type { OutboxHandler, OutboxMessage } from '../outbox';
import type { MailMessage, Mailer } from './types';

export const MAIL_TOPIC = 'mail.send';

/**
 * The outbox message that has `message` sent once the change that asks for it is committed: pass
 * it with the change's events (`append(…, { outbox })`, ADR 053). `key` names this mail among
 * all others, the same on every retry of the command that asks for it.
 */
export const mailToSend = (message: MailMessage, key: string): OutboxMessage => ({ key, topic: MAIL_TOPIC, payload: message });

/** The relay's handler for mail: delivers through the mailer (SMTP, or the kept outbox), named by its key. */
export const mailHandlers = (mailer: Mailer): Record<string, OutboxHandler> => ({
  [MAIL_TOPIC]: async (payload, key) => {
    crashPoint(CRASH_POINTS.afterAppendBeforeMail);
    // Written by `mailToSend` in this codebase, read back as stored (jsonb).
    await mailer.send(payload as MailMessage, { key });
  },
});
