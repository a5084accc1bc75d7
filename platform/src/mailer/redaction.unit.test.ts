import { describe, expect, it } from 'vitest';
import { REDACTED, redactMail } from './types';

/* What the outbox keeps of a mail (ADR 009): everything but the parts only its recipient may see. */
describe('redactMail', () => {
  it('hides every secret in the subject, the text, the html and text attachments', () => {
    const kept = redactMail({
      to: 'maya@northwind.example',
      subject: 'Availability: Ada Lovelace',
      text: 'Ada Lovelace (ada@example.com) is free.',
      html: '<p>Ada Lovelace</p>',
      attachments: [{ filename: 'a.txt', contentType: 'text/plain', content: 'Ada Lovelace' }],
      secrets: ['Ada Lovelace', 'ada@example.com', ''],
    });
    expect(kept).toEqual({
      to: 'maya@northwind.example',
      subject: `Availability: ${REDACTED}`,
      text: `${REDACTED} (${REDACTED}) is free.`,
      html: `<p>${REDACTED}</p>`,
      attachments: [{ filename: 'a.txt', contentType: 'text/plain', content: REDACTED }],
    });
  });

  it('finds a secret that a calendar folded across lines', () => {
    const calendar = ['BEGIN:VEVENT', 'DESCRIPTION:Notes from Ada Lovelace: mornings are best for me\\, before the', '  stand-up; ask for Ada Lov', ' elace at the desk', 'END:VEVENT'].join('\r\n');
    const [kept] = redactMail({ to: 'x@example.com', subject: 's', text: 't', attachments: [{ filename: 'i.ics', contentType: 'text/calendar; method=REQUEST', content: calendar }], secrets: ['Ada Lovelace'] }).attachments!;
    expect(kept!.content).not.toContain('Lovelace');
    expect(kept!.content).not.toContain('Lov');
    expect(kept!.content).toContain('BEGIN:VEVENT');
  });

  it('leaves a mail without secrets as it is', () => {
    const mail = { to: 'x@example.com', subject: 'Hello', text: 'Plain', attachments: [{ filename: 'i.ics', contentType: 'text/calendar', content: 'LINE\r\n FOLDED' }] };
    expect(redactMail(mail)).toEqual(mail);
  });
});
