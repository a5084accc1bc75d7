import type { MailMessage } from '@hireloop/platform/mailer/types';

/**
 * The company's message, as the candidate gets it by email (part 2 §8: "the message goes to the
 * candidate by email"). The same message waits in their Hireloop inbox. Nothing in it is a secret
 * from the outbox: it is the candidate's own mail, and erasing them deletes it (ADR 019).
 */
export function contactMail(options: { to: string; candidateName: string; companyName: string; message: string; inboxUrl: string; reply?: boolean }): MailMessage {
  return {
    to: options.to,
    // A company's answer in a conversation you are in (ADR 069) is not a first contact.
    subject: options.reply ? `${options.companyName} answered you on Hireloop` : `${options.companyName} would like to get in touch`,
    text: [
      `Hi ${options.candidateName || 'there'},`,
      '',
      options.reply ? `${options.companyName} answered in your conversation on Hireloop:` : `${options.companyName} saw your anonymous profile on Hireloop and sent you a message:`,
      '',
      options.message,
      '',
      options.reply ? `Read it and reply in your Hireloop inbox: ${options.inboxUrl}` : `You can read it again in your Hireloop inbox: ${options.inboxUrl}`,
      '',
      'The company sees only your anonymous profile: your name and email stay private unless you choose to share them.',
    ].join('\n'),
  };
}

/**
 * A candidate answered in a conversation (ADR 069): the company user who wrote last is told, with
 * a link to the inbox. The reply itself stays in the app: the candidate may be anonymous to the
 * company, and a mail is forwarded and kept where Hireloop cannot erase it.
 */
export function candidateReplyMail(options: { to: string; userName: string; companyName: string; inboxUrl: string }): MailMessage {
  return {
    to: options.to,
    subject: `A candidate replied to ${options.companyName} on Hireloop`,
    text: [
      `Hi ${options.userName || 'there'},`,
      '',
      `A candidate you contacted on Hireloop replied to ${options.companyName}'s message.`,
      '',
      `Read the reply and answer in your Hireloop inbox: ${options.inboxUrl}`,
    ].join('\n'),
  };
}
