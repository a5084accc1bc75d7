import { describe, expect, it, vi } from 'vitest';
import { createMemoryBus } from '@hireloop/platform/bus';
import { createMemoryReadStore } from '@hireloop/platform/read-store';
import { CARD_CHANGES_ID, candidateCardsProjection } from '@hireloop/projections/candidate-cards/projection';
import { allProjections } from '@hireloop/projections/registry';
import { advancedSubject } from '@hireloop/projections/runner';
import { checkpointName, physicalCollection } from '@hireloop/projections/shared/projection';
import { ProjectionProgress } from '../shared/projection-progress';
import { CandidateCardsFeed } from './feed';

const position = (n: number) => String(n).padStart(20, '0');

describe('the candidate cards feed', () => {
  it('tells its listeners only of progress that changed a card, once each', async () => {
    const readStore = createMemoryReadStore();
    const changes = physicalCollection(candidateCardsProjection, 'changes');
    await readStore.ensureCollection(changes);
    const setChange = (n: number) => readStore.transaction(async (tx) => tx.collection(changes).put({ _id: CARD_CHANGES_ID, position: position(n) }));
    await setChange(1);
    const bus = createMemoryBus();
    const progress = new ProjectionProgress(readStore, allProjections, bus, 50, 0);
    await progress.start();
    const feed = new CandidateCardsFeed(readStore, progress);
    const heard: string[] = [];
    const advance = (n: number) =>
      bus.publish(advancedSubject(candidateCardsProjection.name), { projection: candidateCardsProjection.name, checkpoint: checkpointName(candidateCardsProjection), position: position(n) });
    // Until the feed has checked the read model at the last progress announced: what it has not told by then, it never will.
    const checkedAt = (n: number) => vi.waitFor(() => expect(feed.checked).toBe(position(n)));

    const { unsubscribe: stop } = await feed.subscribe((at) => heard.push(at));
    expect(feed.size).toBe(1);
    // Progress past events that changed no card (the change is still at 1): nothing.
    await advance(2);
    await checkedAt(2);
    expect(heard).toEqual([]);
    await setChange(3);
    await advance(3);
    await checkedAt(3);
    expect(heard).toEqual([position(3)]);
    // Several advances during one check: told once of the latest change.
    await setChange(5);
    await advance(4);
    await advance(5);
    await checkedAt(5);
    expect(heard).toEqual([position(3), position(5)]);

    stop();
    expect(feed.size).toBe(0);
    await setChange(6);
    await advance(6);
    // A listener that comes later is told of the next change; by then the one that left would have been told too.
    const later: string[] = [];
    const { unsubscribe: stopLater } = await feed.subscribe((at) => later.push(at));
    await setChange(7);
    await advance(7);
    await checkedAt(7);
    expect(later).toEqual([position(7)]);
    expect(heard).toEqual([position(3), position(5)]);
    stopLater();
    await progress.stop();
    await bus.close();
  });
});
