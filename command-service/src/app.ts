import { authPlugin } from '@hireloop/platform/http/auth';
import { idempotencyPlugin } from '@hireloop/platform/http/idempotency';
import type { App } from '@hireloop/platform/http/app';
import { applicationRoutes } from './applications/routes';
import { outboxRoutes } from './auth/outbox-routes';
import { startPasswordResetWorker } from './auth/password-reset';
import { authRoutes } from './auth/routes';
import { jobRoutes } from './jobs/routes';
import { profileRoutes } from './profiles/routes';
import type { CommandServiceDeps } from './shared/deps';

/** Registers every command route on `app`: POST/PUT/PATCH/DELETE under /api. */
export async function registerCommandService(app: App, deps: CommandServiceDeps) {
  if (!app.hasRequestDecorator('session')) await app.register(authPlugin, { secrets: deps.secrets, clock: deps.clock });
  // Before the routes: it finds every write route as it is added.
  await app.register(idempotencyPlugin, { store: deps.idempotency, clock: deps.clock });
  await app.register(authRoutes, { deps });
  await app.register(jobRoutes, { deps });
  await app.register(outboxRoutes, { deps });
  await app.register(applicationRoutes, { deps });
  await app.register(profileRoutes, { deps });

  // Reactions of the command side: work queued by requests, done off the request.
  let stopResetWorker: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    stopResetWorker = await startPasswordResetWorker(deps);
  });
  app.addHook('onClose', async () => {
    await stopResetWorker?.();
  });
}

export type { CommandServiceDeps } from './shared/deps';
