import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from './-components/settings-page';

/** `/settings`: the signed-in person's data rights (ADR 080). No server data to load first. */
export const Route = createFileRoute('/settings')({ component: SettingsPage });
