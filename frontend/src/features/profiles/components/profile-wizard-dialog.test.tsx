import type { CandidateProfile, ResumeParseResult } from '@hireloop/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, Toaster } from '../../../components/ui/toast';
import { resetPositionForTests } from '../../../lib/api-client';
import { myProfileQueryKey } from '../api/get-my-profile';
import { ProfileWizardDialog } from './profile-wizard-dialog';

interface Request {
  method: string;
  url: string;
  body: unknown;
}

let requests: Request[];
let answers: Record<string, () => Response | Promise<Response>>;

beforeEach(() => {
  requests = [];
  answers = {};
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    requests.push({ method, url, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
    const answer = answers[`${method} ${url}`];
    if (!answer) throw new Error(`The test did not say how the server answers ${method} ${url}`);
    return answer();
  });
  resetPositionForTests();
  sessionStorage.clear();
});

afterEach(() => {
  act(() => toast({ title: '' }).dismiss());
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const parsed: ResumeParseResult = {
  jobTitle: 'Senior Backend Engineer',
  skills: ['Go', 'PostgreSQL'],
  experience: '8+ years',
  location: 'Lisbon, Portugal',
  bio: 'Builds payment systems.',
  phone: '+351 912 345 678',
  email: 'ana@example.com',
  education: 'BSc Computer Science - University of Porto',
  workHistory: [],
};

const profile = (overrides: Partial<CandidateProfile> = {}): CandidateProfile => ({
  id: 'p1',
  userId: 'u1',
  firstName: 'Ana',
  lastName: 'Silva',
  title: 'Staff Engineer',
  skills: ['Go', 'Rust'],
  experience: '10 years',
  location: 'Porto',
  summary: 'Payments.',
  phone: '',
  email: 'ana@example.com',
  linkedinUrl: '',
  githubUrl: 'https://github.com/ana',
  portfolioUrl: '',
  education: 'MSc - Porto',
  salaryExpectation: '',
  profilePicture: null,
  coverPhoto: null,
  availability: 'open',
  workPreference: 'remote',
  isPublic: false,
  isPrivate: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

/** The wizard as the dashboard holds it: open until closed; `reopen` opens it again. */
function renderWizard({ editing = null, onComplete }: { editing?: CandidateProfile | null; onComplete?: () => void } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const onOpenChange = vi.fn();
  let reopen: (editing: CandidateProfile | null) => void = () => {};
  function Harness() {
    const [open, setOpen] = useState(true);
    const [editingNow, setEditing] = useState(editing);
    reopen = (next) => {
      setEditing(next);
      setOpen(true);
    };
    return (
      <ProfileWizardDialog
        open={open}
        onOpenChange={(next) => {
          onOpenChange(next);
          setOpen(next);
        }}
        userId="u1"
        profile={editingNow}
        onComplete={onComplete}
      />
    );
  }
  render(
    <QueryClientProvider client={queryClient}>
      <Harness />
      <Toaster />
    </QueryClientProvider>,
  );
  return {
    queryClient,
    onOpenChange,
    reopen: (next: CandidateProfile | null) => act(() => reopen(next)),
    user: userEvent.setup({ delay: null, applyAccept: false }),
  };
}

const dialog = () => within(screen.getByRole('dialog'));

async function findToast(title: string, description?: string): Promise<HTMLElement> {
  return waitFor(
    () => {
      const notifications = screen.getByRole('region', { name: 'Notifications (F8)', hidden: true });
      const item = within(notifications)
        .queryAllByRole('listitem', { hidden: true })
        .find((entry) => within(entry).queryByText(title) && (!description || within(entry).queryByText(description)));
      if (!item) throw new Error(`No toast "${title}" on screen`);
      return item;
    },
    { timeout: 5000 },
  );
}

const pdf = () => new File(['%PDF-1.7 resume'], 'ana-silva.pdf', { type: 'application/pdf' });

/** Radix has set the dialog up (focus inside, pointer events on): it takes clicks. */
async function dialogReady() {
  await waitFor(() => expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement));
}

async function reachForm(user: ReturnType<typeof renderWizard>['user']) {
  await dialogReady();
  await user.click(dialog().getByRole('button', { name: 'Skip and Fill Manually' }));
  await screen.findByRole('form', { name: 'Profile details' });
}

async function fillRequired(user: ReturnType<typeof renderWizard>['user']) {
  const d = dialog();
  await user.type(d.getByRole('textbox', { name: 'Job Title' }), 'Backend Engineer');
  await user.type(d.getByRole('textbox', { name: 'Skills' }), 'Go{Enter}');
  await user.type(d.getByRole('textbox', { name: 'Experience' }), '5 years');
  await user.type(d.getByRole('textbox', { name: 'Location' }), 'Lisbon');
}

describe('profile wizard dialog', () => {
  it('starts at Step 1 of 4 (25%) with an upload and a way to skip', () => {
    renderWizard();
    const d = dialog();
    expect(screen.getByRole('dialog', { name: 'Create Your Profile' })).toHaveAccessibleDescription(
      'Step 1 of 4: Upload your resume',
    );
    expect(d.getByRole('progressbar', { name: 'Profile wizard progress' })).toHaveAttribute('aria-valuenow', '25');
    expect(d.getByLabelText('Upload Resume')).toHaveAttribute('type', 'file');
    expect(d.getByLabelText('Upload Resume')).toHaveAccessibleDescription(
      'PDF or Word (.pdf, .docx). You can also drop the file here.',
    );
    expect(d.getByRole('button', { name: 'Skip and Fill Manually' })).toBeEnabled();
  });

  it('offers in the file picker exactly the files the server reads for the wizard: PDF and Word .docx and .doc', () => {
    renderWizard();

    expect(dialog().getByLabelText('Upload Resume').getAttribute('accept')?.split(',').sort()).toEqual(
      ['.doc', '.docx', '.pdf', 'application/msword', 'application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'].sort(),
    );
  });

  it('refuses a file that is not PDF or Word with the spec’s toast', async () => {
    const { user } = renderWizard();
    await user.upload(dialog().getByLabelText('Upload Resume'), new File(['x'], 'me.png', { type: 'image/png' }));
    await findToast('Invalid File Type', 'Please upload a PDF or Word document.');
    expect(dialog().getByRole('progressbar', { name: 'Profile wizard progress' })).toHaveAttribute('aria-valuenow', '25');
    expect(requests).toEqual([]);
  });

  it('parses a dropped or chosen resume with progress shown, then prefills every field, all editable', async () => {
    let answer: (response: Response) => void = () => {};
    answers['POST /api/parse-resume'] = () => new Promise<Response>((resolve) => (answer = resolve));
    const { user } = renderWizard();
    await user.upload(dialog().getByLabelText('Upload Resume'), pdf());

    expect(await dialog().findByRole('progressbar', { name: 'Parsing resume' })).toBeInTheDocument();
    expect(dialog().getByText(/Parsing ana-silva\.pdf/)).toBeInTheDocument();
    expect(dialog().getByRole('progressbar', { name: 'Profile wizard progress' })).toHaveAttribute('aria-valuenow', '50');
    expect(dialog().getByRole('heading', { name: 'Read your resume' })).toHaveFocus();
    const sent = requests[0]?.body as FormData;
    expect((sent.get('resume') as File).name).toBe('ana-silva.pdf');

    answer(json(200, parsed)());
    const title = await dialog().findByRole('textbox', { name: 'Job Title' });
    const d = dialog();
    expect(d.getByRole('progressbar', { name: 'Profile wizard progress' })).toHaveAttribute('aria-valuenow', '75');
    expect(title).toHaveValue('Senior Backend Engineer');
    expect(d.getByRole('textbox', { name: 'Experience' })).toHaveValue('8+ years');
    expect(d.getByRole('textbox', { name: 'Location' })).toHaveValue('Lisbon, Portugal');
    expect(d.getByRole('textbox', { name: 'Bio' })).toHaveValue('Builds payment systems.');
    expect(d.getByRole('textbox', { name: 'Phone' })).toHaveValue('+351 912 345 678');
    expect(d.getByRole('textbox', { name: 'Contact Email' })).toHaveValue('ana@example.com');
    expect(d.getByRole('textbox', { name: 'Education' })).toHaveValue('BSc Computer Science - University of Porto');
    expect(within(d.getByRole('list', { name: 'Skill list' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Go',
      'PostgreSQL',
    ]);

    await user.clear(title);
    await user.type(title, 'Principal Engineer');
    expect(title).toHaveValue('Principal Engineer');
  });

  it('accepts a file dropped on the drop zone', async () => {
    answers['POST /api/parse-resume'] = json(200, parsed);
    renderWizard();
    const zone = screen.getByTestId('resume-drop-zone');
    await act(async () => {
      zone.dispatchEvent(Object.assign(new Event('drop', { bubbles: true, cancelable: true }), { dataTransfer: { files: [pdf()] } }));
    });
    expect(await dialog().findByRole('textbox', { name: 'Job Title' })).toHaveValue('Senior Backend Engineer');
  });

  it('stays on parse with the server’s reason, and offers Try Again, Back and Skip', async () => {
    answers['POST /api/parse-resume'] = json(422, {
      success: false,
      error: 'We could not read any text from this file.',
    });
    const { user } = renderWizard();
    await user.upload(dialog().getByLabelText('Upload Resume'), pdf());

    await findToast('Resume Parsing Failed', 'We could not read any text from this file.');
    const alert = await dialog().findByRole('alert');
    expect(alert).toHaveTextContent('We could not read any text from this file.');
    expect(dialog().getByRole('progressbar', { name: 'Profile wizard progress' })).toHaveAttribute('aria-valuenow', '50');

    answers['POST /api/parse-resume'] = json(200, parsed);
    await user.click(dialog().getByRole('button', { name: 'Try Again' }));
    expect(await dialog().findByRole('textbox', { name: 'Job Title' })).toHaveValue('Senior Backend Engineer');
    expect(requests.filter((r) => r.url === '/api/parse-resume')).toHaveLength(2);
  });

  it('says the spec’s fallback when parsing fails without a reason; Skip goes to an empty form, Back to upload', async () => {
    answers['POST /api/parse-resume'] = () => new Response('', { status: 500 });
    const { user } = renderWizard();
    await user.upload(dialog().getByLabelText('Upload Resume'), pdf());
    await findToast('Resume Parsing Failed', 'Failed to parse resume. Please try again.');

    await user.click(await dialog().findByRole('button', { name: 'Back' }));
    expect(dialog().getByLabelText('Upload Resume')).toBeInTheDocument();
    await reachForm(user);
    expect(dialog().getByRole('textbox', { name: 'Job Title' })).toHaveValue('');
  });

  it('shows the §5 messages at their fields and sends nothing until the form is valid', async () => {
    const { user } = renderWizard();
    await reachForm(user);
    await user.click(dialog().getByRole('button', { name: 'Create Profile' }));
    const d = dialog();
    expect(await d.findByText('Job title is required')).toBeInTheDocument();
    expect(d.getByText('At least one skill is required')).toBeInTheDocument();
    expect(d.getByText('Experience is required')).toBeInTheDocument();
    expect(d.getByText('Location is required')).toBeInTheDocument();
    expect(d.getByRole('textbox', { name: 'Job Title' })).toHaveAttribute('aria-invalid', 'true');
    expect(d.getByRole('textbox', { name: 'Job Title' })).toHaveFocus();
    expect(d.getByRole('textbox', { name: 'Skills' })).toHaveAccessibleDescription(
      'At least one skill is required Add one skill at a time: press Enter or Add skill.',
    );
    expect(requests).toEqual([]);
  });

  it('checks links and keeps the form until they are web addresses', async () => {
    const { user } = renderWizard();
    await reachForm(user);
    await fillRequired(user);
    await user.type(dialog().getByRole('textbox', { name: 'LinkedIn URL' }), 'linkedin.com/in/ana');
    await user.click(dialog().getByRole('button', { name: 'Create Profile' }));
    expect(await dialog().findByText('Links must start with http:// or https://')).toBeInTheDocument();
    expect(dialog().getByRole('textbox', { name: 'LinkedIn URL' })).toHaveFocus();
    expect(requests).toEqual([]);
  });

  it('adds skills one at a time, trimmed, without duplicates, with Enter or the button; each removable', async () => {
    const { user } = renderWizard();
    await reachForm(user);
    const d = dialog();
    const skills = d.getByRole('textbox', { name: 'Skills' });
    await user.type(skills, '  React  {Enter}');
    await user.type(skills, 'react{Enter}');
    await user.type(skills, 'TypeScript');
    await user.click(d.getByRole('button', { name: 'Add skill' }));
    await user.type(skills, '   {Enter}');
    const added = () => within(d.getByRole('list', { name: 'Skill list' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(added()).toEqual(['React', 'TypeScript']);
    expect(skills).toHaveValue('');

    await user.click(d.getByRole('button', { name: 'Remove React' }));
    expect(added()).toEqual(['TypeScript']);
  });

  it('creates the profile with the parsed extras kept, says Profile Created and links to the profile', async () => {
    answers['POST /api/parse-resume'] = json(200, parsed);
    answers['POST /api/profile'] = json(201, { success: true, profile: profile({ id: 'p 9' }) });
    const onComplete = vi.fn();
    const { user, queryClient } = renderWizard({ onComplete });
    await user.upload(dialog().getByLabelText('Upload Resume'), pdf());
    const d = dialog();
    await d.findByRole('textbox', { name: 'Job Title' });
    await user.type(d.getByRole('textbox', { name: 'LinkedIn URL' }), 'https://www.linkedin.com/in/ana');
    await user.type(d.getByRole('textbox', { name: 'GitHub URL' }), 'https://github.com/ana');
    await user.click(d.getByRole('checkbox', { name: 'Public profile' }));
    // A skill typed but not added yet is kept.
    await user.type(d.getByRole('textbox', { name: 'Skills' }), 'Kafka');
    await user.click(d.getByRole('button', { name: 'Create Profile' }));

    await findToast('Profile Created');
    const post = requests.find((r) => r.method === 'POST' && r.url === '/api/profile');
    expect(post?.body).toEqual({
      jobTitle: 'Senior Backend Engineer',
      skills: ['Go', 'PostgreSQL', 'Kafka'],
      experience: '8+ years',
      location: 'Lisbon, Portugal',
      bio: 'Builds payment systems.',
      phone: '+351 912 345 678',
      email: 'ana@example.com',
      linkedinUrl: 'https://www.linkedin.com/in/ana',
      githubUrl: 'https://github.com/ana',
      portfolioUrl: '',
      education: 'BSc Computer Science - University of Porto',
      salaryExpectation: '',
      workPreference: 'hybrid',
      isActivelyLooking: true,
      isPublic: false,
      profilePicture: null,
      coverPhoto: null,
    });
    const done = await dialog().findByRole('heading', { name: 'All done' });
    expect(done).toHaveFocus();
    expect(dialog().getByRole('progressbar', { name: 'Profile wizard progress' })).toHaveAttribute('aria-valuenow', '100');
    expect(dialog().getByText('Your profile is ready.')).toBeInTheDocument();
    expect(dialog().getByRole('link', { name: 'View Your Profile' })).toHaveAttribute('href', '/profile/p%209');
    expect(queryClient.getQueryData<CandidateProfile>(myProfileQueryKey('u1'))?.id).toBe('p 9');
    expect(onComplete).not.toHaveBeenCalled();
    await waitFor(() => expect(onComplete).toHaveBeenCalledTimes(1), { timeout: 2000 });
  });

  it('puts the server’s field reasons on their fields and toasts Profile Creation Failed', async () => {
    answers['POST /api/profile'] = json(400, {
      success: false,
      error: 'Invalid profile',
      details: [{ path: 'location', message: 'At most 200 characters' }],
    });
    const { user } = renderWizard();
    await reachForm(user);
    await fillRequired(user);
    await user.click(dialog().getByRole('button', { name: 'Create Profile' }));

    await findToast('Profile Creation Failed', 'Invalid profile');
    const location = dialog().getByRole('textbox', { name: 'Location' });
    await waitFor(() => expect(location).toHaveAttribute('aria-invalid', 'true'));
    expect(location).toHaveAccessibleDescription('At most 200 characters');
    expect(dialog().getByRole('textbox', { name: 'Job Title' })).toHaveValue('Backend Engineer');
  });

  it('says the spec’s fallback when creating fails without a reason', async () => {
    answers['POST /api/profile'] = () => new Response('', { status: 502 });
    const { user } = renderWizard();
    await reachForm(user);
    await fillRequired(user);
    await user.click(dialog().getByRole('button', { name: 'Create Profile' }));
    await findToast('Profile Creation Failed', 'Failed to create profile. Please try again.');
  });

  it('edits: opens at Step 3 with the current values and saves with PUT', async () => {
    answers['PUT /api/profile'] = json(200, { success: true, profile: profile({ title: 'Principal Engineer' }) });
    const { user } = renderWizard({ editing: profile() });
    const d = dialog();
    expect(screen.getByRole('dialog', { name: 'Edit Your Profile' })).toHaveAccessibleDescription('Step 3 of 4: Confirm your details');
    expect(d.getByRole('textbox', { name: 'Job Title' })).toHaveValue('Staff Engineer');
    expect(d.getByRole('textbox', { name: 'Bio' })).toHaveValue('Payments.');
    expect(d.getByRole('checkbox', { name: 'Actively looking for a job' })).not.toBeChecked();
    expect(d.getByRole('checkbox', { name: 'Public profile' })).not.toBeChecked();

    await user.click(d.getByRole('checkbox', { name: 'Actively looking for a job' }));
    await user.click(d.getByRole('button', { name: 'Update Profile' }));
    await findToast('Profile Updated');
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toMatchObject({
      jobTitle: 'Staff Engineer',
      githubUrl: 'https://github.com/ana',
      education: 'MSc - Porto',
      workPreference: 'remote',
      isActivelyLooking: true,
      isPublic: false,
    });
    expect(await dialog().findByText('Your profile is updated.')).toBeInTheDocument();
  });

  it('says Profile Update Failed with the spec’s fallback when an update fails', async () => {
    answers['PUT /api/profile'] = () => new Response('', { status: 500 });
    const { user } = renderWizard({ editing: profile() });
    await user.click(dialog().getByRole('button', { name: 'Update Profile' }));
    await findToast('Profile Update Failed', 'Failed to update profile. Please try again.');
    expect(dialog().getByRole('button', { name: 'Update Profile' })).toBeEnabled();
  });

  it('uploads a PNG, JPEG, WebP or GIF of up to 2 MB and previews it from its address; refuses SVG, other files and larger ones at their field', async () => {
    const avatarUrl = '/api/profile-pictures/0b7c3f4e-4b1d-4c8e-9a4f-1d2e3f4a5b6c?grant=1800000000.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
    answers['POST /api/profile-pictures?kind=avatar'] = json(201, { success: true, url: avatarUrl, contentType: 'image/webp', width: 192, height: 192, bytes: 3974 });
    answers['POST /api/profile-pictures?kind=cover'] = json(400, { success: false, error: 'This picture could not be read. Please choose another PNG, JPEG, WebP or GIF image.' });
    const { user } = renderWizard();
    await reachForm(user);
    const d = dialog();
    const picture = d.getByLabelText('Profile Picture');
    await user.upload(picture, new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.webp', { type: 'image/webp' }));
    expect(await d.findByText('Images must be at most 2 MB.')).toBeInTheDocument();
    expect(picture).toHaveAttribute('aria-invalid', 'true');

    await user.upload(picture, new File([new Uint8Array([137, 80, 78, 71])], 'me.gif', { type: 'image/gif' }));
    const preview = await d.findByRole('img', { name: 'Chosen profile picture' });
    // Shown from our own origin: the CSP refuses data: images (ADR 046).
    expect(preview.getAttribute('src')).toBe(avatarUrl);
    const sent = requests.find((request) => request.url === '/api/profile-pictures?kind=avatar');
    expect((sent?.body as FormData).get('picture')).toBeInstanceOf(File);
    expect(d.queryByText('Images must be at most 2 MB.')).not.toBeInTheDocument();
    await user.click(d.getByRole('button', { name: 'Clear picture' }));
    expect(d.queryByRole('img', { name: 'Chosen profile picture' })).not.toBeInTheDocument();

    const cover = d.getByLabelText('Cover Photo');
    await user.upload(cover, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await d.findByText('Pictures must be images')).toBeInTheDocument();
    await user.upload(cover, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(await d.findByText('Pictures must be PNG, JPEG, WebP or GIF images.')).toBeInTheDocument();
    // The server's reason when it cannot read the picture.
    await user.upload(cover, new File(['not really'], 'broken.png', { type: 'image/png' }));
    expect(await d.findByText('This picture could not be read. Please choose another PNG, JPEG, WebP or GIF image.')).toBeInTheDocument();
  });

  it('Back from the form returns to upload, keeping what was typed', async () => {
    const { user } = renderWizard();
    await reachForm(user);
    await user.type(dialog().getByRole('textbox', { name: 'Job Title' }), 'Data Engineer');
    await user.click(dialog().getByRole('button', { name: 'Back' }));
    expect(dialog().getByRole('heading', { name: 'Upload your resume' })).toHaveFocus();
    await reachForm(user);
    expect(dialog().getByRole('textbox', { name: 'Job Title' })).toHaveValue('Data Engineer');
  });

  it('closing starts the wizard again in create mode, even after an edit', async () => {
    const { user, onOpenChange, reopen } = renderWizard({ editing: profile() });
    await user.clear(dialog().getByRole('textbox', { name: 'Job Title' }));
    await user.type(dialog().getByRole('textbox', { name: 'Job Title' }), 'Changed my mind');
    await user.click(dialog().getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Start Here: a fresh wizard in create mode at step 1.
    reopen(null);
    expect(await screen.findByRole('dialog', { name: 'Create Your Profile' })).toHaveAccessibleDescription(
      'Step 1 of 4: Upload your resume',
    );
    await reachForm(user);
    expect(dialog().getByRole('textbox', { name: 'Job Title' })).toHaveValue('');
    await user.click(dialog().getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Edit Profile again: the saved values, not what was typed before closing.
    reopen(profile());
    expect(await screen.findByRole('dialog', { name: 'Edit Your Profile' })).toBeInTheDocument();
    expect(dialog().getByRole('textbox', { name: 'Job Title' })).toHaveValue('Staff Engineer');
  });

  it('a reload in the middle of creating keeps what was read and typed; saving or closing forgets it (ADR 110)', async () => {
    answers['POST /api/parse-resume'] = json(200, parsed);
    answers['POST /api/profile'] = json(201, { success: true, profile: profile() });
    const first = renderWizard();
    await first.user.upload(dialog().getByLabelText('Upload Resume'), pdf());
    const title = await dialog().findByRole('textbox', { name: 'Job Title' });
    await first.user.clear(title);
    await first.user.type(title, 'Principal Engineer');

    // The page reloads: the tab's storage survives, the wizard does not.
    cleanup();
    const second = renderWizard();
    expect(await screen.findByRole('dialog', { name: 'Create Your Profile' })).toHaveAccessibleDescription(
      'Step 3 of 4: Confirm your details',
    );
    expect(dialog().getByRole('status')).toHaveTextContent('We kept what you had entered before the page reloaded.');
    expect(dialog().getByRole('textbox', { name: 'Job Title' })).toHaveValue('Principal Engineer');
    expect(dialog().getByRole('textbox', { name: 'Location' })).toHaveValue('Lisbon, Portugal');
    expect(within(dialog().getByRole('list', { name: 'Skill list' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Go',
      'PostgreSQL',
    ]);
    await second.user.click(dialog().getByRole('button', { name: 'Create Profile' }));
    await findToast('Profile Created');
    expect((requests.find((r) => r.url === '/api/profile')?.body as { jobTitle: string }).jobTitle).toBe('Principal Engineer');
    expect(Object.keys(sessionStorage).filter((key) => key.includes('draft'))).toEqual([]);

    // Saved: a reload now starts a new wizard at step 1. Typed then closed: forgotten as well.
    cleanup();
    const third = renderWizard();
    await reachForm(third.user);
    await third.user.type(dialog().getByRole('textbox', { name: 'Job Title' }), 'Typed then closed');
    expect(Object.keys(sessionStorage).filter((key) => key.includes('draft'))).toHaveLength(1);
    await third.user.click(dialog().getByRole('button', { name: 'Close' }));
    expect(Object.keys(sessionStorage).filter((key) => key.includes('draft'))).toEqual([]);
  });
});
