/** A file sent with a mail (an iCalendar invitation, say); text only, since mail crosses the bus as JSON. */
export interface MailAttachment {
  filename: string;
  /** The MIME type, with its parameters (`text/calendar; charset=utf-8; method=REQUEST`). */
  contentType: string;
  content: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /**
   * Parts of the text only the recipient may see (reset links, codes). SMTP delivers them; the
   * outbox, which people other than the recipient can read, keeps the mail without them.
   */
  secrets?: string[];
}

export interface StoredMail extends Omit<MailMessage, 'secrets'> {
  id: string;
  from: string;
  sentAt: string;
}

export interface Mailer {
  /** Where the mail goes: 'smtp' delivers, 'outbox' keeps it for developers and admins to read. */
  readonly kind: 'smtp' | 'outbox';
  /**
   * `key` names the mail once (the outbox message's idempotency key, ADR 053): the kept outbox
   * keeps a mail sent twice with one key once; SMTP puts it in the Message-ID header, which
   * mail clients use to recognise the same mail delivered twice.
   */
  send(message: MailMessage, options?: { key?: string }): Promise<void>;
  /** The outbox's mails, newest first (SMTP keeps none). */
  list(options?: { to?: string; limit?: number }): Promise<StoredMail[]>;
  /** Deletes every kept mail to this address (an erased person, ADR 019); how many. SMTP keeps none. */
  forget(address: string): Promise<number>;
  close(): Promise<void>;
}

export const REDACTED = '[hidden: only the recipient can see this]';

/** iCalendar folds lines longer than 75 octets (a line break and a space): unfolded, a secret split by a fold is found. */
const unfolded = (attachment: MailAttachment) => (attachment.contentType.startsWith('text/calendar') ? attachment.content.replace(/\r?\n[ \t]/g, '') : attachment.content);

/** The mail as anyone but its recipient may see it: every secret replaced. */
export function redactMail<Message extends MailMessage>(message: Message): Omit<Message, 'secrets'> {
  const { secrets = [], ...mail } = message;
  const hide = (text: string) => secrets.filter(Boolean).reduce((result, secret) => result.split(secret).join(REDACTED), text);
  return {
    ...mail,
    subject: hide(mail.subject),
    text: hide(mail.text),
    ...(mail.html === undefined ? {} : { html: hide(mail.html) }),
    ...(mail.attachments === undefined ? {} : { attachments: mail.attachments.map((attachment) => ({ ...attachment, content: secrets.some(Boolean) ? hide(unfolded(attachment)) : attachment.content })) }),
  };
}
