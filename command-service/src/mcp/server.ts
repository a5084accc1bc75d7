import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { DomainError, JOB_MAX_PAGE_SIZE, JOB_MESSAGES, JOB_SEARCH_TEXT_MAX_LENGTH, type Job } from '@hireloop/contracts';
import type { RegisteredAccount } from '../auth/accounts';
import { submitApplication } from '../applications/submit';
import type { CommandContext } from '../shared/command-handler';
import type { CommandServiceDeps } from '../shared/deps';
import type { McpReads } from '../shared/mcp-reads';

export const MCP_SERVER_INFO = { name: 'hireloop', version: '1.0.0' } as const;

/** Who calls: the key's owner, and the context their writes are recorded with (actor via the key). */
export interface McpCaller {
  account: RegisteredAccount;
  context: CommandContext;
  /** The position of the key's last write in this process, if any: its reads wait for it (read-your-writes). */
  lastWrite: { get(): string | undefined; set(position: string): void };
}

const MAX_TOOL_PAGE_SIZE = Math.min(25, JOB_MAX_PAGE_SIZE);
const JobId = z.string({ error: 'jobId is required' }).trim().min(1, { error: 'jobId is required' }).max(100, { error: 'jobId is at most 100 characters' });

const text = (value: unknown): CallToolResult => ({ content: [{ type: 'text', text: JSON.stringify(value, null, 2) }] });
const toolError = (message: string): CallToolResult => ({ content: [{ type: 'text', text: message }], isError: true });

/** A job as a search lists it: enough to choose, without the whole description. */
const jobSummary = (job: Job) => ({
  id: job.id,
  title: job.title,
  company: job.company,
  location: job.location,
  type: job.type,
  remote: job.remote,
  salary: job.salary,
  postedAt: job.createdAt,
  isOpen: job.isActive,
  appliesOnHireloop: job.source === 'internal',
  externalUrl: job.externalUrl,
});

/**
 * A tool's work, with its failures as tool errors: a rule the product states (a closed job, an
 * application already made) reads as its message; anything else is logged and told in general
 * terms (never internals).
 */
const guarded =
  <Args>(onUnexpected: (error: unknown) => void, work: (args: Args) => Promise<CallToolResult>) =>
  async (args: Args): Promise<CallToolResult> => {
    try {
      return await work(args);
    } catch (error) {
      if (error instanceof DomainError) return toolError(error.message);
      onUnexpected(error);
      return toolError('Something went wrong on Hireloop’s side. Please try again.');
    }
  };

/**
 * One MCP server for one request of one caller (the endpoint is stateless, ADR 042): the four
 * tools, each on the same code path as its HTTP route.
 */
export function createHireloopMcpServer(deps: CommandServiceDeps, reads: McpReads, caller: McpCaller, onUnexpected: (error: unknown) => void): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, {
    instructions: 'Hireloop, a tech job board. Search open jobs, read one, apply to it as the signed-in candidate, and list the candidate’s applications.',
  });

  server.registerTool(
    'search_jobs',
    {
      title: 'Search jobs',
      description: 'Search the open jobs on the Hireloop board by keywords, location and type. Returns a page of jobs (newest first) and the total.',
      inputSchema: {
        query: z.string().max(JOB_SEARCH_TEXT_MAX_LENGTH).optional().describe('Keywords, e.g. "senior react"'),
        location: z.string().max(JOB_SEARCH_TEXT_MAX_LENGTH).optional().describe('A city or region, or "remote"'),
        type: z.string().max(50).optional().describe('Full-time, Part-time, Contract, Internship…'),
        page: z.number().int().min(1).max(1000).optional().describe('Page number, from 1'),
        pageSize: z.number().int().min(1).max(MAX_TOOL_PAGE_SIZE).optional().describe(`Jobs per page, 1 to ${MAX_TOOL_PAGE_SIZE} (default 10)`),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    guarded(onUnexpected, async ({ query, location, type, page, pageSize }) => {
      const size = pageSize ?? 10;
      const { jobs, total } = await reads.searchJobs({
        search: query?.trim() ?? '',
        location: location?.trim() ?? '',
        type: type?.trim() ?? '',
        status: 'open',
        page: page ?? 1,
        pageSize: size,
        mine: false,
      });
      return text({ total, page: page ?? 1, pageSize: size, jobs: jobs.map(jobSummary) });
    }),
  );

  server.registerTool(
    'get_job',
    {
      title: 'Get a job',
      description: 'The whole posting of one job, by its id (from search_jobs).',
      inputSchema: { jobId: JobId },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    guarded(onUnexpected, async ({ jobId }) => {
      const job = await reads.getJob(jobId);
      if (!job) return toolError(JOB_MESSAGES.notFound);
      const { shareToken: _shareToken, matchScore: _score, matchReasons: _reasons, warnings: _warnings, ...posting } = job;
      return text({ ...posting, isOpen: job.isActive, appliesOnHireloop: job.source === 'internal' });
    }),
  );

  server.registerTool(
    'apply_to_job',
    {
      title: 'Apply to a job',
      description: 'Apply to a job as the candidate who owns this API key, with their Hireloop profile. Only jobs posted on Hireloop; imported jobs are applied to on their own site (externalUrl).',
      inputSchema: { jobId: JobId },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    guarded(onUnexpected, async ({ jobId }) => {
      const submitted = await submitApplication(deps, caller.account, jobId, caller.context);
      caller.lastWrite.set(submitted.position);
      return text({ success: true, applicationId: submitted.applicationId, jobId, appliedAt: submitted.appliedAt });
    }),
  );

  server.registerTool(
    'get_my_applications',
    {
      title: 'My applications',
      description: 'The applications of the candidate who owns this API key, newest first, with where each one is.',
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    guarded(onUnexpected, async () => {
      const applications = await reads.applicationsOf(caller.account.userId, caller.lastWrite.get());
      return text({
        applications: applications.map(({ timeline: _timeline, ...application }) => application),
      });
    }),
  );

  return server;
}
