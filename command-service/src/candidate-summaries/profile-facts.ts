import { CandidateProfileEventSchemas, type Availability, type CandidateProfileEvent, type WorkPreference } from '@hireloop/contracts';
import type { CandidateFacts } from '@hireloop/platform/ai';
import type { EventStore } from '@hireloop/platform/event-store';
import { candidateStreamId } from '@hireloop/contracts';
import { loadState } from '../shared/stream';

/*
 * What the summary needs to know of a profile, folded from its stream (`candidate-<id>`): who
 * owns it, whether it is public, the non-identifying facts the AI may see, and the version of
 * its last content change. The profile's own rules live with the profile commands; this only
 * reads.
 */

export type ProfileFacts =
  | { exists: false }
  | {
      exists: true;
      userId: string;
      isPublic: boolean;
      availability: Availability;
      workPreference: WorkPreference;
      title: string;
      skills: readonly string[];
      experience: string;
      /** Stream version of the last CandidateProfileCreated/Updated (the content a summary describes). */
      contentVersion: number;
    };

const noProfile: ProfileFacts = { exists: false };

/** Folds with the event's stream version: the fold counts the events it has seen. */
type Folding = { facts: ProfileFacts; seen: number };

export const profileFactsReader = {
  schemas: CandidateProfileEventSchemas,
  initialState: (): Folding => ({ facts: noProfile, seen: 0 }),
  evolve: (state: Folding, event: CandidateProfileEvent): Folding => {
    const version = state.seen;
    const next = { facts: state.facts, seen: state.seen + 1 };
    switch (event.type) {
      case 'CandidateProfileCreated':
      case 'CandidateProfileUpdated': {
        const { userId, isPublic, availability, workPreference, title, skills, experience } = event.data;
        return { ...next, facts: { exists: true, userId, isPublic, availability, workPreference, title, skills, experience, contentVersion: version } };
      }
      case 'CandidateProfileVisibilityChanged':
        return state.facts.exists ? { ...next, facts: { ...state.facts, isPublic: event.data.isPublic } } : next;
    }
  },
};

export async function loadProfileFacts(eventStore: EventStore, profileId: string): Promise<{ facts: ProfileFacts; version: number }> {
  const { state, version } = await loadState(eventStore, candidateStreamId(profileId), profileFactsReader);
  return { facts: state.facts, version };
}

/** Only these go to the AI: never the name, contact details, links, pictures, education or bio. */
export const summaryFacts = (facts: Extract<ProfileFacts, { exists: true }>): CandidateFacts => ({
  title: facts.title,
  skills: facts.skills,
  experience: facts.experience,
  workPreference: facts.workPreference,
  availability: facts.availability,
});
