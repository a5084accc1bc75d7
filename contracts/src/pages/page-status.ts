import { z } from 'zod';

/**
 * `GET /api/page-status`: what a page that depends on the read models (a job page, a share link,
 * an invitation link) answers, for a front door that holds no read store (the services profile's
 * gateway, ADR 051): its status, and for a job page the head tags the app writes into its HTML.
 */
export const PageStatus = z
  .object({
    status: z.union([z.literal(200), z.literal(404)]),
    head: z.string().optional().meta({ description: "A job page's head tags (title, description, canonical link, Open Graph, JSON-LD JobPosting), as the app writes them." }),
  })
  .meta({ description: 'The HTTP status the page at this path answers with, and for a job page its head tags.' });
export type PageStatus = z.infer<typeof PageStatus>;

/** The SPA's index.html with a page's own head tags in place of its generic title. */
export function withPageHead(indexHtml: string, head: string): string {
  // A replacer function: `$` sequences in the tags (a job's text) are not replacement patterns.
  return indexHtml.replace(/<title>[\s\S]*?<\/title>/, '').replace('</head>', () => `    ${head}\n  </head>`);
}
