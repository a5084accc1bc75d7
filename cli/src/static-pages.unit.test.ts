import { FOR_COMPANIES_PAGE, SUBSCRIPTION_PLANS } from '@hireloop/contracts';
import { describe, expect, it } from 'vitest';
import { forCompaniesBody, renderStaticPageFor } from './static-pages';

const INDEX_HTML = '<!doctype html><html><head><title>Hireloop</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>';

describe('/for-companies in the HTML (ADR 044)', () => {
  it('puts the title, description, canonical link and the whole page in the HTML', () => {
    const page = renderStaticPageFor('/for-companies', INDEX_HTML, 'https://hireloop.example/');
    expect(page?.status).toBe(200);
    const html = page!.html;
    expect(html).toContain('<title>For Companies | Hireloop</title>');
    expect(html).toContain(`<meta name="description" content="${FOR_COMPANIES_PAGE.description}" />`);
    expect(html).toContain('<link rel="canonical" href="https://hireloop.example/for-companies">');
    expect(html).toContain('<div id="root"><main><article><h1>Find Top Tech Talent Faster Than Ever</h1>');
    // A trailing slash is the same page.
    expect(renderStaticPageFor('/for-companies/', INDEX_HTML, 'https://hireloop.example')?.html).toContain('<h1>Find Top Tech Talent Faster Than Ever</h1>');
  });

  it('has the four stats, six benefits, four plans, three testimonials and the footer links', () => {
    const body = forCompaniesBody();
    for (const stat of ['1000+', '250+', '95%', '48hrs']) expect(body).toContain(`<strong>${stat}</strong>`);
    for (const benefit of FOR_COMPANIES_PAGE.benefits) expect(body).toContain(`<h3>${benefit.title}</h3>`);
    expect(FOR_COMPANIES_PAGE.benefits).toHaveLength(6);
    for (const plan of SUBSCRIPTION_PLANS) expect(body).toContain(`<h3>${plan.name}</h3>`);
    expect(body).toContain('<li>1 job posting</li>');
    expect(body).toContain('<li>5 job invite requests per month</li>');
    expect(body.match(/<figure>/g)).toHaveLength(3);
    for (const href of ['/jobs', '/dashboard', '/privacy', '/terms']) expect(body).toContain(`href="${href}"`);
    expect(body).toContain('href="/signup?type=company"');
  });

  it('escapes what it writes', () => {
    const body = forCompaniesBody([{ ...SUBSCRIPTION_PLANS[0]!, name: '<b>Free</b>' }]);
    expect(body).toContain('<h3>&lt;b&gt;Free&lt;/b&gt;</h3>');
  });

  it('leaves other addresses alone', () => {
    expect(renderStaticPageFor('/for-companies/more', INDEX_HTML, 'https://hireloop.example')).toBeNull();
    expect(renderStaticPageFor('/jobs', INDEX_HTML, 'https://hireloop.example')).toBeNull();
  });
});
