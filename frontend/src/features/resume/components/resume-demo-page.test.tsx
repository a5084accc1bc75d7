import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_RESUME } from '../lib/sample-resume';
import { HOW_IT_WORKS_STEPS, ResumeDemoPage } from './resume-demo-page';

let requests: string[];

beforeEach(() => {
  requests = [];
  vi.stubGlobal('fetch', async (url: string) => {
    requests.push(url);
    throw new Error('The demo should not call the server');
  });
  vi.stubGlobal('scrollTo', () => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function renderDemo() {
  const rootRoute = createRootRoute();
  const page = createRoute({ getParentRoute: () => rootRoute, path: '/resume-demo', component: ResumeDemoPage });
  const router = createRouter({
    routeTree: rootRoute.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ['/resume-demo'] }),
  });
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { level: 1, name: 'Resume Extraction Demo' });
}

const region = (name: string) => within(screen.getByRole('region', { name }));

describe('the resume extraction demo', () => {
  it('shows the sample resume image, Extract with AI, and how it works in four steps', async () => {
    await renderDemo();
    expect(document.title).toBe('Resume Extraction Demo | Hireloop');
    expect(screen.getByRole('img', { name: 'Sample resume of Maya Okafor, Senior Full-Stack Engineer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Extract with AI' })).toBeEnabled();
    expect(screen.getByText('Press Extract with AI to see what we find.')).toBeInTheDocument();

    const steps = within(region('How It Works').getByRole('list')).getAllByRole('listitem');
    expect(steps).toHaveLength(4);
    steps.forEach((step, index) => expect(step).toHaveTextContent(HOW_IT_WORKS_STEPS[index] ?? ''));
    expect(steps[0]).toHaveTextContent('Upload your resume');
    expect(steps[3]).toHaveTextContent('Create your profile');
  });

  it('after exactly 3 seconds of extracting shows the fixed sample results, projects included, without calling the server', async () => {
    await renderDemo();
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Extract with AI' }));

    const busy = screen.getByRole('button', { name: 'Extracting...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Extracting information from the sample resume...');

    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByRole('region', { name: 'Personal Information' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Extracting...' })).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent('Extraction complete.');
    expect(screen.getByRole('button', { name: 'Extracted' })).toBeDisabled();

    expect(region('Personal Information').getByText('Maya Okafor')).toBeInTheDocument();
    expect(region('Personal Information').getByText('maya.okafor@example.com')).toBeInTheDocument();
    expect(region('Professional Summary').getByText(SAMPLE_RESUME.summary)).toBeInTheDocument();
    expect(region('Work Experience').getByRole('heading', { name: 'Senior Full-Stack Engineer' })).toBeInTheDocument();
    expect(region('Work Experience').getByRole('heading', { name: 'Software Engineer' })).toBeInTheDocument();
    expect(region('Skills').getByText('PostgreSQL')).toBeInTheDocument();
    expect(region('Education').getByText('Cascade State University')).toBeInTheDocument();
    expect(region('Certifications').getByText('AWS Certified Developer – Associate')).toBeInTheDocument();
    const projects = region('Projects');
    for (const project of SAMPLE_RESUME.projects) {
      expect(projects.getByRole('heading', { name: project.name })).toBeInTheDocument();
      expect(projects.getByText(project.description)).toBeInTheDocument();
    }
    expect(requests).toEqual([]);
  });

  it('sends the person to upload their own resume to create a profile, since the sample is fictional', async () => {
    await renderDemo();
    expect(screen.queryByRole('link', { name: 'Create My Profile with This Data' })).not.toBeInTheDocument();
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Extract with AI' }));
    act(() => vi.advanceTimersByTime(3000));

    expect(screen.getByRole('link', { name: 'Create My Profile with This Data' })).toHaveAttribute('href', '/resume-upload');
    expect(screen.getByText(/This sample is fictional/)).toBeInTheDocument();
  });
});
