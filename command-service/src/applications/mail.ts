import { jobStreamId, type ApplicationEvent } from '@hireloop/contracts';
import type { MailMessage } from '@hireloop/platform/mailer/types';
import { mailToSend } from '@hireloop/platform/mailer/hand-over';
import type { OutboxMessage } from '@hireloop/platform/outbox';
import { loadCompanyName, loadUserAccount } from '../auth/accounts';
import { jobDecider } from '../jobs/decider';
import type { CommandServiceDeps } from '../shared/deps';
import { loadState } from '../shared/stream';

/** The moves the candidate hears about by mail: the company answered (or, for 30 days, did not). */
export const MAILED_MOVES = {
  ApplicationInterviewInvited: 'interview',
  ApplicationDeclined: 'declined',
  ApplicationMarkedNoResponse: 'no_response',
} as const satisfies Partial<Record<ApplicationEvent['type'], string>>;
export type MailedMove = (typeof MAILED_MOVES)[keyof typeof MAILED_MOVES];

const isMailedMove = (type: string): type is keyof typeof MAILED_MOVES => Object.hasOwn(MAILED_MOVES, type);

/**
 * The mail to the candidate when their application moves (ADR 033). Nothing in it is a secret:
 * the link is the dashboard, which asks them to sign in.
 */
export function applicationMoveMail(options: { to: string; candidateName: string; companyName: string; jobTitle: string; move: MailedMove; dashboardUrl: string }): MailMessage {
  const { companyName, jobTitle } = options;
  const greeting = `Hi ${options.candidateName || 'there'},`;
  const follow = ['', 'You can follow all your applications on your dashboard:', '', options.dashboardUrl];
  switch (options.move) {
    case 'interview':
      return {
        to: options.to,
        subject: `${companyName} invites you to interview: ${jobTitle}`,
        text: [greeting, '', `Good news: ${companyName} would like to interview you for ${jobTitle}. They will be in touch to arrange a time.`, ...follow].join('\n'),
      };
    case 'declined':
      return {
        to: options.to,
        subject: `Your application for ${jobTitle} at ${companyName}`,
        text: [
          greeting,
          '',
          `Thank you for applying for ${jobTitle}. ${companyName} has decided not to move forward with your application.`,
          'We wish you the best with your search; new jobs are posted on Hireloop every day.',
          ...follow,
        ].join('\n'),
      };
    case 'no_response':
      return {
        to: options.to,
        subject: `No answer yet on your application for ${jobTitle}`,
        text: [
          greeting,
          '',
          `${companyName} has not answered your application for ${jobTitle} in 30 days, so it is now marked "No response".`,
          'They may still answer it; in the meantime, you may want to look at other jobs.',
          ...follow,
        ].join('\n'),
      };
  }
}

/**
 * The mails to the candidate about the moves being recorded, for those they hear about: appended
 * with the moves (ADR 053). Mail is a side effect: one that cannot be written is reported, the
 * move stands. The key names the application and the stream's version after the append.
 */
export async function applicationMoveMails(deps: CommandServiceDeps, events: readonly ApplicationEvent[], version: number, onError: (error: unknown, messageId: string) => void): Promise<OutboxMessage[]> {
  const mails: OutboxMessage[] = [];
  for (const event of events) {
    const mail = await mailApplicationMove(deps, event, version, onError);
    if (mail) mails.push(mail);
  }
  return mails;
}

async function mailApplicationMove(deps: CommandServiceDeps, event: ApplicationEvent, version: number, onError: (error: unknown, messageId: string) => void): Promise<OutboxMessage | null> {
  if (!isMailedMove(event.type)) return null;
  const move = MAILED_MOVES[event.type];
  const { applicationId, jobId, candidateUserId } = event.data;
  const messageId = `application-${move}-${applicationId}-${version}`;
  try {
    const account = await loadUserAccount(deps, candidateUserId);
    // An erased (or unknown) candidate gets no mail.
    if (account.status !== 'registered') return null;
    const { state: job } = await loadState(deps.eventStore, jobStreamId(jobId), jobDecider);
    if (job.status === 'none') return null;
    const companyName = (await loadCompanyName(deps, job.companyId)) ?? job.content.company;
    const dashboardUrl = `${deps.publicUrl.replace(/\/$/, '')}/dashboard`;
    return mailToSend(applicationMoveMail({ to: account.email, candidateName: account.name, companyName, jobTitle: job.content.title, move, dashboardUrl }), messageId);
  } catch (error) {
    onError(error, messageId);
    return null;
  }
}
