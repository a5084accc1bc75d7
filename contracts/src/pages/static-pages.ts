/**
 * The static pages (part 2 "Static pages": /terms, /privacy, /about-founder; part 1's /contact
 * link), as content both the SPA and the server render: the server puts it in the HTML it sends,
 * so the pages read without JavaScript and crawlers see their titles and descriptions (issue 15,
 * ADR 040). Plain values only (ADR 014).
 */

export interface StaticSection {
  heading: string;
  paragraphs: readonly string[];
  list?: readonly string[];
}

export interface StaticPageContent {
  path: '/terms' | '/privacy' | '/about-founder' | '/contact';
  /** The document title (`… | Hireloop`). */
  title: string;
  /** The meta description. */
  description: string;
  heading: string;
  /** The spec's date for the legal pages. */
  lastUpdated?: string;
  intro: string;
  sections: readonly StaticSection[];
  /** Links the page ends with (a mailbox, a profile). */
  links?: ReadonlyArray<{ label: string; href: string }>;
}

export const LEGAL_LAST_UPDATED = 'September 12, 2025';
export const CONTACT_MAILBOXES = { privacy: 'privacy@hireloop.com', legal: 'legal@hireloop.com', hello: 'hello@hireloop.com' } as const;

export const STATIC_PAGES: Readonly<Record<StaticPageContent['path'], StaticPageContent>> = {
  '/terms': {
    path: '/terms',
    title: 'Terms of Service | Hireloop',
    description: 'The terms for using Hireloop, the job board and talent marketplace for tech job seekers and the companies hiring them.',
    heading: 'Terms of Service',
    lastUpdated: LEGAL_LAST_UPDATED,
    intro: 'These terms apply to everyone who uses Hireloop: candidates looking for work, companies hiring, and visitors browsing jobs. By creating an account or using the site you agree to them.',
    sections: [
      {
        heading: 'Your account',
        paragraphs: [
          'You are responsible for the accuracy of what you put in your account, your profile and your job posts, and for keeping your password safe.',
          'You may close your account at any time. We may suspend an account that breaks these terms, after telling you why when the law allows.',
        ],
      },
      {
        heading: 'Candidates',
        paragraphs: [
          'Your profile is anonymous to companies until you apply to one of their jobs or reveal it to them. You decide whether it is public or private, and whether you are actively looking.',
        ],
      },
      {
        heading: 'Companies',
        paragraphs: [
          'Job posts must describe real, open positions. Contacting candidates is part of the paid plans and must be about a job; sending the same message to many candidates or selling their details is not allowed.',
          'Paid plans renew each billing period until cancelled from the billing portal; a cancellation takes effect at the end of the period already paid for.',
        ],
      },
      {
        heading: 'What we do not promise',
        paragraphs: ['We work to keep Hireloop available and the jobs on it genuine, but we cannot guarantee that any application leads to a job or that any job post leads to a hire.'],
      },
    ],
    links: [{ label: CONTACT_MAILBOXES.legal, href: `mailto:${CONTACT_MAILBOXES.legal}` }],
  },
  '/privacy': {
    path: '/privacy',
    title: 'Privacy Policy | Hireloop',
    description: 'How Hireloop keeps candidates anonymous until they apply, what data it keeps, and how to see, change or delete yours.',
    heading: 'Privacy Policy',
    lastUpdated: LEGAL_LAST_UPDATED,
    intro: 'Hireloop is built so that candidates stay anonymous until they choose otherwise. This page says what we keep, why, and what you can do about it.',
    sections: [
      {
        heading: 'Candidates stay anonymous until they apply',
        paragraphs: [
          'Companies browsing candidates see an anonymous card: a title, a location, skills and availability — never a name, email, phone number, links or pictures.',
          'Your name and contact details reach a company only when you apply to its job or reveal your profile to it from an invitation. Your dashboard shows every company that saw your card, opened your profile, asked you to apply or wrote to you.',
        ],
      },
      {
        heading: 'What we keep',
        paragraphs: ['We keep what you give us and what you do on Hireloop, to run the service:'],
        list: [
          'your account: name, email address and a hash of your password (never the password itself);',
          'your profile and resume details, if you add them;',
          'your applications, invitations and messages;',
          'for companies, the plan and billing status (card details stay with our payment provider).',
        ],
      },
      {
        heading: 'Cookies and analytics',
        paragraphs: [
          'Essential storage keeps you signed in and remembers your cookie choice. Analytics run only after you choose Accept All Cookies; with Essential Only, no analytics request leaves your browser.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          'You can access, update or delete your data at any time: edit your profile from your dashboard, export it as a JSON Resume, or ask us to delete your account. Deleting an account erases your personal data from every copy we keep, including our history of changes.',
        ],
      },
    ],
    links: [{ label: CONTACT_MAILBOXES.privacy, href: `mailto:${CONTACT_MAILBOXES.privacy}` }],
  },
  '/about-founder': {
    path: '/about-founder',
    title: 'About the Founder | Hireloop',
    description: 'Why Hireloop exists: a job board where tech candidates stay anonymous until they choose, and companies hire from a live pool of talent.',
    heading: 'About the Founder',
    intro: 'Hireloop was started by an engineer who spent a decade on both sides of tech hiring: applying into silence as a candidate, and reading hundreds of resumes as a hiring manager.',
    sections: [
      {
        heading: 'Why Hireloop',
        paragraphs: [
          'Most job boards make candidates give away their name and contact details before they know who is looking. Hireloop turns that around: candidates show their skills first and their name only when they want to.',
          'For companies, that means a live pool of people who are actually looking, and answers to every application instead of a black hole — every application on Hireloop gets a status, even if it is "no response".',
        ],
      },
    ],
    links: [{ label: 'Hireloop on LinkedIn', href: 'https://www.linkedin.com/company/hireloop' }],
  },
  '/contact': {
    path: '/contact',
    title: 'Contact | Hireloop',
    description: 'How to reach Hireloop: questions about jobs, hiring, plans and billing, or your data.',
    heading: 'Contact Us',
    intro: 'We read every message and answer within two working days.',
    sections: [
      { heading: 'Hiring and plans', paragraphs: [`Questions about posting jobs, browsing candidates or your plan: ${CONTACT_MAILBOXES.hello}.`] },
      { heading: 'Your data', paragraphs: [`To see, change or delete your data, or for anything about privacy: ${CONTACT_MAILBOXES.privacy}.`] },
    ],
    links: [
      { label: CONTACT_MAILBOXES.hello, href: `mailto:${CONTACT_MAILBOXES.hello}` },
      { label: CONTACT_MAILBOXES.privacy, href: `mailto:${CONTACT_MAILBOXES.privacy}` },
    ],
  },
};

/** The static page at `pathname` (a trailing slash allowed), or null. */
export function staticPageAt(pathname: string): StaticPageContent | null {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return (STATIC_PAGES as Record<string, StaticPageContent>)[path] ?? null;
}
