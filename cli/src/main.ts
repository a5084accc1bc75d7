#!/usr/bin/env node
import { createHash } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { assistantFrameOrigins, assistantSettings } from '@hireloop/platform/assistant';
import { addedCandidateIdForEmail } from '@hireloop/command-service/admin-people/added-candidates';
import { accountIdForEmail } from '@hireloop/command-service/auth/accounts';
import { erasePerson } from '@hireloop/command-service/erase-person/erasure';
import { movePicturesOutOfProfiles } from '@hireloop/command-service/profiles/picture-migration';
import { grantRoleAsSystem } from '@hireloop/command-service/auth/roles';
import { DomainError, Role } from '@hireloop/contracts';
import { ConfigError, loadConfig } from '@hireloop/platform/config';
import { describeUnavailable, isDatabaseUnavailable } from '@hireloop/platform/database/availability';
import { EmbeddedPostgresError } from '@hireloop/platform/embedded-postgres';
import { EventStoreUnavailableError, START } from '@hireloop/platform/event-store';
import { loggerOptions, redactText } from '@hireloop/platform/http/log-redaction';
import { migrate, migrationStatus } from '@hireloop/platform/migrations/migrate';
import { SchemaNotMigratedError } from '@hireloop/platform/migrations/required-tables';
import { allProjections } from '@hireloop/projections/registry';
import { ProjectionRunner, RebuildInProgressError, RebuildSupersededError } from '@hireloop/projections/runner';
import { buildApp } from './app';
import { buildGateway } from './gateway';
import { runImport, startImportSchedule, terminalProgress } from './import';
import { describeRebuild, describeRebuildProgress, projectionsTable, pruneOldVersions, retryProjection, verifyProjections } from './projections';
import { chooseDatabase, DataChoiceError, findRunningApps, recordRunningApp } from './running-apps';
import { BusUnavailableError, createRuntime, openDatabase, ReadStoreUnavailableError } from './runtime';
import { commandLine, eventTypesArg, positionArg, UsageError } from './args';
import { seed } from './seed';
import { eventFilterOf, exportEvents, progressLine, timeArg, type ExportProgress } from './events-export';
import { requireSuperAdmin } from './operators';
import { CorruptStreamError, stateAt, stateJson } from '@hireloop/command-service/time-travel/state-at';

const USAGE = `Usage: hireloop <command>

  start                       the embedded default: every service, projections and the SPA on one port
  serve command-service       only the command routes (POST/PUT/PATCH/DELETE /api/*)
  serve query-service         only the query routes (GET /api/*)
  serve projections           only the projection runners
  serve gateway               the SPA, with /api reads spread over GATEWAY_QUERY_URL (one or more query services,
                              comma-separated) and writes sent to GATEWAY_COMMAND_URL
  migrate                     bring the database schema up to date (start and serve do it too)
  migrate --status            list the schema migrations, applied or pending, without applying any
  seed                        load realistic demo data (idempotent)
  import FILE-OR-URL…         import jobs from feeds (Hireloop JSON, Remote OK or Himalayas format)
  replay [projection]         rebuild one read model (or all, from one pass over the log) from the start;
                              safe while the app runs: built aside, then switched in at once (ADR 049)
  replay [projection] --verify [--limit N]
                              rebuild aside up to each read model's checkpoint WITHOUT switching, compare it
                              document by document with the one in use and print the differences (ids and
                              field names, at most N of each kind, default 20, plus counts); exit code 1 if any
  projections                 each read model's status, checkpoint, lag, when its runner was last heard from
                              ("stale": no process runs it or it cannot reach the database), parked events, last error
  projections retry NAME      apply NAME's parked events again; those that work are un-parked
  projections prune           empty the collections older read-model versions left behind (after a deploy has caught up)
  events [--from POSITION] [--type TYPE,…] [--category CATEGORY,…] [--since TIME] [--until TIME]
         [--actor USER_ID|EMAIL|system] [--correlation ID] [--follow] [--personal-data --as EMAIL]
                              print the event log as JSON lines, personal fields sealed as stored
                              (--from: after this position; --type: only these event types; --category:
                              streams CATEGORY-<id>, e.g. job, candidate-contact; --since/--until: when the
                              event occurred; --follow: keep printing new events until Ctrl-C; with
                              --personal-data --as a super admin's email: opened, or "[erased]" for
                              forgotten people). A progress line goes to a terminal's stderr.
  state STREAM [--at TIME] [--personal-data --as EMAIL]
                              a stream's state as of a moment (default: now), folded by its own decider
                              from the events that had occurred by then, as JSON, with those events listed
  mail [--to EMAIL]           print the outbox (mail kept instead of sent when SMTP_URL is unset; links hidden)
  grant-role EMAIL ROLE       give an account a role (candidate, company, admin, super_admin), as the system
  erase EMAIL|USER_ID         forget a person for good (a deletion request): their personal data reads as
                              "[erased]" everywhere, their account is closed, their email is free again
  move-pictures               once, after upgrading: profile pictures saved as data URLs become files
                              (re-encoded, metadata stripped; ADR 046); run again, it finds nothing to do

Environment: PORT, HOST, DATA_DIR, DATABASE_URL, NATS_URL, PUBLIC_URL, TRUST_PROXY, GATEWAY_QUERY_URL, GATEWAY_COMMAND_URL, LOG_LEVEL, AI_PROVIDER, OPENAI_API_KEY,
OPENAI_BASE_URL, OPENAI_MODEL, RESUME_EXTRACTION_TIMEOUT_MS, RESUME_OCR_TIMEOUT_MS, RESUME_WORKERS, RESUME_WORKER_HEAP_MB, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET (see README.md).
Only start, serve and seed connect to NATS (NATS_URL); the other commands work while it is away.`;

