import nodeIcal, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import { availabilityCalendar } from './ics';

/* The calendar is written with ical-generator and read back with another maintained parser (node-ical). */
const calendar = (overrides: Partial<Parameters<typeof availabilityCalendar>[0]> = {}) =>
  availabilityCalendar({
    invitationId: '0123456789abcdef0123456789abcdef',
    sequence: 3,
    jobTitle: 'Senior Data Engineer',
    companyName: 'Northwind',
    candidate: { name: 'Ada Lovelace', email: 'ada@example.com' },
    company: { email: 'maya@northwind.example' },
    availableDays: ['Wednesday', 'Monday'],
    availableTimes: ['3:00 PM - 6:00 PM'],
    timezone: 'America/New_York',
    additionalNotes: 'Mornings are hard.',
    // A Wednesday, 23:30 in New York (already Thursday in UTC).
    submittedAt: '2026-11-26T04:30:00.000Z',
    ...overrides,
  });

const eventsOf = (text: string) =>
  Object.values(nodeIcal.sync.parseICS(text))
    .filter((component): component is VEvent => component?.type === 'VEVENT')
    .sort((a, b) => a.start.getTime() - b.start.getTime());

describe('the availability calendar', () => {
  it('is a request with one event per proposed slot, on the next such weekday in the candidate’s time zone', () => {
    const text = calendar();
    expect(text).toContain('METHOD:REQUEST');
    const events = eventsOf(text);
    expect(events).toHaveLength(2);
    // Monday 30 November and Wednesday 2 December 2026, 15:00–18:00 in New York (UTC-5).
    expect(events.map((event) => [event.start.toISOString(), event.end!.toISOString()])).toEqual([
      ['2026-11-30T20:00:00.000Z', '2026-11-30T23:00:00.000Z'],
      ['2026-12-02T20:00:00.000Z', '2026-12-02T23:00:00.000Z'],
    ]);
    expect(events.map((event) => (event.start as Date & { tz?: string }).tz)).toEqual(['America/New_York', 'America/New_York']);
    expect(text).toMatch(/DTSTART;TZID=America\/New_York:20261130T150000/);
    expect(text).toContain('BEGIN:VTIMEZONE');
  });

  it('gives each slot a stable UID and the event version as SEQUENCE', () => {
    const first = eventsOf(calendar());
    const again = eventsOf(calendar({ sequence: 4, submittedAt: '2026-11-27T12:00:00.000Z' }));
    expect(first.map((event) => event.uid)).toEqual(['0123456789abcdef0123456789abcdef-monday-15@hireloop', '0123456789abcdef0123456789abcdef-wednesday-15@hireloop']);
    expect(again.map((event) => event.uid)).toEqual(first.map((event) => event.uid));
    expect(first.map((event) => Number(event.sequence))).toEqual([3, 3]);
    expect(again.map((event) => Number(event.sequence))).toEqual([4, 4]);
  });

  it('names the candidate as organiser and the company as attendee, with the notes', () => {
    const [event] = eventsOf(calendar({ availableDays: ['Friday'], availableTimes: ['9:00 AM - 12:00 PM'] }));
    expect(JSON.stringify(event!.organizer)).toContain('ada@example.com');
    expect(JSON.stringify(event!.attendee)).toContain('maya@northwind.example');
    expect(event!.description).toBe('Notes from Ada Lovelace: Mornings are hard.');
    expect(event!.summary).toBe('Interview: Senior Data Engineer at Northwind (Friday, 9:00 AM - 12:00 PM)');
  });

  it('keeps local office hours across a daylight-saving change (Berlin, late March)', () => {
    const [event] = eventsOf(calendar({ timezone: 'Europe/Berlin', availableDays: ['Monday'], availableTimes: ['9:00 AM - 12:00 PM'], submittedAt: '2027-03-26T10:00:00.000Z' }));
    // Monday 29 March 2027 is after the switch to summer time: 09:00 CEST is 07:00 UTC.
    expect(event!.start.toISOString()).toBe('2027-03-29T07:00:00.000Z');
  });

  it('stamps each event in UTC, with the Z RFC 5545 §3.8.7.2 asks for, at the moment the candidate submitted', () => {
    // Submitted 04:30 UTC: 23:30 the day before in New York, the calendar's zone.
    const text = calendar();
    const stamps = text.split('\r\n').filter((line) => line.startsWith('DTSTAMP'));
    expect(stamps).toHaveLength(2);
    expect(stamps).toEqual(['DTSTAMP:20261126T043000Z', 'DTSTAMP:20261126T043000Z']);
    // node-ical reads a stamp without Z as local time; with it, as this instant.
    for (const event of eventsOf(text)) expect(event.dtstamp.toISOString()).toBe('2026-11-26T04:30:00.000Z');
  });
});
