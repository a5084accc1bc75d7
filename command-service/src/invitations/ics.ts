import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { DateTime } from 'luxon';
import { INTERVIEW_DAYS, INTERVIEW_TIME_SLOTS } from '@hireloop/contracts';

/** When each of the spec's slots starts, in the candidate's time zone; every slot lasts three hours. */
const SLOT_START_HOURS: Record<string, number> = { [INTERVIEW_TIME_SLOTS[0]]: 9, [INTERVIEW_TIME_SLOTS[1]]: 12, [INTERVIEW_TIME_SLOTS[2]]: 15 };
const SLOT_HOURS = 3;

export interface ProposedSlot {
  /** Stable for the invitation, the day and the slot: a calendar updates the event instead of adding one. */
  uid: string;
  day: string;
  slot: string;
  start: DateTime;
  end: DateTime;
}

/**
 * The slots the candidate offered, each on the next such weekday after the day they submitted
 * (in their time zone): "Monday, 9:00 AM - 12:00 PM" sent on a Wednesday is next Monday 09:00–12:00.
 */
export function proposedSlots(options: { invitationId: string; availableDays: readonly string[]; availableTimes: readonly string[]; timezone: string; submittedAt: string }): ProposedSlot[] {
  const submitted = DateTime.fromISO(options.submittedAt, { zone: options.timezone });
  const days = INTERVIEW_DAYS.filter((day) => options.availableDays.includes(day));
  const times = INTERVIEW_TIME_SLOTS.filter((slot) => options.availableTimes.includes(slot));
  return days.flatMap((day) => {
    const weekday = INTERVIEW_DAYS.indexOf(day) + 1; // luxon: Monday is 1
    const date = submitted.startOf('day').plus({ days: (weekday - submitted.weekday + 7) % 7 || 7 });
    return times.map((slot) => {
      const start = date.set({ hour: SLOT_START_HOURS[slot]!, minute: 0, second: 0, millisecond: 0 });
      return { uid: `${options.invitationId}-${day.toLowerCase()}-${SLOT_START_HOURS[slot]}@hireloop`, day, slot, start, end: start.plus({ hours: SLOT_HOURS }) };
    });
  });
}

export interface AvailabilityCalendar {
  invitationId: string;
  /** The version of the availability event in its stream: a calendar keeps the highest SEQUENCE. */
  sequence: number;
  jobTitle: string;
  companyName: string;
  candidate: { name: string; email: string };
  company: { email: string };
  availableDays: readonly string[];
  availableTimes: readonly string[];
  timezone: string;
  additionalNotes: string;
  submittedAt: string;
}

/**
 * One iCalendar request (METHOD:REQUEST) with one event per proposed slot, in the candidate's time
 * zone (with its VTIMEZONE), written by `ical-generator`. The candidate organises (a reply goes to
 * them); the company attends. `cancel`: a METHOD:CANCEL of these slots instead, but those whose uid
 * is in `except` (the ones a changed answer still offers), stamped `stampedAt` (ADR 118).
 */
export function availabilityCalendar(
  options: AvailabilityCalendar,
  { cancel = false, except = new Set<string>(), stampedAt = options.submittedAt }: { cancel?: boolean; except?: ReadonlySet<string>; stampedAt?: string } = {},
): string {
  const calendar = ical({
    prodId: { company: 'Hireloop', product: 'Interview availability', language: 'EN' },
    // A cancellation (RFC 5546 §3.2.5) withdraws the slots a changed answer no longer offers (ADR 118).
    method: cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
    name: `Interview: ${options.jobTitle}`,
  });
  // No calendar-wide zone: ical-generator writes DTSTAMP in the calendar's zone without a Z, and RFC 5545
  // §3.8.7.2 wants it in UTC. Each event names its zone (TZID), and the generator still adds its VTIMEZONE.
  calendar.timezone({ name: null, generator: getVtimezoneComponent });
  const stamp = new Date(stampedAt);
  for (const slot of proposedSlots(options).filter((proposed) => !except.has(proposed.uid))) {
    calendar.createEvent({
      id: slot.uid,
      sequence: options.sequence,
      ...(cancel ? { status: ICalEventStatus.CANCELLED } : {}),
      stamp,
      start: slot.start,
      end: slot.end,
      timezone: options.timezone,
      summary: `Interview: ${options.jobTitle} at ${options.companyName} (${slot.day}, ${slot.slot})`,
      description: options.additionalNotes ? `Notes from ${options.candidate.name}: ${options.additionalNotes}` : undefined,
      organizer: { name: options.candidate.name, email: options.candidate.email },
      attendees: [{ email: options.company.email, name: options.companyName }],
    });
  }
  return calendar.toString();
}
