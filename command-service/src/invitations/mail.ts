import { companyStreamId, type InterviewAvailabilitySubmitted } from '@hireloop/contracts';
import type { MailMessage } from '@hireloop/platform/mailer/types';
import { loadUserAccount } from '../auth/accounts';
import { companyDecider } from '../companies/decider';
import type { CommandServiceDeps } from '../shared/deps';
import { loadState } from '../shared/stream';
import { availabilityCalendar, proposedSlots } from './ics';

/** A text as iCalendar writes it (RFC 5545 §3.3.11): so a secret is also found inside the calendar. */
const icsText = (text: string) => text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

const base = (deps: CommandServiceDeps) => deps.publicUrl.replace(/\/$/, '');

/** The link the candidate opens: the token is the secret, so the outbox keeps the mail without it (ADR 009). */
export const invitationLink = (deps: CommandServiceDeps, token: string) => `${base(deps)}/invitation/${token}`;

export function invitationMail(options: { to: string; candidateName: string; companyName: string; jobTitle: string; message: string; link: string; expiresAt: string }): MailMessage {
  return {
    to: options.to,
    subject: `${options.companyName} invites you to apply: ${options.jobTitle}`,
    text: [
      `Hi ${options.candidateName},`,
      '',
      `${options.companyName} saw your anonymous profile on Hireloop and invites you to apply for ${options.jobTitle}.`,
      ...(options.message ? ['', 'Their message:', options.message] : []),
      '',
      'Open the invitation to see the job and the company, and reveal your profile to them if you wish:',
      '',
      options.link,
      '',
      `The link works until ${options.expiresAt.slice(0, 10)}. Your name and email stay hidden from the company until you reveal your profile.`,
    ].join('\n'),
    secrets: [options.link],
  };
}

/** To the candidate when the company moves their request to the offer stage (part 1 §4): what it means, and where to follow it. */
export function offerStageMail(options: { to: string; candidateName: string; companyName: string; jobTitle: string; dashboardUrl: string }): MailMessage {
  return {
    to: options.to,
    subject: `${options.companyName} moved you to the offer stage: ${options.jobTitle}`,
    text: [
      `Hi ${options.candidateName},`,
      '',
      `Good news: after your interview times, ${options.companyName} has moved you to the offer stage for ${options.jobTitle}. They will be in touch about an offer.`,
      '',
      'Your dashboard shows where each of your applications and invitations stands:',
      '',
      options.dashboardUrl,
    ].join('\n'),
    secrets: [],
  };
}

export function revealMail(options: { to: string; companyName: string; jobTitle: string; candidate: { name: string; email: string }; profileUrl: string }): MailMessage {
  return {
    to: options.to,
    subject: `A candidate revealed their profile for ${options.jobTitle}`,
    text: [
      `Hello ${options.companyName},`,
      '',
      `${options.candidate.name} accepted your invitation to apply for ${options.jobTitle} and revealed their profile to you.`,
      '',
      `Email: ${options.candidate.email}`,
      `Profile: ${options.profileUrl}`,
      '',
      'They may now send you the times they are available for an interview.',
    ].join('\n'),
    // Who the candidate is goes to the company only: the outbox, read by others, keeps the mail
    // without it, so erasing the candidate leaves no copy there either (ADR 009, ADR 019).
    secrets: [options.candidate.name, options.candidate.email],
  };
}

/**
 * The times a candidate offered, to the company: a calendar request with one event per slot. When
 * they change their answer (`previous`: the one it replaces, ADR 118), the same uids with a higher
 * SEQUENCE move or keep the events, and a second calendar cancels the slots no longer offered.
 */
export function availabilityMail(options: {
  to: string;
  companyName: string;
  jobTitle: string;
  candidate: { name: string; email: string };
  availability: InterviewAvailabilitySubmitted;
  previous: Omit<InterviewAvailabilitySubmitted, 'invitationId' | 'jobId' | 'companyId' | 'candidateUserId'> | null;
  sequence: number;
}): MailMessage {
  const { availability, previous } = options;
  const calendarOf = (answer: Omit<InterviewAvailabilitySubmitted, 'invitationId' | 'jobId' | 'companyId' | 'candidateUserId'>) => ({
    invitationId: availability.invitationId,
    sequence: options.sequence,
    jobTitle: options.jobTitle,
    companyName: options.companyName,
    candidate: options.candidate,
    company: { email: options.to },
    availableDays: answer.availableDays,
    availableTimes: answer.availableTimes,
    timezone: answer.timezone,
    additionalNotes: answer.additionalNotes,
    submittedAt: answer.submittedAt,
  });
  const calendar = availabilityCalendar(calendarOf(availability));
  const offered = new Set(proposedSlots(calendarOf(availability)).map((slot) => slot.uid));
  const withdrawn = previous ? proposedSlots(calendarOf(previous)).filter((slot) => !offered.has(slot.uid)) : [];
  const cancellation = withdrawn.length
    ? availabilityCalendar(calendarOf(previous!), { cancel: true, except: offered, stampedAt: availability.submittedAt })
    : null;
  return {
    to: options.to,
    subject: `${previous ? 'Interview availability changed' : 'Interview availability'} for ${options.jobTitle}: ${options.candidate.name}`,
    text: [
      `Hello ${options.companyName},`,
      '',
      previous
        ? `${options.candidate.name} (${options.candidate.email}) changed the times they are available for an interview for ${options.jobTitle}. Their times now:`
        : `${options.candidate.name} (${options.candidate.email}) is available for an interview for ${options.jobTitle}:`,
      '',
      `Days: ${availability.availableDays.join(', ')}`,
      `Times: ${availability.availableTimes.join(', ')}`,
      `Time zone: ${availability.timezone}`,
      ...(availability.additionalNotes ? [`Notes: ${availability.additionalNotes}`] : []),
      '',
      'The attached calendar file holds one event per proposed slot; accept the one that suits you.',
      ...(cancellation ? [`The slots no longer offered (${withdrawn.map((slot) => `${slot.day}, ${slot.slot}`).join('; ')}) are withdrawn by the second calendar file.`] : []),
    ].join('\n'),
    attachments: [
      { filename: 'interview-availability.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST', content: calendar },
      ...(cancellation ? [{ filename: 'withdrawn-slots.ics', contentType: 'text/calendar; charset=utf-8; method=CANCEL', content: cancellation }] : []),
    ],
    // As for the reveal: the candidate's name, email and notes reach the company only (and are hidden in the calendar's outbox copy too).
    secrets: [options.candidate.name, options.candidate.email, availability.additionalNotes, ...(previous ? [previous.additionalNotes] : [])]
      .filter((secret) => secret !== '')
      .flatMap((secret) => [secret, icsText(secret)]),
  };
}

/** Where a company's mail goes: the address of the user who owns it (null for a company without one). */
export async function companyContact(deps: CommandServiceDeps, companyId: string): Promise<{ name: string; email: string } | null> {
  const { state } = await loadState(deps.eventStore, companyStreamId(companyId), companyDecider);
  if (state.status !== 'registered' || !state.ownerUserId) return null;
  const owner = await loadUserAccount(deps, state.ownerUserId);
  return owner.status === 'registered' ? { name: state.name, email: owner.email } : null;
}
