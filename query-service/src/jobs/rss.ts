import type { Job } from '@hireloop/contracts';

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!);

/** Open jobs as RSS 2.0, newest first, each linking to its page on the board. */
export function jobsRss(jobs: readonly Job[], publicUrl: string): string {
  const base = publicUrl.replace(/\/$/, '');
  const items = jobs.map((job) => {
    const link = `${base}/job/${encodeURIComponent(job.id)}`;
    const summary = `${job.company} · ${job.location}${job.salary ? ` · ${job.salary}` : ''}\n\n${job.description.slice(0, 1000)}`;
    return [
      '    <item>',
      `      <title>${escapeXml(`${job.title} at ${job.company}`)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${new Date(job.createdAt).toUTCString()}</pubDate>`,
      `      <description>${escapeXml(summary)}</description>`,
      ...job.skills.map((skill) => `      <category>${escapeXml(skill)}</category>`),
      '    </item>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    '    <title>Hireloop — open tech jobs</title>',
    `    <link>${escapeXml(`${base}/jobs`)}</link>`,
    `    <atom:link href="${escapeXml(`${base}/api/jobs/rss`)}" rel="self" type="application/rss+xml"/>`,
    '    <description>The newest open jobs on Hireloop.</description>',
    '    <language>en</language>',
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** The pages every visitor can read, beside the job pages. */
const PUBLIC_PAGES = ['/', '/jobs', '/pricing', '/for-companies', '/terms', '/privacy', '/about-founder', '/contact'];

/**
 * `/sitemap.xml` (sitemaps.org): the public pages and every open job's page, newest first, at
 * most 50,000 addresses (the protocol's limit for one file).
 */
export function sitemapXml(jobs: readonly Job[], publicUrl: string): string {
  const base = publicUrl.replace(/\/$/, '');
  const url = (loc: string, lastmod?: string) => `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PAGES.map((page) => url(`${base}${page}`)),
    ...jobs.slice(0, 50_000 - PUBLIC_PAGES.length).map((job) => url(`${base}/job/${encodeURIComponent(job.id)}`, job.createdAt)),
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * Addresses search engines are asked to leave alone: what only a signed-in person sees (dashboards,
 * inbox, admin), single-use or secret links (invitations, password resets, the assistant's
 * callback), candidates' profiles (a person found by their name on a search engine did not ask to
 * be: Hireloop shows them to companies, not to the web), copies of job pages (share links), and
 * the API.
 */
export const ROBOTS_DISALLOWED = [
  '/api/',
  '/admin',
  '/dashboard',
  '/inbox',
  '/browse-candidates',
  '/candidates',
  '/profile/',
  '/invitation/',
  '/my-invitations/',
  '/reset-password',
  '/mysalt-callback',
  '/resume-upload',
  '/signin',
  '/share/',
];

/** `/robots.txt`: the public pages and job pages are open to crawlers, the rest is not; where the sitemap is. */
export function robotsTxt(publicUrl: string): string {
  const base = publicUrl.replace(/\/$/, '');
  return ['User-agent: *', ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`), 'Allow: /', '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
}
