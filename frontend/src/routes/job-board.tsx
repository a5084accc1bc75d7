import { createFileRoute } from '@tanstack/react-router';
import { JobBoardPage } from './-components/job-board-page';

export const Route = createFileRoute('/job-board')({
  component: JobBoardPage,
});
