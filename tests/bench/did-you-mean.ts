/**
 * "Did you mean" (ADR 090) at the board's sizes: what a search that finds nothing costs now that
 * it also looks for a correction, against the same search spelled right, on the in-memory index
 * (no HTTP: the route adds the same per-request cost to both). And the vocabulary scan alone over
 * 200,000 words, a real board's order of magnitude (the synthetic jobs have few distinct words).
 */
import { performance } from 'node:perf_hooks';
import { JobListQuery } from '@hireloop/contracts';
import type { ReadStore } from '@hireloop/platform/read-store';
import { jobSearch } from '@hireloop/projections/job-board/job-search';
import { jobBoardProjection } from '@hireloop/projections/job-board/projection';
import { Vocabulary } from '../../query-service/src/jobs/did-you-mean';
import { JobSearchIndex } from '../../query-service/src/jobs/search-index';
import { ProjectionProgress } from '../../query-service/src/shared/projection-progress';
import { quantile } from './load-generator';

/** Misspelt searches and the search each one should suggest (words of the synthetic jobs). */
export const TYPO_SEARCHES: ReadonlyArray<readonly [string, string]> = [
  ['kubernets', 'kubernetes'],
  ['pyhton', 'python'],
  ['typescritp engineer', 'typescript engineer'],
  ['enginere', 'engineer'],
  ['postgressql', 'postgresql'],
];

export interface DidYouMeanFigures {
  jobs: number;
  vocabulary: number;
  /** Searches that find nothing and suggest: p50/p99 ms. */
  typoP50: number;
  typoP99: number;
  /** The same searches spelled right: p50/p99 ms. */
  rightP50: number;
  rightP99: number;
  /** Suggestions that were the expected search. */
  suggested: number;
  /** The closest of 200,000 random words: p99 ms. */
  largeVocabularyP99: number;
}

const timed = async (rounds: number, work: (i: number) => Promise<unknown> | unknown) => {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    await work(i);
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
};

export async function measureDidYouMean(readStore: ReadStore, rounds = 500): Promise<DidYouMeanFigures> {
  const progress = new ProjectionProgress(readStore, [jobBoardProjection]);
  await progress.start();
  const index = new JobSearchIndex(readStore, { progress });
  try {
    index.start();
    await index.refresh();
    const query = (search: string) => jobSearch(JobListQuery.parse({ search }));
    let suggested = 0;
    for (const [typo, right] of TYPO_SEARCHES) if ((await index.search(query(typo))).didYouMean?.join(' ') === right) suggested++;
    const typo = await timed(rounds, (i) => index.search(query(TYPO_SEARCHES[i % TYPO_SEARCHES.length]![0])));
    const right = await timed(rounds, (i) => index.search(query(TYPO_SEARCHES[i % TYPO_SEARCHES.length]![1])));

    const vocabulary = new Vocabulary();
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 200_000; i++) vocabulary.add([Array.from({ length: 4 + Math.floor(random() * 10) }, () => String.fromCharCode(97 + Math.floor(random() * 26))).join('')]);
    // A word absent from the vocabulary each time (no cached answer).
    const large = await timed(200, (i) => vocabulary.closest(`kubernetes${String.fromCharCode(97 + (i % 26))}${i}`.slice(0, 11)));
    return {
      jobs: index.size,
      vocabulary: index.vocabularySize,
      typoP50: quantile(typo, 0.5),
      typoP99: quantile(typo, 0.99),
      rightP50: quantile(right, 0.5),
      rightP99: quantile(right, 0.99),
      suggested,
      largeVocabularyP99: quantile(large, 0.99),
    };
  } finally {
    await index.stop();
    await progress.stop();
  }
}
