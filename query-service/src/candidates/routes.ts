import { textAnswer } from '@hireloop/platform/http/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { CANDIDATES_CHANGED_EVENT, CandidateList, CandidateListQuery, type CandidatesChanged, DomainError, ErrorBody, TOTAL_COUNT_HEADER } from '@hireloop/contracts';
import type { ReadStore } from '@hireloop/platform/read-store';
import { candidateCardsProjection } from '@hireloop/projections/candidate-cards/projection';
import { listCandidateCards, randomCandidateCards, UnmatchableCandidateFilterError } from '@hireloop/projections/candidate-cards/queries';
import { openEventStream } from '../shared/event-stream';
import type { ProjectionProgress } from '../shared/projection-progress';
import type { ViewerCompanies } from '../shared/viewer-companies';
import { CandidateCardIndex } from './card-index';
import { CandidateCardsFeed } from './feed';

export interface CandidateQueryOptions {
  readStore: ReadStore;
  progress: ProjectionProgress;
  /**
   * Answers the list from memory; one is made if not given (when this service runs the
   * candidate-cards read model; without it the read store answers). Either way it loads when the app is ready.
   */
  cardIndex?: CandidateCardIndex;
  /** How often an open event stream gets a comment, so proxies and browsers keep it open. */
  keepAliveMs?: number;
  /** Told, after answering, which cards a company's user was shown (for the candidates' ledgers, ADR 037); constant time, never throws. */
  onCardsShown?: (companyId: string, profileIds: readonly string[]) => void;
  /** Who is a company's user (needed with `onCardsShown`). */
  viewerCompanies?: ViewerCompanies;
}

/**
 * The anonymous candidate cards (issue 11, ADR 026), readable by anyone — visitors included: the
 * job board's side panel shows them. Only public profiles have a card, and a card carries none of
 * a person's name, contact details, links or pictures (`toCard` picks its fields one by one).
 */
export const candidateQueryRoutes: FastifyPluginAsyncZod<CandidateQueryOptions> = async (app, { readStore, progress, keepAliveMs = 25_000, onCardsShown, viewerCompanies, ...options }) => {
  /** Records which cards a company's user was shown; a failure to tell costs the record, never the answer. */
  const recordShown = async (request: FastifyRequest, cards: readonly { id: string }[]) => {
    if (!onCardsShown || !viewerCompanies || cards.length === 0) return;
    try {
      const session = await request.session();
      const companyId = session && (await viewerCompanies.companyOf(session.userId));
      if (companyId) onCardsShown(companyId, cards.map((card) => card.id));
    } catch (error) {
      request.log.warn({ err: error }, 'cards shown not recorded');
    }
  };

  const cardIndex =
    options.cardIndex ??
    (progress.knows(candidateCardsProjection.name)
      ? new CandidateCardIndex(readStore, {
          progress,
          onLoad: (load) => {
            if (load.kind === 'full') app.log.info({ kind: load.kind, cards: load.documents, ms: load.ms }, 'candidate card index loaded');
          },
          onError: (error) => app.log.warn({ err: error }, 'candidate card index load failed'),
        })
      : null);
  if (cardIndex) {
    // Loaded in the background from start-up, not on the first request; `ready()` does not wait for it.
    app.addHook('onReady', async () => cardIndex.start());
    app.addHook('onClose', async () => cardIndex.stop());
  }

  const feed = new CandidateCardsFeed(readStore, progress, (error) => app.log.warn({ err: error }, 'candidate feed: reading the last change of the cards failed'));
  const streams = new Set<() => void>();
  // Before the server closes: it waits for open connections, and a stream never ends by itself.
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
    feed.stop();
  });

  app.get(
    '/api/candidates',
    { config: { frequent: true }, schema: { tags: ['candidates'], querystring: CandidateListQuery, response: { 200: CandidateList, 400: ErrorBody } } },
    async (request, reply) => {
      const query = request.query;
      // The side panel: filters and page do not apply, and no total (counting would read the whole pool).
      if (query.random) {
        const cards = await randomCandidateCards(request.readStore, query.count);
        await recordShown(request, cards);
        return cards;
      }
      try {
        // Same answer as `listCandidateCards(readStore, ...)` (the reference), from the in-memory index,
        // which first catches up with everything the wait for it made sure the read model holds.
        if (cardIndex) await request.caughtUpWith(cardIndex);
        const { cards, total, answeredBy } = cardIndex ? await cardIndex.list(query) : { ...(await listCandidateCards(request.readStore, query)), answeredBy: null };
        // Only while the index loads or catches up (start-up, a rebuild): slow, so worth a line.
        if (answeredBy === 'read-store') request.log.info({ searchAnsweredBy: answeredBy }, 'candidate list answered by the read store: the card index is not ready yet');
        reply.header(TOTAL_COUNT_HEADER, String(total));
        await recordShown(request, cards);
        return cards;
      } catch (error) {
        if (error instanceof UnmatchableCandidateFilterError) throw new DomainError('validation', 'search, location and skills must each be a single line of text.');
        throw error;
      }
    },
  );

  /**
   * Server-Sent Events: `event: candidates-changed` with `{"position": "…"}` each time the pool of
   * cards changes (a profile made public or private, updated, erased), a comment every
   * `keepAliveMs`. The client reads the list again, with the position as X-Min-Position.
   */
  app.get('/api/candidates/events', { schema: { tags: ['candidates'], produces: ['text/event-stream'], response: { 200: textAnswer('text/event-stream', 'Server-Sent Events: `candidates-changed` with `{"position": "…"}` each time the pool of cards changes; a comment line to keep the connection alive.') } } }, async (request, reply) => {
    const stream = openEventStream(request, reply, { keepAliveMs, streams });
    const send = (position: string) => {
      const data: z.output<typeof CandidatesChanged> = { position };
      stream.write(`event: ${CANDIDATES_CHANGED_EVENT}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    try {
      stream.onEnd((await feed.subscribe(send)).unsubscribe);
      stream.listening();
    } catch (error) {
      request.log.warn({ err: error }, 'candidate feed: could not subscribe');
      stream.end();
    }
  });
};
