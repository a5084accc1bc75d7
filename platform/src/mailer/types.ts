export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface StoredMail extends MailMessage {
  id: string;
  from: string;
  sentAt: string;
}

export interface Mailer {
  /** Where the mail goes: 'smtp' delivers, 'outbox' keeps it for developers and admins to read. */
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  /** The outbox's mails, newest first (SMTP keeps none). */
  list(options?: { to?: string; limit?: number }): Promise<StoredMail[]>;
  close(): Promise<void>;
}
