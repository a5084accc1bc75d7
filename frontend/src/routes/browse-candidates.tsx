import { createFileRoute, Link } from '@tanstack/react-router';
import { Button } from '../components/ui/button';
import { PlaceholderPage } from './-components/placeholder-page';

export const Route = createFileRoute('/browse-candidates')({
  component: () => (
    <PlaceholderPage title="Browse Candidates — coming soon" name="Browse Candidates">
      <Button variant="outline" asChild>
        <Link to="/dashboard">Back to Dashboard</Link>
      </Button>
    </PlaceholderPage>
  ),
});
