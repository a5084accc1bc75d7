import { staticPageAt, type StaticPageContent } from '@hireloop/contracts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page's content as HTML, the same headings, paragraphs and links the SPA's page shows. */
export function staticPageBody(page: StaticPageContent): string {
  const sections = page.sections.map((section) =>
    [
      `<h2>${escapeHtml(section.heading)}</h2>`,
      ...section.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      section.list ? `<ul>${section.list.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` : '',
    ].join(''),
  );
  const links = (page.links ?? []).map((link) => `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`);
  return [
    '<main><article>',
    `<h1>${escapeHtml(page.heading)}</h1>`,
    page.lastUpdated ? `<p>Last updated ${escapeHtml(page.lastUpdated)}</p>` : '',
    `<p>${escapeHtml(page.intro)}</p>`,
    ...sections,
    ...links,
    '</article></main>',
  ].join('');
}

/**
 * The SPA's index.html for a static page (issue 15, ADR 040): its title, description and canonical
 * link in the <head> and its content in the root element, so it reads without JavaScript; the app
 * replaces the content with the same page when it starts. Null for any other address.
 */
export function renderStaticPageFor(pathname: string, indexHtml: string, publicUrl: string): { status: number; html: string } | null {
  const page = staticPageAt(pathname);
  if (!page) return null;
  const head = [
    `<title>${escapeHtml(page.title)}</title>`,
    `<link rel="canonical" href="${escapeHtml(`${publicUrl.replace(/\/$/, '')}${page.path}`)}">`,
    `<meta property="og:title" content="${escapeHtml(page.title)}">`,
    `<meta property="og:description" content="${escapeHtml(page.description)}">`,
  ];
  const html = indexHtml
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${escapeHtml(page.description)}" />`)
    .replace('</head>', `    ${head.join('\n    ')}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${staticPageBody(page)}</div>`);
  return { status: 200, html };
}