// The same rule as the request log: a feed URL with `?api_key=` or an error quoting a link stays secret.
const log = (line: string) => process.stderr.write(`${redactText(line)}\n`);

/**
 * Where a start spent its time, in one line (a process restarted on a busy machine takes tens of
 * seconds; this says whether loading the code, the database, NATS or making the read models ready).
 */
function startupLine(codeMs: number, runtime: { startupMs: Record<string, number> }, appMs: number, readyMs: number) {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const steps = { 'loading the code': codeMs, ...runtime.startupMs, app: appMs, 'ready (read models, listening)': readyMs };
  const total = Object.values(steps).reduce((sum, ms) => sum + ms, 0);
  return `Started in ${s(total)}: ${Object.entries(steps).map(([step, ms]) => `${step} ${s(ms)}`).join(', ')}`;
}

async function serve(parts: { commands: boolean; queries: boolean; projections: boolean; spa: boolean }) {
  // From the process's start: node, tsx and every module this process imports.
  const codeMs = performance.now();
  const config = loadConfig();
  // In the services profile people reach the gateway, not this process: links must say so.
  if (!parts.spa && (parts.commands || parts.queries)) warnWithoutPublicUrl(config);
  const runtime = await createRuntime(config, log);
  const appStarted = performance.now();
  const app = await buildApp(runtime, {
    ...parts,
    spaDir: parts.spa ? undefined : false,
    sessionTtlMs: config.SESSION_TTL_HOURS * 3600 * 1000,
    publicUrl: config.publicUrl,
    trustProxy: config.TRUST_PROXY,
    readYourWritesTimeoutMs: config.READ_YOUR_WRITES_TIMEOUT_MS,
    logger: loggerOptions(config.LOG_LEVEL),
    resumeReading: { timeoutMs: config.RESUME_EXTRACTION_TIMEOUT_MS, ocrTimeoutMs: config.RESUME_OCR_TIMEOUT_MS, threads: config.RESUME_WORKERS, heapMb: config.RESUME_WORKER_HEAP_MB, warm: true },
    searchIndexSnapshot: parts.queries ? searchIndexSnapshot(config, runtime.databaseLabel) : undefined,
  });
  const appMs = performance.now() - appStarted;
  // Scheduled imports run beside the command side (they append events).
  const stopImports = parts.commands ? startImportSchedule(runtime, config.IMPORT_FEEDS, config.IMPORT_INTERVAL_MINUTES, log) : async () => undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping`);
    await stopImports();
    await app.close().catch(() => undefined);
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  const readyStarted = performance.now();
  const started = () => log(startupLine(codeMs, runtime, appMs, performance.now() - readyStarted));
  if (parts.commands || parts.queries || parts.spa) {
    await app.listen({ port: config.PORT, host: config.HOST });
    started();
    const url = `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`;
    await recordRunningApp({ dataDir: config.DATABASE_URL ? null : config.dataDir, database: runtime.databaseLabel, url });
    log(`Hireloop is running at ${url} (${runtime.databaseLabel}; bus: ${config.NATS_URL ? 'NATS' : 'in-process'})`);
    if (parts.commands && runtime.mailer.kind === 'outbox') log('Mail is kept in the outbox, not sent: set SMTP_URL so people get their password-reset links (see README.md).');
    // Links in mails are read later, elsewhere: they use PUBLIC_URL, never the address a request came to (ADR 063).
    if (parts.spa && !config.PUBLIC_URL) log(`Links in mails point at ${config.publicUrl}: in production, set PUBLIC_URL to the address people reach Hireloop at (see README.md).`);
  } else {
    // Only /healthz: how each projection of this process is doing (ADR 016).
    await app.listen({ port: config.PORT, host: config.HOST });
    started();
    const url = `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`;
    await recordRunningApp({ dataDir: config.DATABASE_URL ? null : config.dataDir, database: runtime.databaseLabel, url: null });
    log(`Projections running (${runtime.databaseLabel}); health at ${url}/healthz`);
  }
}

/** Links (mails, the checkout, sign-in redirects) are built on PUBLIC_URL: in the services profile it must be the gateway's address, on every process. */
function warnWithoutPublicUrl(config: ReturnType<typeof loadConfig>) {
  if (config.PUBLIC_URL) return;
  log(`PUBLIC_URL is unset: links in mails, the checkout and sign-in redirects will point at ${config.publicUrl}, this process. Set PUBLIC_URL to the address people reach (the gateway's), the same on every service (see README.md).`);
}

async function gateway() {
  const config = loadConfig();
  if (!config.GATEWAY_QUERY_URL || !config.GATEWAY_COMMAND_URL) throw new UsageError('serve gateway needs GATEWAY_QUERY_URL and GATEWAY_COMMAND_URL');
  warnWithoutPublicUrl(config);
  const app = await buildGateway({
    queryUrl: config.GATEWAY_QUERY_URL,
    commandUrl: config.GATEWAY_COMMAND_URL,
    trustProxy: config.TRUST_PROXY,
    publicUrl: config.publicUrl,
    logger: loggerOptions(config.LOG_LEVEL),
    assistantPath: assistantSettings(config).path,
    frameSources: assistantFrameOrigins(assistantSettings(config)),
  });
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
  process.on('SIGINT', () => void app.close().then(() => process.exit(0)));
  await app.listen({ port: config.PORT, host: config.HOST });
  log(`Gateway at http://${config.HOST}:${config.PORT} → queries ${config.GATEWAY_QUERY_URL.join(', ')}, commands ${config.GATEWAY_COMMAND_URL}`);
}

/**
 * Runs `work` on a runtime. `bus: false` (the default) for commands that need no bus: reading,
 * and appending events (the processes following the log find them without NATS; ADR 050), so
 * they work while NATS is away.
 */
async function withRuntime<T>(work: (runtime: Awaited<ReturnType<typeof createRuntime>>, config: ReturnType<typeof loadConfig>) => Promise<T>, options: { bus?: boolean } = {}): Promise<T> {
  // Says which data it uses, and uses the running app's when DATA_DIR and DATABASE_URL are unset.
  const { config, line } = chooseDatabase(loadConfig(), process.env, await findRunningApps());
  log(line);
  const runtime = await createRuntime(config, log, { bus: options.bus ?? false });
  try {
    return await work(runtime, config);
  } finally {
    await runtime.close();
  }
}

async function migrateCommand(args: string[]) {
  const status = commandLine('migrate', args, { status: { type: 'boolean' } }).flags.status === true;
  const { config, line } = chooseDatabase(loadConfig(), process.env, await findRunningApps());
  log(line);
  const database = await openDatabase(config, log);
  try {
    if (status) {
      const migrations = await migrationStatus(database.url);
      const width = Math.max(...migrations.map((migration) => migration.name.length));
      for (const { name, appliedAt, inCheckout } of migrations) {
        const state = appliedAt ? `applied ${appliedAt.toISOString()}${inCheckout ? '' : ' (not in this checkout: applied by newer code)'}` : 'pending';
        process.stdout.write(`${name.padEnd(width)}  ${state}\n`);
      }
      return;
    }
    const applied = await migrate(database.url, { log });
    if (applied.length === 0) log('The database schema is up to date.');
  } finally {
    await database.stop();
  }
}

async function main(argv: string[]) {
  const [command, ...args] = argv;
  switch (command) {
    case 'start':
      commandLine('start', args, {});
      return serve({ commands: true, queries: true, projections: true, spa: true });
    case 'serve': {
      const service = commandLine('serve', args, {}, { min: 1, max: 1, what: 'service (command-service, query-service, projections or gateway)' }).positionals[0];
      if (service === 'command-service') return serve({ commands: true, queries: false, projections: false, spa: false });
      if (service === 'query-service') return serve({ commands: false, queries: true, projections: false, spa: false });
      if (service === 'projections') return serve({ commands: false, queries: false, projections: true, spa: false });
      if (service === 'gateway') return gateway();
      throw new UsageError(`Unknown service ${JSON.stringify(service ?? '')}`);
    }
    case 'migrate':
      return migrateCommand(args);
    case 'seed':
      commandLine('seed', args, {});
      // Its companies answer applications through the command routes, which queue mail on the bus.
      return withRuntime(
        async (runtime, config) => {
          // Links in the mails it queues: PUBLIC_URL, else the running app's real address (ADR 063).
          const summary = await seed(runtime, { publicUrl: config.publicUrl });
          log(summary);
        },
        { bus: true },
      );
    case 'import': {
      const feeds = commandLine('import', args, {}, { min: 1, max: Infinity, what: 'files or URLs' }).positionals;
      return withRuntime(async (runtime) => {
        // A progress line only on a terminal (ADR 084); a pipe or a log gets one summary line per feed.
        const terminal = terminalProgress(process.stdout);
        const summaries = await runImport(runtime, feeds, {
          log: (line) => {
            terminal?.clear();
            process.stdout.write(`${line}\n`);
          },
          ...(terminal ? { progress: terminal.progress } : {}),
        });
        if (summaries.some((summary) => !summary.ok)) process.exitCode = 1;
      });
    }
    case 'replay': {
      const { positionals, flags } = commandLine('replay', args, { verify: { type: 'boolean' }, limit: { type: 'string' } }, { max: 1, what: 'projection name' });
      const name = positionals[0];
      const chosen = name ? allProjections.filter((p) => p.name === name) : allProjections;
      if (chosen.length === 0) throw new UsageError(`Unknown projection ${JSON.stringify(name)}; known: ${allProjections.map((p) => p.name).join(', ')}`);
      if (flags.limit !== undefined && !flags.verify) throw new UsageError('replay: --limit is for --verify');
      const limit = flags.limit === undefined ? 20 : Number(flags.limit);
      if (!Number.isInteger(limit) || limit < 0 || limit > 10_000) throw new UsageError(`replay: --limit takes a whole number from 0 to 10000, not ${JSON.stringify(flags.limit)}`);
      if (flags.verify) {
        return withRuntime(async (runtime) => {
          // Rebuilt into scratch collections that are never switched in; the read model in use is untouched (ADR 087).
          const { text, differences } = await verifyProjections(runtime, chosen, { limit, log });
          process.stdout.write(`${text}\n`);
          if (differences > 0) process.exitCode = 1;
        });
      }
      return withRuntime(async (runtime) => {
        // Safe while the app runs: each read model is built aside and switched on its own (ADR 049),
        // all of them from one pass over the log (ADR 082).
        const runners = chosen.map((projection) => new ProjectionRunner({ eventStore: runtime.eventStore, readStore: runtime.readStore, bus: runtime.bus, projection }));
        const what = name ?? `${chosen.length} read models`;
        const started = Date.now();
        let said = started;
        const results = await ProjectionRunner.rebuildTogether(runners, (progress) => {
          const now = Date.now();
          if (now - said < 1000 && progress.phase === 'bulk') return;
          said = now;
          log(describeRebuildProgress(what, progress, now - started));
        });
        const ms = Date.now() - started;
        for (const [projection, result] of results) log(describeRebuild(projection, result, ms));
      });
    }
    case 'projections': {
      const [sub, target] = commandLine('projections', args, {}, { max: 2, what: 'arguments (retry NAME, or prune)' }).positionals;
      if (sub === 'prune' && target !== undefined) throw new UsageError('projections prune takes no other argument');
      if (sub !== undefined && sub !== 'prune' && sub !== 'retry') throw new UsageError(`Unknown projections command ${JSON.stringify(sub)}: retry NAME, or prune`);
      return withRuntime(async (runtime) => {
        if (sub === undefined) {
          const { text, rows } = await projectionsTable(runtime, allProjections, runtime.clock.now());
          process.stdout.write(`${text}\n`);
          // A stopped read model, or one nobody is heard running: not healthy.
          if (rows.some((row) => row.status === 'stopped' || row.stale)) process.exitCode = 1;
          return;
        }
        if (sub === 'prune') {
          const { text, waiting } = await pruneOldVersions(runtime, allProjections);
          process.stdout.write(`${text}\n`);
          if (waiting.length > 0) process.exitCode = 1;
          return;
        }
        const projection = allProjections.find((p) => p.name === target);
        if (!projection) throw new UsageError(`projections retry needs one of: ${allProjections.map((p) => p.name).join(', ')}`);
        const { text, outcomes } = await retryProjection(runtime, projection);
        process.stdout.write(`${text}\n`);
        if (outcomes.some((outcome) => outcome.error !== null)) process.exitCode = 1;
      });
    }
    case 'events': {
      const { flags } = commandLine('events', args, {
        from: { type: 'string' },
        type: { type: 'string', multiple: true },
        category: { type: 'string', multiple: true },
        since: { type: 'string' },
        until: { type: 'string' },
        actor: { type: 'string' },
        correlation: { type: 'string' },
        follow: { type: 'boolean' },
        'personal-data': { type: 'boolean' },
        as: { type: 'string' },
      });
      const from = flags.from === undefined ? START : positionArg(flags.from);
      const eventTypes = flags.type === undefined ? undefined : eventTypesArg(flags.type);
      const filter = eventFilterOf(flags);
      if (flags['personal-data'] && !flags.as) throw new UsageError('events: --personal-data needs --as EMAIL, the super admin who opens it');
      if (flags.as && !flags['personal-data']) throw new UsageError('events: --as is for --personal-data');
      return withRuntime(async (runtime) => {
        const config = loadConfig();
        const deps = { ...runtime, sessionTtlMs: config.SESSION_TTL_HOURS * 3600 * 1000, publicUrl: config.publicUrl };
        if (flags['personal-data']) log(`Personal data opened for ${await requireSuperAdmin(deps, flags.as!)}: keep this export as you would the database.`);
        const actor = filter.actor?.includes('@') ? await accountIdForEmail(deps, filter.actor) : filter.actor;
        if (filter.actor?.includes('@') && !actor) throw new DomainError('not_found', `events: no account for ${filter.actor}`);
        const abort = new AbortController();
        const stop = () => abort.abort();
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
        const terminal = process.stderr.isTTY === true;
        try {
          const { written } = await exportEvents(flags['personal-data'] ? runtime.eventStore : runtime.storedLog, {
            from,
            ...(eventTypes ? { eventTypes } : {}),
            filter: { ...filter, actor: actor ?? null },
            follow: flags.follow === true,
            signal: abort.signal,
            write: (line) => process.stdout.write(line),
            ...(terminal ? { progress: (progress: ExportProgress) => process.stderr.write(`\r${progressLine(progress)}\x1b[K`) } : {}),
          });
          if (terminal) process.stderr.write('\n');
          log(`${written.toLocaleString('en-US')} events written.`);
        } finally {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
        }
      });
    }
    case 'state': {
      const { flags, positionals } = commandLine(
        'state',
        args,
        { at: { type: 'string' }, 'personal-data': { type: 'boolean' }, as: { type: 'string' } },
        { min: 1, max: 1, what: 'stream id' },
      );
      const at = timeArg('--at', flags.at, 'state');
      if (flags['personal-data'] && !flags.as) throw new UsageError('state: --personal-data needs --as EMAIL, the super admin who opens it');
      if (flags.as && !flags['personal-data']) throw new UsageError('state: --as is for --personal-data');
      return withRuntime(async (runtime) => {
        const config = loadConfig();
        const deps = { ...runtime, sessionTtlMs: config.SESSION_TTL_HOURS * 3600 * 1000, publicUrl: config.publicUrl };
        if (flags['personal-data']) log(`Personal data opened for ${await requireSuperAdmin(deps, flags.as!)}.`);
        const state = await stateAt(flags['personal-data'] ? runtime.eventStore : runtime.storedLog, positionals[0]!, at);
        process.stdout.write(`${stateJson(state)}\n`);
      });
    }
    case 'mail': {
      const to = commandLine('mail', args, { to: { type: 'string' } }).flags.to;
      return withRuntime(async (runtime) => {
        if (runtime.mailer.kind !== 'outbox') log('SMTP_URL is set: mail is delivered, not kept.');
        else log('Mail is kept here instead of sent. Secret links (password resets) reach recipients only: set SMTP_URL to deliver them.');
        for (const mail of (await runtime.mailer.list({ to, limit: 20 })).reverse()) {
          process.stdout.write(`--- ${mail.sentAt}  to ${mail.to}  from ${mail.from}\nSubject: ${mail.subject}\n\n${mail.text}\n\n`);
        }
      });
    }
    case 'grant-role': {
      const [email, role] = commandLine('grant-role', args, {}, { min: 2, max: 2, what: 'arguments (an email and a role)' }).positionals;
      const parsed = Role.safeParse(role);
      if (!email || !parsed.success) throw new UsageError('grant-role needs an email and a role (candidate, company, admin, super_admin)');
      return withRuntime(async (runtime) => {
        const config = loadConfig();
        await grantRoleAsSystem(
          {
            ...runtime,
            sessionTtlMs: config.SESSION_TTL_HOURS * 3600 * 1000,
            publicUrl: config.publicUrl,
          },
          email,
          parsed.data,
          `cli-${process.pid}`,
        );
        log(`${email} is now ${parsed.data}.`);
      });
    }
    case 'erase': {
      const [who] = commandLine('erase', args, {}, { min: 1, max: 1, what: 'email or user id' }).positionals as [string];
      return withRuntime(async (runtime) => {
        const config = loadConfig();
        const deps = { ...runtime, sessionTtlMs: config.SESSION_TTL_HOURS * 3600 * 1000, publicUrl: config.publicUrl };
        // An address may name an account and a candidate an admin added before it signed up (ADR 038): both are that person.
        const userIds = who.includes('@')
          ? [await accountIdForEmail(deps, who), await addedCandidateIdForEmail(deps, who)].filter((id): id is string => id !== null)
          : [who];
        if (userIds.length === 0) throw new DomainError('not_found', `No account for ${who}`);
        for (const userId of userIds) {
          const report = await erasePerson(deps, userId, `cli-${process.pid}`);
          log(
            `${report.erasedNow ? 'Erased' : 'Already erased; finished'} ${userId}: ${report.identitiesUnlinked} linked identities released, ` +
              `${report.mailsDeleted} kept mails deleted, ${report.picturesDeleted} pictures deleted, ${report.legacyEventsRedacted} clear-text events from before sealing rewritten.`,
          );
        }
      });
    }
    case 'move-pictures':
      commandLine('move-pictures', args, {});
      return withRuntime(async (runtime) => {
        const config = loadConfig();
        const report = await movePicturesOutOfProfiles(
          { ...runtime, sessionTtlMs: config.SESSION_TTL_HOURS * 3600 * 1000, publicUrl: config.publicUrl },
          `cli-${process.pid}`,
        );
        log(
          `${report.profilesMoved} of ${report.profilesFound} profiles with data-URL pictures moved: ` +
            `${report.picturesStored} pictures stored as files, ${report.picturesDropped} that could not be read (SVG, broken) dropped.`,
        );
      });
    case undefined:
    case 'help':
    case '--help':
      process.stdout.write(`${USAGE}\n`);
      return;
    default:
      throw new UsageError(`Unknown command ${JSON.stringify(command)}`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    log(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  // Problems of the set-up, for the person starting hireloop: what to do, not where in the code.
  if (
    error instanceof ConfigError ||
    error instanceof DataChoiceError ||
    error instanceof EmbeddedPostgresError ||
    error instanceof SchemaNotMigratedError ||
    error instanceof DomainError ||
    error instanceof CorruptStreamError ||
    error instanceof RebuildInProgressError ||
    error instanceof RebuildSupersededError ||
    error instanceof BusUnavailableError ||
    error instanceof EventStoreUnavailableError ||
    error instanceof ReadStoreUnavailableError
  ) {
    log(error.message);
    process.exit(1);
  }
  if (isDatabaseUnavailable(error)) {
    log(`PostgreSQL cannot be reached (${describeUnavailable(error)}). Start it, or check DATABASE_URL (or DATA_DIR for the embedded one).`);
    process.exit(1);
  }
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});

/**
 * The board's search index is saved in DATA_DIR, one file per read store (ADR 085): a query
 * process starts from it and catches up instead of building the index from the read store.
 */
function searchIndexSnapshot(config: ReturnType<typeof loadConfig>, databaseLabel: string) {
  const source = config.readStore.kind === 'mongodb' ? `mongodb:${redactUrlPassword(config.readStore.url)}` : `postgres:${databaseLabel}`;
  const name = `job-board-${createHash('sha256').update(source).digest('hex').slice(0, 12)}.snapshot`;
  return { file: path.join(config.dataDir, 'search-index', name), source };
}

function redactUrlPassword(raw: string) {
  try {
    const url = new URL(raw);
    url.password = '';
    return url.toString();
  } catch {
    return raw;
  }
}
