import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useAuth } from '../features/auth/hooks/use-auth';
import { profilePath, ResumeUploadPage } from '../features/resume/components/resume-upload-page';
import { signedInUser } from '../lib/route-loader';

export const Route = createFileRoute('/resume-upload')({
  // Who asks (the page offers a visitor the registration and a candidate their profile).
  loader: async ({ context }) => void (await signedInUser(await context.loadQueryClient())),
  component: ResumeUploadRoute,
});

/** Joins the session (auth feature) to the resume feature's page; a created profile opens at once. */
function ResumeUploadRoute() {
  const { user, isLoading } = useAuth();
  const navigate = useNavigate();
  const openProfile = useCallback((profileId: string) => void navigate({ href: profilePath(profileId) }), [navigate]);
  return (
    <ResumeUploadPage viewer={user ? { type: user.type } : null} viewerLoading={isLoading} onProfileCreated={openProfile} />
  );
}
