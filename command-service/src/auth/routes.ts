import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuthSuccess, CandidateSignupBody, CompanySignupBody, ErrorBody, LoginBody, LogoutResponse } from '@hireloop/contracts';
import type { CommandServiceDeps } from '../shared/deps';
import { withPosition } from '../shared/request-context';
import { register, signIn, signOut } from './accounts';

const errors = { 400: ErrorBody, 401: ErrorBody, 409: ErrorBody, 412: ErrorBody, 429: ErrorBody };

export const authRoutes: FastifyPluginAsyncZod<{ deps: CommandServiceDeps }> = async (app, { deps }) => {
  app.post(
    '/api/auth/candidate/signup',
    { schema: { tags: ['auth'], body: CandidateSignupBody, response: { 201: AuthSuccess, ...errors } } },
    async (request, reply) => {
      const { password, name, email, phone, location, currentRole, skills } = request.body;
      const result = await register(
        deps,
        { type: 'candidate', role: 'candidate', password, name, email, phone, location, currentRole, skills },
        request.id,
      );
      return withPosition(reply, result.position).status(201).send({ success: true, user: result.user, token: result.token });
    },
  );

  app.post(
    '/api/auth/company/signup',
    { schema: { tags: ['auth'], body: CompanySignupBody, response: { 201: AuthSuccess, ...errors } } },
    async (request, reply) => {
      const { password, companyName, contactName, email, phone, website, location, industry } = request.body;
      const result = await register(
        deps,
        {
          type: 'company',
          role: 'company',
          password,
          name: contactName,
          email,
          phone,
          location,
          currentRole: null,
          skills: [],
          company: { name: companyName, website, location, industry },
        },
        request.id,
      );
      return withPosition(reply, result.position).status(201).send({ success: true, user: result.user, token: result.token });
    },
  );

  // `/api/auth/signin` is the older client's name for the same call.
  for (const url of ['/api/auth/login', '/api/auth/signin']) {
    app.post(url, { schema: { tags: ['auth'], body: LoginBody, response: { 200: AuthSuccess, ...errors } } }, async (request, reply) => {
      const result = await signIn(deps, request.body.email, request.body.password, request.id);
      return withPosition(reply, result.position).send({ success: true, user: result.user, token: result.token });
    });
  }

  app.post(
    '/api/auth/logout',
    { schema: { tags: ['auth'], body: z.unknown().optional(), response: { 200: LogoutResponse, ...errors } } },
    async (request, reply) => {
      // Signing out twice, or with a dead token, is still a successful sign-out.
      const session = await request.session();
      if (session) {
        const { position } = await signOut(deps, session, request.id);
        withPosition(reply, position);
      }
      return reply.send({ success: true });
    },
  );
};
