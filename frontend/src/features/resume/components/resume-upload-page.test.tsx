import { PROFILE_MESSAGES, RESUME_MAX_BYTES, type ExtractedResume } from '@hireloop/contracts';
import { sampleProfileContent } from '@hireloop/contracts/testing/profiles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, Toaster } from '../../../components/ui/toast';
import { resetPositionForTests } from '../../../lib/api-client';
import { AuthDialogContext } from '../../../lib/auth-dialog';
import { SAMPLE_RESUME } from '../lib/sample-resume';
import { ResumeUploadPage, type ResumeViewer } from './resume-upload-page';

interface Request {
  method: string;
  url: string;
  body: unknown;
}

let requests: Request[];
let answers: Record<string, () => Response | Promise<Response>>;
let objectUrls: string[];
let revoked: string[];
const { createObjectURL, revokeObjectURL } = URL;

beforeEach(() => {
  requests = [];
  answers = {};
  objectUrls = [];
  revoked = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    requests.push({
      method: init.method ?? 'GET',
      url,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    });
    const answer = answers[url];
    if (!answer) throw new Error(`The test did not say how the server answers ${url}`);
    return answer();
  });
  // jsdom has no object URLs: count the ones made and revoked.
  URL.createObjectURL = () => {
    const url = `blob:preview-${objectUrls.length + 1}`;
    objectUrls.push(url);
    return url;
  };
  URL.revokeObjectURL = (url: string) => {
    revoked.push(url);
  };
  vi.stubGlobal('scrollTo', () => {});
  resetPositionForTests();
});

afterEach(() => {
  act(() => toast({ title: '' }).dismiss());
  vi.unstubAllGlobals();
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** An answer the test releases when it wants, to see the page while it waits. */
function deferred(answer: () => Response) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { answer: async () => (await gate, answer()), release };
}

const pdf = (name = 'maya-okafor.pdf', bytes = 2.5 * 1024 * 1024) =>
  new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });

const candidate: ResumeViewer = { type: 'candidate' };

async function renderPage(viewer: ResumeViewer | null = candidate) {
  const openAuthDialog = vi.fn();
  const onProfileCreated = vi.fn();
  const rootRoute = createRootRoute();
  const page = createRoute({
    getParentRoute: () => rootRoute,
    path: '/resume-upload',
    component: () => <ResumeUploadPage viewer={viewer} viewerLoading={false} onProfileCreated={onProfileCreated} />,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ['/resume-upload'] }),
  });
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AuthDialogContext.Provider value={{ openAuthDialog, preloadAuthDialog: () => {} }}>
        <RouterProvider router={router} />
      </AuthDialogContext.Provider>
      <Toaster />
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { level: 1, name: 'Upload Your Resume' });
  return { user: userEvent.setup({ delay: null }), openAuthDialog, onProfileCreated, view };
}

const fileInput = () => screen.getByLabelText('Choose File');
const extractButton = () => screen.getByRole('button', { name: 'Extract Information' });
const section = (name: string) => within(screen.getByRole('region', { name }));

/** The toast with `title`, in the notifications region (its code loads with the first toast). */
async function findToast(title: string): Promise<HTMLElement> {
  return waitFor(
    () => {
      const notifications = screen.getByRole('region', { name: 'Notifications (F8)' });
      const item = within(notifications)
        .queryAllByRole('listitem')
        .find((entry) => within(entry).queryByText(title));
      if (!item) throw new Error(`No toast "${title}" on screen`);
      return item;
    },
    { timeout: 5000 },
  );
}

async function extractSample(user: ReturnType<typeof userEvent.setup>, resume: ExtractedResume = SAMPLE_RESUME) {
  answers['/api/extract-resume'] = json(200, { success: true, data: resume, error: null });
  await user.upload(fileInput(), pdf());
  await user.click(extractButton());
  await screen.findByRole('heading', { name: 'Extracted Information' });
}

