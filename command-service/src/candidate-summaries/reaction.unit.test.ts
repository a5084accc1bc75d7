import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { candidateStreamId, candidateSummaryStreamId, type CandidateProfileCreated } from '@hireloop/contracts';
import { sampleProfileContent } from '@hireloop/contracts/testing/profiles';
import { localAi, type AiPort } from '@hireloop/platform/ai';
import { createMemoryBus } from '@hireloop/platform/bus';
import { createMemoryEventStore, START } from '@hireloop/platform/event-store';
import { createMemoryReactionCheckpoints, type ReactionCheckpoints } from '@hireloop/platform/reactions/checkpoints';
import { randomIds, systemClock } from '@hireloop/platform/runtime';
import type { CommandServiceDeps } from '../shared/deps';
import { IDLE_CHECKPOINT_MS, SUMMARY_DUE_SUBJECT, SUMMARY_REACTION, startCandidateSummaryReaction } from './reaction';

/**
 * The reaction resumes from its checkpoint after a restart: what it queued before is not read
 * and queued again, and what came after is. Without checkpoints it reads the log from its start.
 */
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

function world(reactionCheckpoints?: ReactionCheckpoints) {
  const eventStore = createMemoryEventStore();
  const bus = createMemoryBus();
  const queued: string[] = [];
  const enqueue = bus.enqueue.bind(bus);
  bus.enqueue = (async (subject: string, data: unknown, options?: { messageId?: string }) => {
    if (subject === SUMMARY_DUE_SUBJECT) queued.push((data as { profileId: string }).profileId);
    return enqueue(subject, data, options);
  }) as typeof bus.enqueue;
  const summarized: string[] = [];
  const local = localAi({ now: () => new Date() });
  const ai: AiPort = {
    ...local,
    summarizeCandidate: async (facts) => {
      summarized.push(facts.title);
      return local.summarizeCandidate(facts);
    },
  };
  const deps = { eventStore, bus, clock: systemClock, ids: randomIds, reactionCheckpoints } as unknown as CommandServiceDeps;
  stops.push(() => bus.close());
  return { deps, ai, queued, summarized };
}

async function profile(deps: CommandServiceDeps, title: string) {
  const profileId = randomUUID();
  const userId = randomUUID();
  const data: CandidateProfileCreated = {
    ...sampleProfileContent({ title, location: 'Lisbon, Portugal', workPreference: 'remote' }),
    profileId,
    userId,
    source: 'wizard',
    createdAt: new Date().toISOString(),
  };
  await deps.eventStore.append(candidateStreamId(profileId), [
    { type: 'CandidateProfileCreated', data, metadata: { eventId: randomUUID(), occurredAt: data.createdAt, actor: { userId, role: 'candidate' }, correlationId: randomUUID(), causationId: null, schemaVersion: 1 } },
  ]);
  return profileId;
}

const summarizedSoon = async (deps: CommandServiceDeps, profileId: string) => {
  for (let tries = 0; tries < 200; tries++) {
    const { events } = await deps.eventStore.readStream(candidateSummaryStreamId(profileId));
    if (events.some((event) => event.type === 'CandidateSummaryGenerated')) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no summary for ${profileId}`);
};

describe('the AI summary reaction across restarts', () => {
  it('resumes after the last batch it queued', async () => {
    const checkpoints = createMemoryReactionCheckpoints();
    const { deps, ai, queued, summarized } = world(checkpoints);
    const first = await profile(deps, 'Backend Engineer');
    const stopFirst = await startCandidateSummaryReaction(deps, ai);
    await summarizedSoon(deps, first);
    await stopFirst();
    const saved = await checkpoints.get(SUMMARY_REACTION);
    expect(saved).not.toBeNull();
    expect(saved! > START).toBe(true);

    const second = await profile(deps, 'Data Engineer');
    stops.push(await startCandidateSummaryReaction(deps, ai));
    await summarizedSoon(deps, second);
    expect(queued).toEqual([first, second]);
    expect(summarized).toEqual(['Backend Engineer', 'Data Engineer']);
  });

  it('without checkpoints, reads the log from its start again (and the job already answered does nothing)', async () => {
    const { deps, ai, queued, summarized } = world();
    const first = await profile(deps, 'Backend Engineer');
    const stopFirst = await startCandidateSummaryReaction(deps, ai);
    await summarizedSoon(deps, first);
    await stopFirst();
    const second = await profile(deps, 'Data Engineer');
    stops.push(await startCandidateSummaryReaction(deps, ai));
    await summarizedSoon(deps, second);
    expect(queued).toEqual([first, first, second]);
    expect(summarized).toEqual(['Backend Engineer', 'Data Engineer']);
  });
});

describe('the AI summary reaction on a log busy with other events (ADR 114)', () => {
  it('moves its checkpoint past events it does not follow at most every few seconds, and at stop', async () => {
    const memory = createMemoryReactionCheckpoints();
    let writes = 0;
    const checkpoints: ReactionCheckpoints = {
      get: (name) => memory.get(name),
      set: (name, position) => {
        writes++;
        return memory.set(name, position);
      },
    };
    const { deps, ai } = world(checkpoints);
    let now = Date.parse('2026-11-28T06:00:00.000Z');
    deps.clock = { now: () => new Date(now) };
    // What the reaction has been handed, to wait for instead of sleeping.
    let delivered = START;
    const subscribe = deps.eventStore.subscribe.bind(deps.eventStore);
    deps.eventStore.subscribe = (from, handler, options) =>
      subscribe(
        from,
        async (events, nextPosition) => {
          await handler(events, nextPosition);
          delivered = nextPosition;
        },
        options,
      );
    const signIn = async () => {
      const userId = randomUUID();
      const { position } = await deps.eventStore.append(`user-${userId}`, [
        { type: 'UserSignedIn', data: { userId, method: 'password' }, metadata: { eventId: randomUUID(), occurredAt: new Date().toISOString(), actor: 'system', correlationId: 'c', causationId: null, schemaVersion: 1 } },
      ]);
      for (let tries = 0; delivered < position; tries++) {
        if (tries > 500) throw new Error('the reaction did not read the sign-in');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return position;
    };
    const stop = await startCandidateSummaryReaction(deps, ai);
    const first = await signIn();
    expect([writes, await memory.get(SUMMARY_REACTION)]).toEqual([1, first]);
    await signIn();
    now += IDLE_CHECKPOINT_MS - 1;
    await signIn();
    expect([writes, await memory.get(SUMMARY_REACTION)]).toEqual([1, first]);
    now += 1;
    const fourth = await signIn();
    expect([writes, await memory.get(SUMMARY_REACTION)]).toEqual([2, fourth]);
    const last = await signIn();
    await stop();
    expect([writes, await memory.get(SUMMARY_REACTION)]).toEqual([3, last]);
  });
});
