import { createFileRoute } from '@tanstack/react-router';
import { ResumeDemoPage } from '../features/resume/components/resume-demo-page';

export const Route = createFileRoute('/resume-demo')({
  component: ResumeDemoPage,
});
