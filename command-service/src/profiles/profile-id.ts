import { ProfileOfEventSchemas, candidateStreamId, profileOfStreamId, type ProfileOfEvent } from '@hireloop/contracts';
import { legacyProfileIdFor } from '@hireloop/platform/accounts/profile-id';
import type { Decider } from '../shared/decider';
import type { Decision } from '../shared/command-handler';
import type { CommandServiceDeps } from '../shared/deps';
import { loadState } from '../shared/stream';
import { profileDecider } from './decider';

type ProfileOfState = { profileId: string | null };

/** Folds `profile-of-<userId>`: the profile id recorded for the person (ADR 077). */
const profileOfReader: Pick<Decider<never, ProfileOfEvent, ProfileOfState>, 'schemas' | 'initialState' | 'evolve'> = {
  schemas: ProfileOfEventSchemas,
  initialState: () => ({ profileId: null }),
  evolve: (state, event) => (state.profileId === null ? { profileId: event.data.profileId } : state),
};

/** Where a person's profile is, or will be: its id, and how to record a new one. */
export interface ProfileIdLookup {
  /** The person's profile id; null when they have none yet. */
  profileId: string | null;
  /** The version of `profile-of-<userId>` read: a new id is appended at it. */
  version: number;
}

/**
 * The id of a person's profile (ADR 077): the one recorded in `profile-of-<userId>`, or, for a
 * profile created before that stream existed, the derived id its events hold — only when that
 * stream really holds this person's profile. Never a new id derived from the user id.
 */
export async function findProfileId(deps: Pick<CommandServiceDeps, 'eventStore'>, userId: string): Promise<ProfileIdLookup> {
  const { state, version } = await loadState(deps.eventStore, profileOfStreamId(userId), profileOfReader);
  if (state.profileId !== null) return { profileId: state.profileId, version };
  const legacyId = legacyProfileIdFor(userId);
  const { state: legacy } = await loadState(deps.eventStore, candidateStreamId(legacyId), profileDecider);
  return { profileId: legacy.status === 'created' && legacy.userId === userId ? legacyId : null, version };
}

/**
 * The person's profile id, or a new random one when they have none, with the decision that
 * records a new one (to append with the profile's creation, all-or-nothing: a second profile for
 * the person meets the first at this stream's version).
 */
export async function profileIdOrNew(deps: Pick<CommandServiceDeps, 'eventStore' | 'ids' | 'clock'>, userId: string) {
  const found = await findProfileId(deps, userId);
  if (found.profileId !== null) return { profileId: found.profileId, record: () => null };
  const profileId = deps.ids.newId();
  const record = (): Decision<ProfileOfEvent> => ({
    streamId: profileOfStreamId(userId),
    events: [{ type: 'CandidateProfileIdAssigned', data: { userId, profileId, assignedAt: deps.clock.now().toISOString() } }],
    version: found.version,
  });
  return { profileId, record };
}
