import { INVITATION_MESSAGES, MESSAGES, type AuthSuccess, type InvitationResponse, type Job } from '@hireloop/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast, Toaster } from '../../../components/ui/toast';
import { AuthDialogContext } from '../../../lib/auth-dialog';
import { jsonAnswer, stubFetch } from '../../../testing/fetch-stub';
import { InvitationView } from './invitation-page';
import { AVAILABILITY_HINT } from './availability-dialog';
import { sampleJob } from '@hireloop/contracts/testing/jobs';
import { renderInRouter } from '../../../testing/router';

// The page tells the server it was opened (ADR 070), besides the flow: answered aside, recorded in `views`.
const { calls, answers, asideCalls: views } = stubFetch({
  aside: (url, init) => (init.method === 'POST' && url.endsWith('/view') ? jsonAnswer(200, { success: true, viewedAt: '2026-11-21T10:00:00.000Z' }) : null),
});

afterEach(() => {
  // The toast store lives outside React: clear it so no toast carries over to the next test.
  act(() => toast({ title: '' }).dismiss());
});

const TOKEN = `${'0123456789abcdef'.repeat(2)}.${'S'.repeat(43)}`;

const job: Job = sampleJob({
  location: 'Lisbon, Portugal',
  salary: '90k',
  description: 'Own the data platform.\n\nMore later.',
  skills: ['Python', 'Spark'],
});

const invitation = (overrides: Partial<InvitationResponse> = {}): InvitationResponse => ({
  success: true,
  job,
  company: { name: 'Northwind Analytics', description: 'We turn data into decisions.', industry: 'Data & Analytics', size: '51-200' },
  invitation: { message: 'We loved your Spark work.', sentAt: '2026-11-20T10:00:00.000Z', expiresAt: '2026-12-20T10:00:00.000Z' },
  candidate: { candidateId: 'p1', title: 'Senior Data Engineer' },
  hasRevealed: false,
  hasSubmittedAvailability: false,
  availability: null,
  inOfferStage: false,
  hasDeclined: false,
  canClaimAccount: false,
  knownToCompany: null,
  ...overrides,
});

function renderPage({ signedIn = false } = {}) {
  const openAuthDialog = vi.fn();
  const onSignedIn = vi.fn<(session: AuthSuccess) => void>();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  renderInRouter(
    <QueryClientProvider client={queryClient}>
      <AuthDialogContext.Provider value={{ openAuthDialog, preloadAuthDialog: () => {} }}>
        <InvitationView token={TOKEN} signedIn={signedIn} jobCard={(shown) => <h2>Job card: {shown.title}</h2>} onSignedIn={onSignedIn} />
        <Toaster />
      </AuthDialogContext.Provider>
    </QueryClientProvider>,
  );
  return { openAuthDialog, onSignedIn, user: userEvent.setup({ delay: null }) };
}

/** The toast with `title`, in the notifications region (hidden from assistive technology while a dialog is open). */
async function findToast(title: string): Promise<HTMLElement> {
  return waitFor(
    () => {
      const notifications = screen.getByRole('region', { name: 'Notifications (F8)', hidden: true });
      const item = within(notifications)
        .queryAllByRole('listitem', { hidden: true })
        .find((entry) => within(entry).queryByText(title));
      if (!item) throw new Error(`No toast "${title}" on screen`);
      return item;
    },
    { timeout: 5000 },
  );
}

const bodyOf = (index: number) => JSON.parse(String(calls[index]?.init.body)) as unknown;

