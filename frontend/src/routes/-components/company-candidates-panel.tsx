import { CandidateSidePanel } from '../../features/candidates/components/candidate-side-panel';
import { useCompanyCandidateExtras } from './company-candidate-extras';

/** The job board's side panel for a company: the same Request to Apply as on Browse Candidates (ADR 031). */
export function CompanyCandidatesPanel() {
  const extras = useCompanyCandidateExtras();
  return <CandidateSidePanel viewer={{ type: 'company' }} extras={extras} />;
}
