/**
 * `/for-companies`, the company marketing page (spec part 2 "/for-companies (marketing)"), as
 * content both the SPA and the server render: the server puts it in the page's HTML (with the
 * plans of `SUBSCRIPTION_PLANS`), the SPA shows the same words with the plans of
 * `GET /api/subscription/plans` (issue 15, ADR 040, ADR 044). Plain values only (ADR 014).
 */

export const FOR_COMPANIES_PATH = '/for-companies';

export interface MarketingStat {
  value: string;
  label: string;
}

export interface MarketingBenefit {
  title: string;
  text: string;
}

export interface MarketingTestimonial {
  quote: string;
  name: string;
  role: string;
}

export const FOR_COMPANIES_PAGE = {
  path: FOR_COMPANIES_PATH,
  /** The document title (`… | Hireloop`). */
  title: 'For Companies | Hireloop',
  description:
    'Hire tech talent on Hireloop: post a job for free, browse anonymous candidate profiles by skills, and ask the right people to apply.',
  heading: 'Find Top Tech Talent Faster Than Ever',
  intro:
    'Post your jobs, browse candidates who match your stack, and ask the best of them to apply. Your first job post is free.',
  /** The hero's call to action (it opens the company sign-up). */
  primaryCta: 'Start Hiring Free',
  /** The spec's static stats. */
  stats: [
    { value: '1000+', label: 'Candidates' },
    { value: '250+', label: 'Companies' },
    { value: '95%', label: 'Match Success' },
    { value: '48hrs', label: 'Average Time to Hire' },
  ] as readonly MarketingStat[],
  benefitsHeading: 'Why companies hire on Hireloop',
  benefits: [
    {
      title: 'Candidates who match your stack',
      text: 'Browse candidate cards by title, skills, location and experience, and see at a glance who is actively looking.',
    },
    {
      title: 'Privacy that builds trust',
      text: 'Candidates stay anonymous until they apply or reveal their profile to you, so the people you meet chose to talk to you.',
    },
    {
      title: 'Request to apply',
      text: 'Ask a candidate to apply to one of your jobs and follow the request from email sent to offer stage.',
    },
    {
      title: 'Applicants in one place',
      text: 'Every application to your jobs, with its history, on your dashboard; close and reopen jobs when you need to.',
    },
    {
      title: 'Contact candidates directly',
      text: 'On a paid plan, write to the candidates you are interested in about a job, without leaving Hireloop.',
    },
    {
      title: 'Start for free',
      text: 'Post your first job and browse candidates on the free plan; upgrade only when you need more posts and profile views.',
    },
  ] as readonly MarketingBenefit[],
  plansHeading: 'Simple, transparent pricing',
  plansIntro: 'Start free. Paid plans include a 14-day free trial and can be cancelled anytime.',
  /** The plan card's call to action (it opens the company sign-up). */
  planCta: 'Get Started',
  testimonialsHeading: 'What hiring teams say',
  /** The spec's testimonials are sample content: the page says so. */
  testimonialsNote: 'Sample testimonials, for illustration.',
  testimonials: [
    {
      quote: 'We filled two senior backend roles in three weeks. The candidates we talked to already knew our stack.',
      name: 'Maya Chen',
      role: 'Head of Engineering, a fintech startup',
    },
    {
      quote: 'Asking candidates to apply instead of sifting through hundreds of résumés saved our small team days every month.',
      name: 'Daniel Okafor',
      role: 'CTO, a logistics software company',
    },
    {
      quote: 'Anonymous profiles kept us focused on skills. Our last three hires came from Hireloop.',
      name: 'Sofia Martins',
      role: 'Talent Lead, a developer tools company',
    },
  ] as readonly MarketingTestimonial[],
  closingHeading: 'Ready to meet your next hire?',
  closingText: 'Create a company account in a minute and post your first job for free.',
  closingCta: 'Create Company Account',
  /** The spec's footer links. */
  footerLinks: [
    { label: 'Browse Jobs', href: '/jobs' },
    { label: 'Dashboard', href: '/dashboard' },
    { label: 'Privacy Policy', href: '/privacy' },
    { label: 'Terms of Service', href: '/terms' },
  ] as ReadonlyArray<{ label: string; href: string }>,
} as const;
