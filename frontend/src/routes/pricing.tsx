import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from './-components/placeholder-page';

export const Route = createFileRoute('/pricing')({
  component: () => (
    <PlaceholderPage title="Pricing">
      <p className="text-muted-foreground">Plans and prices are coming soon.</p>
    </PlaceholderPage>
  ),
});
