import {
  CandidateSummaryEventSchemas,
  type CandidateSummaryEvent,
  type CandidateSummaryFailed,
  type CandidateSummaryGenerated,
  type CandidateSummaryRequested,
} from '@hireloop/contracts';
import { assertNever, type Decider } from '../shared/decider';

/*
 * Stream `candidate-summary-<profileId>`: when a summary was asked for and what came of it.
 * A summary is due when the profile's content changed after the last outcome, or when someone
 * asked again (regenerate) after it. An outcome for a version already summarised, or for a
 * request already answered, is no longer due: a replayed event produces nothing.
 */

export interface SummaryState {
  /** Profile version of the last outcome (generated or failed), or null. */
  outcomeVersion: number | null;
  /** Regenerate requests since the last outcome. */
  openRequests: number;
}

/** What set the work off: the profile's content at a version, or a regenerate request. */
export type SummaryTrigger = { kind: 'profile_changed'; contentVersion: number } | { kind: 'regenerate' };

export type SummaryCommand =
  | { type: 'RequestSummary'; data: CandidateSummaryRequested }
  | { type: 'RecordSummary'; data: { trigger: SummaryTrigger; outcome: CandidateSummaryGenerated } }
  | { type: 'RecordFailure'; data: { trigger: SummaryTrigger; outcome: CandidateSummaryFailed } };

/** Is a summary still due for this trigger? */
export const isDue = (state: SummaryState, trigger: SummaryTrigger): boolean =>
  trigger.kind === 'regenerate' ? state.openRequests > 0 : state.outcomeVersion === null || state.outcomeVersion < trigger.contentVersion;

export const summaryDecider: Decider<SummaryCommand, CandidateSummaryEvent, SummaryState> = {
  schemas: CandidateSummaryEventSchemas,
  initialState: () => ({ outcomeVersion: null, openRequests: 0 }),
  evolve(state, event) {
    switch (event.type) {
      case 'CandidateSummaryRequested':
        return event.data.reason === 'regenerate' ? { ...state, openRequests: state.openRequests + 1 } : state;
      case 'CandidateSummaryGenerated':
      case 'CandidateSummaryFailed':
        return { outcomeVersion: event.data.profileVersion, openRequests: 0 };
      default:
        return assertNever(event);
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'RequestSummary':
        return [{ type: 'CandidateSummaryRequested', data: command.data }];
      case 'RecordSummary':
        return isDue(state, command.data.trigger) ? [{ type: 'CandidateSummaryGenerated', data: command.data.outcome }] : [];
      case 'RecordFailure':
        return isDue(state, command.data.trigger) ? [{ type: 'CandidateSummaryFailed', data: command.data.outcome }] : [];
      default:
        return assertNever(command);
    }
  },
};