describe('the resume upload page', () => {
  it('is titled, and asks a visitor to sign in, opening the sign-in dialog on this page', async () => {
    const { user, openAuthDialog } = await renderPage(null);
    expect(document.title).toBe('Resume Upload | Hireloop');
    expect(screen.getByRole('heading', { name: 'Sign in to upload your resume' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Choose File')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(openAuthDialog).toHaveBeenCalledWith('signin', { stayOnPage: true });
    await user.click(screen.getByRole('button', { name: 'Create a Candidate Account' }));
    expect(openAuthDialog).toHaveBeenLastCalledWith('candidate', { stayOnPage: true });
    expect(requests).toEqual([]);
  });

  it('tells a company that profiles are for candidates', async () => {
    await renderPage({ type: 'company' });
    expect(screen.getByRole('heading', { name: PROFILE_MESSAGES.candidatesOnly })).toBeInTheDocument();
    expect(screen.queryByLabelText('Choose File')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('shows the chosen file’s name and size in MB, and only then allows extraction', async () => {
    const { user } = await renderPage();
    expect(fileInput()).toHaveAccessibleDescription(
      'Images (PNG, JPEG, WebP), PDF, Word (.docx) or JSON Resume (.json), up to 5 MB.',
    );
    expect(extractButton()).toBeDisabled();

    await user.upload(fileInput(), pdf('maya-okafor.pdf', 2.5 * 1024 * 1024));
    expect(screen.getByText('maya-okafor.pdf')).toBeInTheDocument();
    expect(screen.getByText('2.50 MB')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Preview of/ })).not.toBeInTheDocument();
    expect(extractButton()).toBeEnabled();
  });

  it('previews an image from an object URL, revoked when the file changes and when the page goes', async () => {
    const { user, view } = await renderPage();
    await user.upload(fileInput(), new File([new Uint8Array(300 * 1024)], 'scan.png', { type: 'image/png' }));
    expect(screen.getByRole('img', { name: 'Preview of scan.png' })).toHaveAttribute('src', 'blob:preview-1');
    expect(screen.getByText('0.29 MB')).toBeInTheDocument();

    await user.upload(fileInput(), new File(['x'], 'photo.jpg', { type: 'image/jpeg' }));
    expect(screen.getByRole('img', { name: 'Preview of photo.jpg' })).toHaveAttribute('src', 'blob:preview-2');
    expect(revoked).toEqual(['blob:preview-1']);

    await user.upload(fileInput(), pdf());
    expect(screen.queryByRole('img', { name: /Preview of/ })).not.toBeInTheDocument();
    expect(revoked).toEqual(['blob:preview-1', 'blob:preview-2']);

    await user.upload(fileInput(), new File(['x'], 'again.png', { type: 'image/png' }));
    view.unmount();
    expect(revoked).toEqual(['blob:preview-1', 'blob:preview-2', 'blob:preview-3']);
  });

  it('refuses a file over 5 MB in the browser with the server’s message, and sends nothing', async () => {
    const { user } = await renderPage();
    await user.upload(fileInput(), pdf('huge.pdf', RESUME_MAX_BYTES + 1));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The resume is larger than 5 MB. Please upload a smaller file.');
    expect(screen.queryByText('huge.pdf')).not.toBeInTheDocument();
    expect(extractButton()).toBeDisabled();
    expect(requests).toEqual([]);
  });

  it('takes a file dropped on the page, and refuses a kind it cannot read', async () => {
    await renderPage();
    const zone = screen.getByText('Drag and drop your resume here, or').parentElement as HTMLElement;
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['a,b'], 'table.csv', { type: 'text/csv' })] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please choose a PNG, JPEG or WebP image, a PDF, a Word document (.docx) or a JSON Resume (.json) file.',
    );

    fireEvent.drop(zone, { dataTransfer: { files: [pdf('dropped.pdf')] } });
    expect(await screen.findByText('dropped.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('extracts with a busy button and a status, then shows every section of the result read-only', async () => {
    const { user } = await renderPage();
    const pending = deferred(json(200, { success: true, data: SAMPLE_RESUME, error: null }));
    answers['/api/extract-resume'] = pending.answer;
    await user.upload(fileInput(), pdf());
    await user.click(extractButton());

    const busy = await screen.findByRole('button', { name: 'Extracting...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Extracting information from your resume...');
    expect(fileInput()).toBeDisabled();
    expect(screen.getByRole('list', { name: 'Progress' })).toHaveTextContent('Extract');
    expect(within(screen.getByRole('list', { name: 'Progress' })).getByText('Extract').closest('li')).toHaveAttribute(
      'aria-current',
      'step',
    );

    pending.release();
    const resultHeading = await screen.findByRole('heading', { name: 'Extracted Information' });
    // The Extract button is gone: the focus goes to the result rather than to nowhere.
    await waitFor(() => expect(resultHeading).toHaveFocus());
    expect(screen.queryByRole('button', { name: /Extract/ })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Extraction complete.');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/extract-resume' });
    expect((requests[0]?.body as FormData).get('resume')).toBeInstanceOf(File);

    const personal = section('Personal Information');
    for (const value of ['Maya Okafor', 'maya.okafor@example.com', '+1 (555) 014-2398', 'Portland, OR', '7+ years']) {
      expect(personal.getByText(value)).toBeInTheDocument();
    }
    expect(section('Professional Summary').getByText(SAMPLE_RESUME.summary)).toBeInTheDocument();

    const work = section('Work Experience');
    for (const job of SAMPLE_RESUME.experience) {
      expect(work.getByRole('heading', { name: job.title })).toBeInTheDocument();
      expect(work.getByText(`${job.company} · ${job.duration}`)).toBeInTheDocument();
      expect(work.getByText(job.description)).toBeInTheDocument();
      const technologies = work.getByRole('list', { name: `Technologies used at ${job.company}` });
      expect(within(technologies).getAllByRole('listitem').map((item) => item.textContent)).toEqual(job.technologies);
    }

    const skills = section('Skills');
    expect(within(skills.getByRole('list', { name: 'Technical skills' })).getAllByRole('listitem')).toHaveLength(7);
    expect(within(skills.getByRole('list', { name: 'Soft skills' })).getByText('Mentoring')).toBeInTheDocument();

    const education = section('Education');
    expect(education.getByRole('heading', { name: 'B.S. Computer Science' })).toBeInTheDocument();
    expect(education.getByText('Cascade State University')).toBeInTheDocument();
    expect(education.getByText('2017')).toBeInTheDocument();
    expect(education.getByText('3.7')).toBeInTheDocument();

    expect(section('Certifications').getByText('AWS Certified Developer – Associate')).toBeInTheDocument();
    expect(section('Projects').getByRole('heading', { name: 'Tidewatch' })).toBeInTheDocument();

    // Read-only: nothing to type into.
    expect(screen.queryAllByRole('textbox')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Create My Profile' })).toBeEnabled();
  });

  it('says "Not found" for what the extraction left empty, and leaves out empty certifications and projects', async () => {
    const { user } = await renderPage();
    await extractSample(user, {
      ...SAMPLE_RESUME,
      personalInfo: { ...SAMPLE_RESUME.personalInfo, phone: '' },
      summary: '',
      experience: [],
      certifications: [],
      projects: [],
    });
    expect(section('Personal Information').getByText('Not found')).toBeInTheDocument();
    expect(section('Professional Summary').getByText('No summary found.')).toBeInTheDocument();
    expect(section('Work Experience').getByText('No work experience found.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Certifications' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Projects' })).not.toBeInTheDocument();
  });

  it('says it is reading the image while a picture of a resume is read, and the usual words for a document', async () => {
    const { user } = await renderPage();
    const pending = deferred(json(200, { success: true, data: SAMPLE_RESUME, error: null }));
    answers['/api/extract-resume'] = pending.answer;
    await user.upload(fileInput(), new File(['x'], 'scan.jpg', { type: 'image/jpeg' }));
    await user.click(extractButton());

    await screen.findByRole('button', { name: 'Extracting...' });
    expect(screen.getByRole('status')).toHaveTextContent('Reading the image…');
    expect(screen.getByText('Reading the image… Text in a picture takes longer to read, up to 15 seconds.')).toBeVisible();
    expect(screen.queryByText(/Reading your resume/)).not.toBeInTheDocument();

    pending.release();
    await screen.findByRole('heading', { name: 'Extracted Information' });
    expect(screen.queryByText(/Reading the image/)).not.toBeInTheDocument();

    const document = deferred(json(200, { success: true, data: SAMPLE_RESUME, error: null }));
    answers['/api/extract-resume'] = document.answer;
    await user.upload(fileInput(), pdf());
    await user.click(extractButton());
    await screen.findByRole('button', { name: 'Extracting...' });
    expect(screen.getByRole('status')).toHaveTextContent('Extracting information from your resume...');
    expect(screen.getByText('Reading your resume. This can take a few seconds...')).toBeVisible();
    expect(screen.queryByText(/Reading the image/)).not.toBeInTheDocument();
    document.release();
  });

  it('shows the server’s error clearly when extraction fails, and lets the person retry', async () => {
    const { user } = await renderPage();
    answers['/api/extract-resume'] = json(422, { success: false, data: null, error: PROFILE_MESSAGES.resumeImageTooLarge });
    await user.upload(fileInput(), new File(['x'], 'scan.png', { type: 'image/png' }));
    await user.click(extractButton());

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Resume Parsing Failed')).toBeInTheDocument();
    expect(alert).toHaveTextContent(PROFILE_MESSAGES.resumeImageTooLarge);
    expect(screen.queryByRole('heading', { name: 'Extracted Information' })).not.toBeInTheDocument();
    expect(screen.getByText('scan.png')).toBeInTheDocument();

    answers['/api/extract-resume'] = json(200, { success: true, data: SAMPLE_RESUME, error: null });
    await user.click(extractButton());
    await screen.findByRole('heading', { name: 'Extracted Information' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a resume with no readable text gets the server\'s answer saying so and what to do, not an empty form', async () => {
    const { user } = await renderPage();
    answers['/api/extract-resume'] = json(422, { success: false, data: null, error: PROFILE_MESSAGES.resumeUnreadable });
    await user.upload(fileInput(), new File(['%PDF-1.4'], 'scan.pdf', { type: 'application/pdf' }));
    await user.click(extractButton());

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Resume Parsing Failed')).toBeInTheDocument();
    expect(alert).toHaveTextContent('We could not find any text in this file.');
    expect(alert).toHaveTextContent('try a PDF exported from Word or Google Docs');
    expect(screen.queryByRole('heading', { name: 'Extracted Information' })).not.toBeInTheDocument();
  });

  it('creates the profile from the extraction: toast, link and the way to the new profile', async () => {
    const { user, onProfileCreated } = await renderPage();
    await extractSample(user);
    const pending = deferred(json(201, { success: true, message: 'Profile created', profile: { ...sampleProfileContent(), id: 'p-41', userId: 'u-41', isPrivate: false, createdAt: '2026-11-27T10:00:00.000Z', updatedAt: '2026-11-27T10:00:00.000Z' } }));
    answers['/api/candidates'] = pending.answer;

    await user.click(screen.getByRole('button', { name: 'Create My Profile' }));
    const busy = await screen.findByRole('button', { name: 'Creating Profile...' });
    expect(busy).toBeDisabled();
    pending.release();

    const item = await findToast('Registration Successful');
    expect(item).toHaveTextContent('Your profile has been created from your resume.');
    expect(onProfileCreated).toHaveBeenCalledWith('p-41');
    expect(screen.getByRole('link', { name: 'View My Profile' })).toHaveAttribute('href', '/profile/p-41');
    expect(screen.queryByRole('button', { name: 'Create My Profile' })).not.toBeInTheDocument();

    const create = requests.find((request) => request.url === '/api/candidates');
    expect(create).toMatchObject({
      method: 'POST',
      body: {
        firstName: 'Maya',
        lastName: 'Okafor',
        email: 'maya.okafor@example.com',
        title: 'Senior Full-Stack Engineer',
        education: 'B.S. Computer Science - Cascade State University',
        workPreference: 'hybrid',
        availability: 'immediate',
      },
    });
  });

  it('says Registration Failed with the server’s message, or the spec’s default', async () => {
    const { user, onProfileCreated } = await renderPage();
    await extractSample(user);

    answers['/api/candidates'] = json(409, { success: false, error: PROFILE_MESSAGES.profileExists });
    await user.click(screen.getByRole('button', { name: 'Create My Profile' }));
    expect(await findToast('Registration Failed')).toHaveTextContent(
      'You already have a profile. Edit it from your dashboard.',
    );

    answers['/api/candidates'] = json(500, { success: false, error: 'Internal Server Error' });
    await user.click(await screen.findByRole('button', { name: 'Create My Profile' }));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toHaveTextContent(
        'Failed to create your profile. Please try again.',
      ),
    );
    expect(onProfileCreated).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Extracted Information' })).toBeInTheDocument();
  });
});