describe('the invitation page', { timeout: 20_000 }, () => {
  it('shows the invitation: headline, job, company with description, industry and size, the message and the privacy notice', async () => {
    answers.push(jsonAnswer(200, invitation()));
    const { openAuthDialog, user } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: "You're Invited to Apply!" })).toBeInTheDocument();
    expect(calls.map((call) => [call.url, call.init.cache])).toEqual([[`/api/invitations/${TOKEN}`, 'no-store']]);
    // Shown, so the company's list will say Viewed (ADR 070): once, by the same link.
    await waitFor(() => expect(views.map((call) => [call.init.method, call.url])).toEqual([['POST', `/api/invitations/${TOKEN}/view`]]));
    // The job card of the jobs feature (the route gives it), with the invitation's job.
    expect(screen.getByRole('heading', { name: 'Job card: Staff Data Engineer' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'About Northwind Analytics' })).toBeInTheDocument();
    expect(screen.getByText('We turn data into decisions.')).toBeInTheDocument();
    expect(screen.getByText('Data & Analytics')).toBeInTheDocument();
    expect(screen.getByText('51-200 employees')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Personal message from Northwind Analytics' })).toBeInTheDocument();
    expect(screen.getByText('We loved your Spark work.')).toBeInTheDocument();
    expect(screen.getByText(/Revealing your profile shares your name and email with Northwind Analytics/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reveal My Profile' })).toBeEnabled();

    // Anonymous visitors are offered to confirm their account (the sign-in dialog, staying here).
    await user.click(screen.getByRole('button', { name: 'Confirm Account & Update Resume' }));
    expect(openAuthDialog).toHaveBeenCalledWith('signin', { stayOnPage: true });
  });

  it.each([
    ['knows nothing of them', { knownToCompany: null }, 'Northwind Analytics does not know who you are yet. Revealing your profile shares your name and email with Northwind Analytics, and with no one else.'],
    ['knows them from an application', { knownToCompany: 'applied' as const }, 'Northwind Analytics already knows your name and email: you applied to one of their jobs. Revealing your profile tells them you are interested in this role too, and lets you offer interview times.'],
    ['knows them from another invitation', { knownToCompany: 'revealed' as const }, 'Northwind Analytics already knows your name and email: you revealed your profile to them from another invitation. Revealing it here lets you offer interview times for this role.'],
    ['was shown their profile from this invitation', { hasRevealed: true }, 'You revealed your profile to Northwind Analytics: they see your name and email, and no one else does through this invitation.'],
  ])('the privacy notice tells the truth when the company %s (ADR 070)', async (_case, overrides, text) => {
    answers.push(jsonAnswer(200, invitation(overrides)));
    renderPage({ signedIn: true });
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('a signed-in candidate gets no account prompt; an invitation without a message shows none', async () => {
    answers.push(jsonAnswer(200, invitation({ invitation: { message: '', sentAt: '2026-11-20T10:00:00.000Z', expiresAt: '2026-12-20T10:00:00.000Z' } })));
    renderPage({ signedIn: true });
    await screen.findByRole('button', { name: 'Reveal My Profile' });
    expect(screen.queryByRole('button', { name: 'Confirm Account & Update Resume' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Personal message/)).not.toBeInTheDocument();
  });

  it('an unknown or expired link: "Invitation Not Found - This invitation link is invalid or has expired."', async () => {
    answers.push(jsonAnswer(404, { success: false, error: INVITATION_MESSAGES.notFound }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Invitation Not Found' })).toBeInTheDocument();
    expect(screen.getByText('This invitation link is invalid or has expired.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reveal My Profile' })).not.toBeInTheDocument();
    // Nothing was opened, so no view is told.
    expect(views).toEqual([]);
  });

  it('a failed load (network) also says Invitation Not Found, with Try again', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Invitation Not Found' })).toBeInTheDocument();
    answers.push(jsonAnswer(200, invitation()));
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Reveal My Profile' })).toBeInTheDocument();
  });

  it('reveal → "Profile Revealed", the dialog opens; submit is disabled until a day and a slot; then the thank-you banner', async () => {
    answers.push(jsonAnswer(200, invitation()));
    const { user } = renderPage();
    const reveal = await screen.findByRole('button', { name: 'Reveal My Profile' });
    answers.push(jsonAnswer(200, { success: true, message: 'Profile Revealed', hasRevealed: true }));
    await user.click(reveal);
    await findToast(INVITATION_MESSAGES.profileRevealed);
    expect(calls[1]).toMatchObject({ url: `/api/invitations/${TOKEN}/reveal`, init: { method: 'POST' } });
    expect(bodyOf(1)).toEqual({});

    const dialog = within(await screen.findByRole('dialog', { name: 'Interview Availability' }));
    const submit = dialog.getByRole('button', { name: 'Submit Availability' });
    expect(submit).toBeDisabled();
    // Nothing done yet: a hint, not "Selection Required".
    expect(submit).toHaveAccessibleDescription(AVAILABILITY_HINT);
    expect(dialog.queryByText(INVITATION_MESSAGES.selectionRequiredTitle)).not.toBeInTheDocument();
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) expect(dialog.getByRole('checkbox', { name: day })).not.toBeChecked();
    for (const slot of ['9:00 AM - 12:00 PM', '12:00 PM - 3:00 PM', '3:00 PM - 6:00 PM']) expect(dialog.getByRole('checkbox', { name: slot })).not.toBeChecked();

    await user.click(dialog.getByRole('checkbox', { name: 'Wednesday' }));
    expect(submit).toBeDisabled();
    // A day without a time slot: now the selection is said to be incomplete.
    expect(dialog.getByText(INVITATION_MESSAGES.selectionRequiredTitle)).toBeInTheDocument();
    expect(dialog.getByText(INVITATION_MESSAGES.selectionRequired)).toBeInTheDocument();
    await user.click(dialog.getByRole('checkbox', { name: 'Monday' }));
    await user.click(dialog.getByRole('checkbox', { name: '9:00 AM - 12:00 PM' }));
    expect(submit).toBeEnabled();
    expect(dialog.queryByText(INVITATION_MESSAGES.selectionRequired)).not.toBeInTheDocument();
    const zone = dialog.getByRole('combobox', { name: 'Timezone' });
    await user.clear(zone);
    await user.type(zone, 'America/New_York');
    await user.type(dialog.getByRole('textbox', { name: 'Additional notes' }), 'Mornings are best.');
    answers.push(jsonAnswer(200, { success: true, hasSubmittedAvailability: true }));
    await user.click(submit);

    expect(await screen.findByText('Thank you!')).toBeInTheDocument();
    expect(screen.getByText(/Your interview availability was sent to Northwind Analytics/)).toBeInTheDocument();
    expect(calls[2]).toMatchObject({ url: `/api/invitations/${TOKEN}/availability`, init: { method: 'POST' } });
    expect(bodyOf(2)).toEqual({
      availableDays: ['Monday', 'Wednesday'],
      availableTimes: ['9:00 AM - 12:00 PM'],
      timezone: 'America/New_York',
      additionalNotes: 'Mornings are best.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Reveal My Profile' })).not.toBeInTheDocument();
  });

  it('a failed reveal: "Failed to reveal profile. Please try again.", and the button stays', async () => {
    answers.push(jsonAnswer(200, invitation()));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Reveal My Profile' }));
    // No answer queued: the call fails as a network failure does.
    await findToast(INVITATION_MESSAGES.revealFailed);
    expect(await screen.findByRole('button', { name: 'Reveal My Profile' })).toBeEnabled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opened again after the reveal: Submit Availability reopens the dialog; a failure says "Failed to submit availability. Please try again."', async () => {
    answers.push(jsonAnswer(200, invitation({ hasRevealed: true })));
    const { user } = renderPage();
    expect(await screen.findByText('Your profile is revealed to Northwind Analytics.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Availability' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Interview Availability' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Friday' }));
    await user.click(dialog.getByRole('checkbox', { name: '3:00 PM - 6:00 PM' }));
    answers.push(jsonAnswer(500, { success: false, error: 'Internal Server Error' }));
    await user.click(dialog.getByRole('button', { name: 'Submit Availability' }));
    await findToast(INVITATION_MESSAGES.availabilityFailed);
    expect(dialog.getByRole('checkbox', { name: 'Friday' })).toBeChecked();
    expect(screen.queryByText('Thank you!')).not.toBeInTheDocument();
  });

  it('Later closes the dialog; opened again, it keeps the choices, in the week’s order when sent', async () => {
    answers.push(jsonAnswer(200, invitation({ hasRevealed: true })));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Submit Availability' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Interview Availability' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Thursday' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Tuesday' }));
    await user.click(dialog.getByRole('checkbox', { name: '3:00 PM - 6:00 PM' }));
    await user.click(dialog.getByRole('checkbox', { name: '9:00 AM - 12:00 PM' }));
    await user.type(dialog.getByRole('textbox', { name: 'Additional notes' }), '  Not before 10.  ');
    await user.click(dialog.getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Submit Availability' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Interview Availability' }));
    expect(dialog.getByRole('checkbox', { name: 'Thursday' })).toBeChecked();
    expect(dialog.getByRole('checkbox', { name: '3:00 PM - 6:00 PM' })).toBeChecked();
    const zone = dialog.getByRole('combobox', { name: 'Timezone' });
    await user.clear(zone);
    await user.type(zone, ' Europe/Lisbon ');
    answers.push(jsonAnswer(200, { success: true, hasSubmittedAvailability: true }));
    await user.click(dialog.getByRole('button', { name: 'Submit Availability' }));
    expect(await screen.findByText('Thank you!')).toBeInTheDocument();
    expect(bodyOf(1)).toEqual({
      availableDays: ['Tuesday', 'Thursday'],
      availableTimes: ['9:00 AM - 12:00 PM', '3:00 PM - 6:00 PM'],
      timezone: 'Europe/Lisbon',
      additionalNotes: 'Not before 10.',
    });
  });

  it('opened after the times were sent: only the thank-you banner', async () => {
    answers.push(jsonAnswer(200, invitation({ hasRevealed: true, hasSubmittedAvailability: true })));
    renderPage();
    expect(await screen.findByText('Thank you!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reveal My Profile|Submit Availability/ })).not.toBeInTheDocument();
  });

  describe('New to Hireloop? Create your account (an added candidate claims their profile, ADR 038)', () => {
    const claimed: AuthSuccess = {
      success: true,
      token: 'session-token',
      user: {
        id: 'person-1',
        userId: 'person-1',
        name: 'Ada Lovelace',
        email: 'ada@people.example',
        type: 'candidate',
        role: 'candidate',
        isAdmin: false,
        companyId: null,
        companyName: null,
        createdAt: '2026-11-26T10:00:00.000Z',
      },
    };

    it('shown to a visitor whose invitation can be claimed, under the Confirm Account block; not otherwise', async () => {
      answers.push(jsonAnswer(200, invitation({ canClaimAccount: true })));
      renderPage();
      const section = await screen.findByRole('region', { name: 'New to Hireloop? Create your account' });
      // The spec's block stays as it is, and comes first.
      const confirm = screen.getByRole('button', { name: 'Confirm Account & Update Resume' });
      expect(confirm.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(within(section).getByLabelText('Password')).toHaveAttribute('type', 'password');
      expect(within(section).getByLabelText('Confirm Password')).toHaveAttribute('type', 'password');
      expect(within(section).getByRole('button', { name: 'Create Account' })).toBeEnabled();
    });

    it('not shown when the invitation cannot be claimed, nor to someone signed in', async () => {
      answers.push(jsonAnswer(200, invitation({ canClaimAccount: false })));
      renderPage();
      await screen.findByRole('button', { name: 'Confirm Account & Update Resume' });
      expect(screen.queryByRole('region', { name: 'New to Hireloop? Create your account' })).not.toBeInTheDocument();
      cleanup();
      answers.push(jsonAnswer(200, invitation({ canClaimAccount: true })));
      renderPage({ signedIn: true });
      await screen.findByRole('button', { name: 'Reveal My Profile' });
      expect(screen.queryByRole('region', { name: 'New to Hireloop? Create your account' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Create Account' })).not.toBeInTheDocument();
    });

    it('says what is wrong at the field, without calling the server: empty, different, too short', async () => {
      answers.push(jsonAnswer(200, invitation({ canClaimAccount: true })));
      const { user, onSignedIn } = renderPage();
      const section = await screen.findByRole('region', { name: 'New to Hireloop? Create your account' });
      const password = within(section).getByLabelText('Password');
      const confirmation = within(section).getByLabelText('Confirm Password');
      const submit = within(section).getByRole('button', { name: 'Create Account' });

      await user.click(submit);
      expect(await within(section).findByText('Please enter a password.')).toBeInTheDocument();
      expect(within(section).getByText('Please confirm your password.')).toBeInTheDocument();

      await user.type(password, 'engines-1');
      await user.type(confirmation, 'engines-2');
      await user.click(submit);
      expect(await within(section).findByText('Passwords do not match.')).toBeInTheDocument();

      await user.clear(password);
      await user.clear(confirmation);
      await user.type(password, 'short');
      await user.type(confirmation, 'short');
      await user.click(submit);
      expect(await within(section).findByText(MESSAGES.passwordTooShort)).toBeInTheDocument();

      expect(calls).toHaveLength(1);
      expect(onSignedIn).not.toHaveBeenCalled();
    });

    it('Create Account: the password goes to the claim by the token; the session is kept and the page says who is signed in', async () => {
      answers.push(jsonAnswer(200, invitation({ canClaimAccount: true })));
      const { user, onSignedIn } = renderPage();
      const section = await screen.findByRole('region', { name: 'New to Hireloop? Create your account' });
      await user.type(within(section).getByLabelText('Password'), 'analytical-engine-1');
      await user.type(within(section).getByLabelText('Confirm Password'), 'analytical-engine-1');
      answers.push(jsonAnswer(201, claimed));
      await user.click(within(section).getByRole('button', { name: 'Create Account' }));

      expect(await screen.findByText('Your account is ready')).toBeInTheDocument();
      expect(screen.getByText(/You are signed in as ada@people\.example/)).toBeInTheDocument();
      expect(calls[1]).toMatchObject({ url: `/api/invitations/${TOKEN}/claim`, init: { method: 'POST', cache: 'no-store' } });
      expect(bodyOf(1)).toEqual({ password: 'analytical-engine-1' });
      expect(onSignedIn).toHaveBeenCalledWith(claimed);
      // The form is gone; the invitation goes on (the reveal is still there).
      expect(screen.queryByRole('region', { name: 'New to Hireloop? Create your account' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Reveal My Profile' })).toBeEnabled();
    });

    it('a refusal is said as the server says it, and the form stays for another try', async () => {
      answers.push(jsonAnswer(200, invitation({ canClaimAccount: true })));
      const { user, onSignedIn } = renderPage();
      const section = await screen.findByRole('region', { name: 'New to Hireloop? Create your account' });
      await user.type(within(section).getByLabelText('Password'), 'analytical-engine-1');
      await user.type(within(section).getByLabelText('Confirm Password'), 'analytical-engine-1');
      answers.push(jsonAnswer(409, { success: false, error: INVITATION_MESSAGES.claimAccountExists }));
      await user.click(within(section).getByRole('button', { name: 'Create Account' }));
      expect(await within(section).findByText(INVITATION_MESSAGES.claimAccountExists)).toBeInTheDocument();
      expect(within(section).getByText('Your account was not created')).toBeInTheDocument();
      expect(onSignedIn).not.toHaveBeenCalled();

      // A server failure without words of its own: the generic message.
      answers.push(jsonAnswer(500, { success: false, error: 'Internal Server Error' }));
      await user.click(within(section).getByRole('button', { name: 'Create Account' }));
      expect(await within(section).findByText(INVITATION_MESSAGES.claimFailed)).toBeInTheDocument();
      expect(within(section).getByRole('button', { name: 'Create Account' })).toBeEnabled();
    });
  });
});

