import { candidateStreamId, DomainError } from '@hireloop/contracts';
import { START } from '@hireloop/platform/event-store';
import { dataUrlBytes } from '@hireloop/platform/profile-pictures/encode';
import type { ProfilePictureStore } from '@hireloop/platform/profile-pictures/types';
import { handleCommand, type CommandContext } from '../shared/command-handler';
import type { CommandServiceDeps } from '../shared/deps';
import { loadState } from '../shared/stream';
import { profileDecider } from './decider';
import { storePicture } from './pictures';

export interface PictureMigrationReport {
  /** Profiles whose latest content still held a data URL. */
  profilesFound: number;
  /** Profiles given their pictures' paths (one `CandidateProfileUpdated` each). */
  profilesMoved: number;
  picturesStored: number;
  /** Data URLs that could not be re-encoded (SVG, broken, too many pixels): the field is emptied. */
  picturesDropped: number;
  /** Where the last event landed ('' when none was appended). */
  position: string;
}

const isDataUrl = (value: unknown): value is string => typeof value === 'string' && value.startsWith('data:');

/** The profile streams any of whose created/updated events carry a data URL (one scan of those two types). */
async function streamsWithDataUrls(deps: CommandServiceDeps): Promise<Set<string>> {
  const streams = new Set<string>();
  let from = START;
  for (;;) {
    const { events, nextPosition } = await deps.eventStore.readAll(from, { eventTypes: ['CandidateProfileCreated', 'CandidateProfileUpdated'], batchSize: 500 });
    for (const event of events) {
      const data = event.data as { profilePicture?: unknown; coverPhoto?: unknown };
      if (isDataUrl(data.profilePicture) || isDataUrl(data.coverPhoto)) streams.add(event.streamId);
    }
    if (events.length === 0 || nextPosition === from) break;
    from = nextPosition;
  }
  return streams;
}

/**
 * The one-off job of ADR 046 (`hireloop move-pictures`): profiles saved before pictures were
 * files hold them as data URLs, EXIF and all, in their events. For each profile whose current
 * content still has one, the picture is re-encoded like an upload and stored, and one
 * `CandidateProfileUpdated` gives the profile the paths; a data URL that cannot be re-encoded
 * (an SVG, which was accepted then) is dropped. The old events keep their data URLs, sealed with
 * the person's key (ADR 019): no view sends them any more (`profileViewFor`), and erasing the
 * person makes them unreadable. Run again, it finds nothing left to do.
 */
export async function movePicturesOutOfProfiles(deps: CommandServiceDeps & { pictures: ProfilePictureStore }, correlationId: string): Promise<PictureMigrationReport> {
  const context: CommandContext = { actor: 'system', correlationId, clock: deps.clock, ids: deps.ids };
  const report: PictureMigrationReport = { profilesFound: 0, profilesMoved: 0, picturesStored: 0, picturesDropped: 0, position: '' };
  for (const streamId of await streamsWithDataUrls(deps)) {
    const { state } = await loadState(deps.eventStore, streamId, profileDecider);
    if (state.status !== 'created' || candidateStreamId(state.profileId) !== streamId) continue;
    const fields = [
      [state.content.profilePicture, 'avatar'],
      [state.content.coverPhoto, 'cover'],
    ] as const;
    const replacements = new Map<string, string | null>();
    for (const [value, kind] of fields) {
      if (!isDataUrl(value) || replacements.has(value)) continue;
      const bytes = dataUrlBytes(value);
      try {
        if (!bytes) throw new DomainError('validation', 'not a base64 image data URL');
        replacements.set(value, (await storePicture(deps, state.userId, bytes, kind)).path);
        report.picturesStored++;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        replacements.set(value, null);
        report.picturesDropped++;
      }
    }
    if (replacements.size === 0) continue;
    report.profilesFound++;
    const result = await handleCommand(deps.eventStore, streamId, profileDecider, { type: 'MoveProfilePictures', data: { profileId: state.profileId, replacements } }, context);
    if (result.events.length > 0) {
      report.profilesMoved++;
      report.position = result.position;
    }
  }
  return report;
}
