import Fastify from 'fastify';

/** A request the stand-in received: path, bearer header, JSON body. */
export interface StandInRequest {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

export interface StandInUser {
  id: string;
  email: string;
  name: string;
}

/**
 * For tests and local trials: a server speaking the external assistant's wire protocol (part 1
 * §7, ADR 043) the way the provider would, so the `http` adapter runs on its production code
 * path (ADR 025/030: the stand-in speaks the real protocol). It knows one user by token and key,
 * wants the deployment key on every call but `/auth`, and can be told to fail.
 */
export async function startAssistantStandIn(options: { userToken: string; apiKey: string; deploymentKey: string; user: StandInUser }) {
  const received: StandInRequest[] = [];
  let failNext = 0;
  let invites = 0;
  const server = Fastify();
  const body = (request: { body: unknown }) => (request.body ?? {}) as Record<string, unknown>;
  server.addHook('preHandler', async (request, reply) => {
    received.push({ path: request.url, authorization: request.headers.authorization, body: body(request) });
    if (failNext > 0) {
      failNext -= 1;
      return reply.code(503).send({ success: false, error: 'Temporarily unavailable' });
    }
    if (request.url !== '/auth' && request.headers.authorization !== `Bearer ${options.deploymentKey}`) {
      return reply.code(401).send({ success: false, error: 'Invalid deployment key' });
    }
  });
  server.post('/auth', async (request, reply) => {
    const { user_token, api_key } = body(request);
    if (user_token !== options.userToken || api_key !== options.apiKey) return reply.code(401).send({ success: false, error: 'Invalid credentials' });
    return { success: true, user: options.user };
  });
  server.post('/job-search', async (request) => {
    const query = String(body(request).query ?? '');
    const jobs = [{ id: 'ext-1', title: `Senior ${query || 'Engineer'}`, company: 'Stand-in Corp', location: 'Remote' }];
    return { success: true, jobs, total: jobs.length };
  });
  server.post('/apply-job', async (request, reply) => {
    const jobId = String(body(request).job_id ?? '');
    if (jobId === 'closed') return reply.code(409).send({ success: false, error: 'This job is closed' });
    return { success: true, applicationId: `app-${jobId}`, appliedAt: '2026-01-01T00:00:00.000Z' };
  });
  server.post('/generate-invite', async (request) => {
    const email = String(body(request).email ?? '');
    if (email.endsWith('@nocode.example')) return { success: true };
    invites += 1;
    return { success: true, invite_code: `INV${invites}` };
  });
  server.post('/auto-auth', async (request) => {
    const { mysalt_user_id, email } = body(request);
    return { success: mysalt_user_id === options.user.id && email === options.user.email };
  });
  const url = await server.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    received,
    /** The next `count` calls answer 503. */
    failNext(count: number) {
      failNext = count;
    },
    close: () => server.close(),
  };
}
