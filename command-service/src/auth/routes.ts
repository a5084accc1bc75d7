import { signedInOnly } from '@hireloop/platform/http/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_MESSAGES,
  AuthProviders,
  AuthSuccess,
  CandidateSignupBody,
  ChangeRoleBody,
  ChangeRoleResponse,
  CompanySignupBody,
  ErrorBody,
  ExchangeCodeBody,
  ExchangeCodeResponse,
  ForgotPasswordBody,
  ForgotPasswordResponse,
  LoginBody,
  LogoutResponse,
  ResetPasswordBody,
  ResetPasswordResponse,
  ValidateResetTokenBody,
  ValidateResetTokenResponse,
  redirectTo,
  userStreamId,
} from '@hireloop/contracts';
import { handleCommand } from '../shared/command-handler';
import { commandContext } from '../shared/request-context';
import { requireAccount } from './accounts';
import { requestPasswordReset, resetPassword, validateResetToken } from './password-reset';
import { exchangeCode, finishLinkedInSignIn, startLinkedInSignIn } from './social-sign-in';
import { userAccountDecider } from './user-account';
import type { CommandServiceDeps } from '../shared/deps';
import { DEFAULT_ASSISTANT_SETTINGS } from '@hireloop/platform/assistant';
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
        request.ip,
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
        request.ip,
        request.id,
      );
      return withPosition(reply, result.position).status(201).send({ success: true, user: result.user, token: result.token });
    },
  );

  // `/api/auth/signin` is the older client's name for the same call.
  for (const url of ['/api/auth/login', '/api/auth/signin']) {
    app.post(url, { schema: { tags: ['auth'], body: LoginBody, response: { 200: AuthSuccess, ...errors } } }, async (request, reply) => {
      const result = await signIn(deps, request.body.email, request.body.password, request.ip, request.id);
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

  app.post(
    '/api/auth/forgot-password',
    { schema: { tags: ['auth'], body: ForgotPasswordBody, response: { 200: ForgotPasswordResponse, ...errors } } },
    async (request, reply) => {
      await requestPasswordReset(deps, request.body.email, request.ip, request.id);
      // Kept mail is never delivered (and a kept reset mail has its link hidden, README "Mail and
      // password resets"): telling the person a mail is on its way would leave them waiting.
      const message = deps.mailer.kind === 'outbox' ? AUTH_MESSAGES.forgotPasswordNotSent : AUTH_MESSAGES.forgotPasswordSent;
      return reply.send({ success: true, message });
    },
  );

  app.post(
    '/api/auth/validate-reset-token',
    { schema: { tags: ['auth'], body: ValidateResetTokenBody, response: { 200: ValidateResetTokenResponse, ...errors } } },
    async (request) => {
      await validateResetToken(deps, request.body.token);
      return { success: true as const, valid: true as const };
    },
  );

  app.post(
    '/api/auth/reset-password',
    { schema: { tags: ['auth'], body: ResetPasswordBody, response: { 200: ResetPasswordResponse, ...errors } } },
    async (request, reply) => {
      const { position } = await resetPassword(deps, request.body.token, request.body.newPassword, request.id);
      return withPosition(reply, position).header('cache-control', 'no-store').send({ success: true, message: AUTH_MESSAGES.passwordResetSuccessful });
    },
  );

  app.post(
    '/api/auth/exchange-code',
    { schema: { tags: ['auth'], body: ExchangeCodeBody, response: { 200: ExchangeCodeResponse, ...errors } } },
    async (request, reply) => {
      const { token, position } = await exchangeCode(deps, request.body.authCode, request.id);
      return withPosition(reply, position).header('cache-control', 'no-store').send({ success: true, token });
    },
  );

  app.get('/api/auth/providers', { schema: { tags: ['auth'], response: { 200: AuthProviders } } }, async () => ({ linkedin: deps.linkedin !== null, assistant: deps.assistant?.settings ?? DEFAULT_ASSISTANT_SETTINGS }));

  // Full-page redirects: the browser leaves for LinkedIn and comes back to the callback.
  const toLinkedIn = redirectTo("To LinkedIn's sign-in page; back to the app with ?error= when LinkedIn sign-in is unavailable.");
  app.get('/api/auth/linkedin', { schema: { tags: ['auth'], response: { 302: toLinkedIn } } }, async (request, reply) => {
    if (!deps.linkedin) return reply.redirect('/?error=linkedin_unavailable');
    try {
      return reply.redirect(await startLinkedInSignIn(deps));
    } catch (error) {
      request.log.error({ err: error }, 'LinkedIn sign-in could not start');
      return reply.redirect('/?error=auth_failed');
    }
  });

  const backToApp = redirectTo(
    'To /dashboard?auth=<one-time code> when sign-in succeeded, to /?error=linkedin_cancelled when the person cancelled at LinkedIn, otherwise to /?error=auth_failed.',
  );
  app.get('/api/auth/linkedin/callback', { schema: { tags: ['auth'], response: { 302: backToApp } } }, async (request, reply) => {
    const callbackUrl = new URL(request.url, deps.publicUrl);
    try {
      const code = await finishLinkedInSignIn(deps, callbackUrl, request.id);
      return reply.redirect(`/dashboard?auth=${encodeURIComponent(code)}`);
    } catch (error) {
      request.log.warn({ err: error }, 'LinkedIn sign-in failed');
      // Cancelled at LinkedIn (RFC 6749 §4.1.2.1): not a failure to apologise for; the attempt's state is used up all the same.
      const cancelled = callbackUrl.searchParams.get('error') === 'access_denied';
      return reply.redirect(cancelled ? '/?error=linkedin_cancelled' : '/?error=auth_failed');
    }
  });

  app.patch(
    '/api/admin/users/role',
    { onRequest: signedInOnly, schema: { tags: ['admin'], body: ChangeRoleBody, response: { 200: ChangeRoleResponse, ...errors, 403: ErrorBody, 404: ErrorBody } } },
    async (request, reply) => {
      const actor = await requireAccount(deps, request);
      const { userId, role } = request.body;
      const result = await handleCommand(
        deps.eventStore,
        userStreamId(userId),
        userAccountDecider,
        { type: 'ChangeRole', data: { userId, role, by: actor.role } },
        commandContext(deps, request, { userId: actor.userId, role: actor.role }),
      );
      return withPosition(reply, result.position).send({ success: true, userId, role });
    },
  );
};
