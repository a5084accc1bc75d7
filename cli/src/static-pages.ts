import { FOR_COMPANIES_PAGE, FOR_COMPANIES_PATH, SUBSCRIPTION_PLANS, UNLIMITED, staticPageAt, type StaticPageContent, type SubscriptionPlan } from '@hireloop/contracts';

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

const limitText = (limit: number) => (limit === UNLIMITED ? 'Unlimited' : String(limit));

function planBody(plan: SubscriptionPlan): string {
  return [
    '<li><article>',
    `<h3>${escapeHtml(plan.name)}</h3>`,
    `<p>${escapeHtml(plan.description)}</p>`,
    `<p>$${escapeHtml(plan.price)}/month</p>`,
    `<ul>${plan.features.map((feature) => `<li>${escapeHtml(feature)}</li>`).join('')}</ul>`,
    `<p>Job Postings: ${limitText(plan.maxJobPostings)}. Candidate Views: ${limitText(plan.maxCandidateViews)}.</p>`,
    '</article></li>',
  ].join('');
}

/**
 * `/for-companies` as HTML (ADR 044): the same hero, stats, benefits, plans, testimonials and
 * footer links the SPA's page shows. The plans are the contracts' constants, which the plans API
 * serves too. The calls to action are links to the company sign-up (`/signup?type=company`, the
 * spec's link); with JavaScript they open the sign-up dialog instead.
 */
export function forCompaniesBody(plans: readonly SubscriptionPlan[] = SUBSCRIPTION_PLANS): string {
  const page = FOR_COMPANIES_PAGE;
  const cta = (label: string) => `<p><a href="/signup?type=company">${escapeHtml(label)}</a></p>`;
  return [
    '<main><article>',
    `<h1>${escapeHtml(page.heading)}</h1>`,
    `<p>${escapeHtml(page.intro)}</p>`,
    cta(page.primaryCta),
    `<ul>${page.stats.map((stat) => `<li><strong>${escapeHtml(stat.value)}</strong> ${escapeHtml(stat.label)}</li>`).join('')}</ul>`,
    `<h2>${escapeHtml(page.benefitsHeading)}</h2>`,
    `<ul>${page.benefits.map((benefit) => `<li><h3>${escapeHtml(benefit.title)}</h3><p>${escapeHtml(benefit.text)}</p></li>`).join('')}</ul>`,
    `<h2>${escapeHtml(page.plansHeading)}</h2>`,
    `<p>${escapeHtml(page.plansIntro)}</p>`,
    `<ul>${plans.map(planBody).join('')}</ul>`,
    cta(page.planCta),
    `<h2>${escapeHtml(page.testimonialsHeading)}</h2>`,
    `<p>${escapeHtml(page.testimonialsNote)}</p>`,
    page.testimonials
      .map((testimonial) => `<figure><blockquote>${escapeHtml(testimonial.quote)}</blockquote><figcaption>${escapeHtml(testimonial.name)}, ${escapeHtml(testimonial.role)}</figcaption></figure>`)
      .join(''),
    `<h2>${escapeHtml(page.closingHeading)}</h2>`,
    `<p>${escapeHtml(page.closingText)}</p>`,
    cta(page.closingCta),
    `<nav aria-label="For companies"><ul>${page.footerLinks.map((link) => `<li><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></li>`).join('')}</ul></nav>`,
    '</article></main>',
  ].join('');
}

/** A pre-rendered page: its address, head and the content of the root element. */
function prerenderedPageAt(pathname: string): { path: string; title: string; description: string; body: string } | null {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  if (path === FOR_COMPANIES_PATH) {
    return { path, title: FOR_COMPANIES_PAGE.title, description: FOR_COMPANIES_PAGE.description, body: forCompaniesBody() };
  }
  const page = staticPageAt(pathname);
  return page ? { path: page.path, title: page.title, description: page.description, body: staticPageBody(page) } : null;
}

/**
 * The SPA's index.html for a static page or `/for-companies` (issue 15, ADR 040, ADR 044): its
 * title, description and canonical link in the <head> and its content in the root element, so it
 * reads without JavaScript; the app replaces the content with the same page when it starts. Null
 * for any other address.
 */
export function renderStaticPageFor(pathname: string, indexHtml: string, publicUrl: string): { status: number; html: string } | null {
  const page = prerenderedPageAt(pathname);
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
    .replace('<div id="root"></div>', `<div id="root">${page.body}</div>`);
  return { status: 200, html };
}
