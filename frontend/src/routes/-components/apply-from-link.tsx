import { ApplicationProcessDialog } from '../../features/jobs/components/application-process-dialog';
import { useJobViewer } from './use-job-viewer';

/** `/?apply={jobId}`: that job's application-process dialog over the home page, for whoever is signed in (ADR 044). */
export function ApplyFromLink({ jobId, open, onOpenChange }: { jobId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { viewer, viewerLoading } = useJobViewer();
  return <ApplicationProcessDialog jobId={jobId} open={open} onOpenChange={onOpenChange} viewer={viewer} viewerLoading={viewerLoading} />;
}
