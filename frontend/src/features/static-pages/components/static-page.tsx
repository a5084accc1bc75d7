import type { StaticPageContent } from '@hireloop/contracts';
import { useDocumentTitle } from '../../../lib/page-title';

/**
 * A static page of part 2 (/terms, /privacy, /about-founder, /contact): the same content the
 * server puts in the page's HTML (contracts' `STATIC_PAGES`, ADR 040).
 */
export function StaticPage({ page }: { page: StaticPageContent }) {
  useDocumentTitle(page.title);
  return (
    <article aria-labelledby="static-page-heading" className="mx-auto grid max-w-3xl gap-6 py-6">
      <header className="grid gap-2">
        <h1 id="static-page-heading" className="text-3xl font-bold tracking-tight">
          {page.heading}
        </h1>
        {page.lastUpdated ? <p className="text-sm text-muted-foreground">Last updated {page.lastUpdated}</p> : null}
        <p className="text-lg text-muted-foreground">{page.intro}</p>
      </header>
      {page.sections.map((section) => (
        <section key={section.heading} className="grid gap-2">
          <h2 className="text-xl font-semibold">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {section.list ? (
            <ul className="ml-6 list-disc">
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
      {page.links?.length ? (
        <ul className="grid gap-1" aria-label="Links">
          {page.links.map((link) => (
            <li key={link.href}>
              <a href={link.href} className="font-medium text-primary underline-offset-4 hover:underline" {...(link.href.startsWith('http') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
