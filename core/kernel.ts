import type { OpenAPIHono } from "@hono/zod-openapi";
import pkg from "../package.json" with { type: "json" };
import type { Config } from "./config.ts";
import { Permissions } from "./auth/permissions.ts";
import { registerAuthRoutes } from "./auth/handlers.ts";
import { loadSecrets, type Secrets } from "./auth/secrets.ts";
import { Vault } from "./auth/vault.ts";
import { SessionUsers } from "./auth/session-user.ts";
import { UserAnswers } from "./auth/user-answers.ts";
import { CompanyAccess } from "./auth/company-access.ts";
import { defaultDatabaseUrl, openDatabase, type Database, type Db } from "./db/database.ts";
import { migrateAll, type MigrationSet } from "./db/migrator.ts";
import type { SchemaSnapshotLoader } from "./db/schema-snapshot.ts";
import { migrations as coreMigrations } from "./db/migrations/migrations.gen.ts";
import { EventBus } from "./events/bus.ts";
import { createRootApp, createRouter, finishRootApp } from "./http/app.ts";
import type { AppEnv, RuntimeBindings } from "./http/env.ts";
import type { WebAssets } from "./http/web-assets.ts";
import { Jobs } from "./jobs/jobs.ts";
import { createLogger, type Logger } from "./log.ts";
import { Mailer } from "./mail/mailer.ts";
import { Metrics } from "./metrics/metrics.ts";
import { registerKernelMetrics } from "./metrics/kernel-metrics.ts";
import { registerHealthRoutes } from "./metrics/metrics-routes.ts";
import { Readiness } from "./metrics/readiness.ts";
import { OutboundGuard, type HostResolver } from "./net/outbound-guard.ts";
import { loadOrder } from "./plugin/load-order.ts";
import type { PluginManifest } from "./plugin/manifest.ts";
import type { PluginContext, ServerPlugin } from "./plugin/server-plugin.ts";
import { Services } from "./plugin/services.ts";
import { registerErrorCodes } from "./errors.ts";
import { PlanFeatureRegistry } from "./plugin/plan-features.ts";
import { PlanLimits } from "./plugin/plan-limits.ts";
import { Realtime } from "./realtime/realtime.ts";
import { connectRedis, type RedisClient } from "./redis/redis.ts";
import { type LimitStore, memoryLimits } from "./limits/limit-store.ts";
import { redisLimits } from "./limits/redis-limits.ts";
import { seed } from "./seed.ts";
import { SettingsService } from "./settings/settings.ts";
import { Storage } from "./storage/storage.ts";
import { registerVersionRoute } from "./version.ts";

export const VERSION: string = pkg.version;

/** How long `stop` lets the jobs running here finish before giving them back to the table. */
const JOBS_GRACE_MS = 10_000;

export interface KernelOptions {
  config: Config;
  plugins: readonly ServerPlugin[];
  /** The built web app; null serves the API only. */
  webAssets?: WebAssets | null;
  /** Resolves host names for the outbound guard; tests inject one so they never use real DNS. */
  resolveHost?: HostResolver;
  /** What these plugins' migrations build, for a faster first boot (db/schema-snapshot.ts); ignored unless taken from exactly these migrations. */
  schemaSnapshot?: SchemaSnapshotLoader;
}

/** Everything a request, a job or a plugin can reach. */
export interface Kernel {
  readonly config: Config;
  readonly version: string;
  readonly database: Database;
  readonly db: Db;
  readonly secrets: Secrets;
  readonly vault: Vault;
  readonly log: Logger;
  readonly bus: EventBus;
  readonly realtime: Realtime;
  /** REDIS_URL's client (null without it): realtime across processes and the shared security counters. */
  readonly redis: RedisClient | null;
  /** Security counters (login attempts, API rate limits): in Redis with REDIS_URL, else in this process. */
  readonly limits: LimitStore;
  readonly jobs: Jobs;
  readonly storage: Storage;
  readonly mail: Mailer;
  readonly settings: SettingsService;
  readonly permissions: Permissions;
  readonly sessionUsers: SessionUsers;
  /** Fields plugins add to every answer of a user (core/auth/user-answers.ts). */
  readonly userAnswers: UserAnswers;
  /** Checks and fetches URLs companies set (SSRF guard with ALLOWED_INTERNAL_HOSTS). */
  readonly outbound: OutboundGuard;
  /** Whether a company may work right now (disabled and overdue companies lose access). */
  readonly companyAccess: CompanyAccess;
  /** The plan features installed plugins declare, and each company's values (provided by the plans plugin). */
  readonly planFeatures: PlanFeatureRegistry;
  /** Each company's users / connections / queues limits: its plan's, with plugins' overrides (a paid custom plan). */
  readonly planLimits: PlanLimits;
  readonly services: Services;
  /** What `GET /metrics` serves (core/metrics/). */
  readonly metrics: Metrics;
  /** What `GET /ready` checks; shutdown turns it off first (core/runtime/shutdown.ts). */
  readonly readiness: Readiness;
  /** Installed plugins in load order. */
  readonly plugins: readonly PluginManifest[];
  readonly app: OpenAPIHono<AppEnv>;
  /** The password generated for the seeded super admin on first boot, else null. */
  readonly generatedAdminPassword: string | null;
  /** Resolves once the seeded super admin's password hash is stored, hashing it now if a first boot has not yet (core/seed.ts). */
  adminPasswordStored(): Promise<void>;
  /** Drops a first boot's pending admin hash timer and waits for a hash being written (shutdown). */
  settleAdminPassword(): Promise<void>;
  fetch(request: Request, bindings?: RuntimeBindings): Response | Promise<Response>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export const OPENAPI_INFO = {
  openapi: "3.0.3",
  info: { title: "Atendechat API", version: VERSION, description: "Multi-company customer-service platform" },
} as const;

/** The plugins in the order they load: each after the ones it depends on. */
function pluginsInLoadOrder(plugins: readonly ServerPlugin[]): ServerPlugin[] {
  return loadOrder(plugins.map((p) => ({ ...p, id: p.manifest.id, dependsOn: p.manifest.dependsOn, optionalDependsOn: p.manifest.optionalDependsOn })));
}

/** The migrations a kernel with these plugins applies, in the order it applies them: the kernel's, then each plugin's. */
export function kernelMigrations(plugins: readonly ServerPlugin[]): MigrationSet[] {
  return migrationSetsOf(pluginsInLoadOrder(plugins));
}

function migrationSetsOf(ordered: readonly ServerPlugin[]): MigrationSet[] {
  return [{ owner: "core", migrations: coreMigrations }, ...ordered.map((p) => ({ owner: p.manifest.id, migrations: p.migrations ?? [] }))];
}

/**
 * Boots the kernel: config -> database and migrations (core, then plugins in dependency
 * order) -> services -> each plugin's setup -> seed -> HTTP app. Nothing listens yet:
 * a runtime entry (core/runtime/*) serves `kernel.fetch` and binds the realtime engine.
 * @example
 *   const kernel = await createKernel({ config: loadConfig(process.env), plugins });
 *   const res = await kernel.app.request("/version");
 */
export async function createKernel(options: KernelOptions): Promise<Kernel> {
  const { config } = options;
  const log = createLogger(config.LOG_LEVEL);
  // Where the boot's time goes, for LOG_LEVEL=debug and the boot benchmark (issue 17).
  let mark = performance.now();
  const phases: string[] = [];
  const phase = (name: string) => {
    const now = performance.now();
    phases.push(`${name} ${(now - mark).toFixed(1)} ms`);
    mark = now;
  };
  const ordered = pluginsInLoadOrder(options.plugins);
  registerErrorCodes(ordered.map((p) => ({ owner: p.manifest.id, errors: p.manifest.errors })));

  const database = await openDatabase(config.DATABASE_URL ?? defaultDatabaseUrl(config.DATA_DIR), config.DATABASE_AUTH_TOKEN, {
    litestream: config.LITESTREAM,
    // Without it the server still works (SQLite checkpoints inside the writes, slower under load);
    // said so that a build that lost the worker (the binary once did) does not go unnoticed.
    onCheckpointer: (running) =>
      running ? log.info("writes in volume: WAL checkpoints moved to a worker thread") : log.warn("the WAL checkpoint worker did not start: SQLite checkpoints inside the writes"),
  });
  phase("database");
  await migrateAll(database.client, migrationSetsOf(ordered), { snapshot: options.schemaSnapshot });

  phase("migrations");
  const db = database.db;
  const secrets = loadSecrets(config.DATA_DIR, config);
  const permissions = new Permissions();
  const settings = new SettingsService(db);
  const planFeatures = PlanFeatureRegistry.fromManifests(ordered.map((p) => p.manifest));
  const userAnswers = new UserAnswers();
  planFeatures.assertFlagsDeclared(ordered.map((p) => p.manifest));
  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL, log.child("redis")) : null;
  const startHooks: (() => void | Promise<void>)[] = [];
  const stopHooks: (() => void | Promise<void>)[] = [];

  const kernel: Kernel = {
    config,
    version: VERSION,
    database,
    db,
    secrets,
    vault: new Vault(config.DATA_ENCRYPTION_KEY ?? secrets.data),
    log,
    bus: new EventBus(log.child("bus")),
    realtime: new Realtime({
      jwtSecret: secrets.jwt,
      refreshSecret: secrets.jwtRefresh,
      trustProxy: config.TRUST_PROXY,
      log: log.child("realtime"),
      db,
      // Read at each handshake, after the kernel exists: the company cache is built below.
      companyState: (companyId) => kernel.companyAccess.state(companyId),
      corsOrigin: config.FRONTEND_URL,
      redis,
    }),
    redis,
    limits: redis ? redisLimits(redis) : memoryLimits,
    jobs: new Jobs(database.writes, log.child("jobs"), {
      pollMs: config.JOBS_POLL_MS,
      leaseMs: config.JOBS_LEASE_MS,
      retention: { doneHours: config.JOBS_RETENTION_HOURS, failedHours: config.JOBS_FAILED_RETENTION_HOURS },
    }),
    storage: new Storage(config.DATA_DIR, config.UPLOAD_MAX_BYTES),
    mail: new Mailer(config),
    settings,
    permissions,
    sessionUsers: new SessionUsers(db, settings, permissions, planFeatures, userAnswers),
    userAnswers,
    outbound: new OutboundGuard({ allow: config.ALLOWED_INTERNAL_HOSTS, resolve: options.resolveHost }),
    companyAccess: new CompanyAccess(db, { log: log.child("company-access") }),
    planFeatures,
    planLimits: new PlanLimits(db),
    services: new Services(),
    metrics: new Metrics(),
    readiness: new Readiness(),
    plugins: ordered.map((p) => p.manifest),
    app: undefined as unknown as OpenAPIHono<AppEnv>,
    generatedAdminPassword: null,
    adminPasswordStored: () => Promise.resolve(),
    settleAdminPassword: () => Promise.resolve(),
    fetch: (request, bindings) => kernel.app.fetch(request, bindings ?? {}),
    async start() {
      kernel.jobs.start();
      for (const fn of startHooks) await fn();
      kernel.readiness.serving();
      log.info(`v${VERSION} ready with plugins: ${ordered.map((p) => p.manifest.id).join(", ")}`);
    },
    async stop() {
      kernel.readiness.draining();
      // A first boot's admin hash still being written must land before the database closes.
      await kernel.settleAdminPassword();
      await kernel.jobs.stop();
      await kernel.jobs.settle(JOBS_GRACE_MS);
      for (const fn of [...stopHooks].reverse()) await fn();
      await kernel.realtime.close();
      // Writes queued by now (job outcomes, a plugin's last words) land before the database closes.
      await database.writes.drain();
      await redis?.close().catch(() => {});
      await database.reads.stop();
      database.close();
    },
  };

  // With Redis, other processes' events reach this one's sockets from the start: Socket.IO cannot wait for a first connection here.
  if (redis) await kernel.realtime.load();
  // /ready also asks Redis when the processes share realtime and limits through it.
  if (redis) kernel.readiness.add("redis", () => redis.ping());
  phase("realtime");

  // A disabled (or deleted) company's open sockets close at once; the realtime admission refuses new ones.
  kernel.companyAccess.onChange(({ companyId, state }) => {
    if (state === "disabled") kernel.realtime.disconnectCompany(companyId);
  });

  const assets = options.webAssets ?? null;
  const app = createRootApp(kernel, assets);
  (kernel as { app: OpenAPIHono<AppEnv> }).app = app;
  app.openAPIRegistry.registerComponent("securitySchemes", "bearer", { type: "http", scheme: "bearer", bearerFormat: "JWT" });
  registerVersionRoute(app, kernel);
  registerHealthRoutes(app, kernel);
  registerKernelMetrics(kernel);
  registerAuthRoutes(app, kernel);

  for (const plugin of ordered) {
    for (const [name, rule] of Object.entries(plugin.manifest.permissions ?? {})) permissions.define(name, rule);
    const router = createRouter();
    const ctx: PluginContext = {
      manifest: plugin.manifest,
      config,
      db,
      writes: database.writes,
      reads: database.reads,
      log: log.child(plugin.manifest.id),
      router,
      bus: kernel.bus,
      realtime: kernel.realtime,
      limits: kernel.limits,
      jobs: kernel.jobs.forPlugin(plugin.manifest.id),
      storage: kernel.storage,
      vault: kernel.vault,
      mail: kernel.mail,
      settings,
      permissions,
      sessionUsers: kernel.sessionUsers,
      userAnswers,
      outbound: kernel.outbound,
      companyAccess: kernel.companyAccess,
      planFeatures,
      planLimits: kernel.planLimits,
      services: kernel.services.scoped(plugin.manifest.id),
      metrics: kernel.metrics,
      readiness: kernel.readiness,
      onStart: (fn) => startHooks.push(fn),
      onStop: (fn) => stopHooks.push(fn),
    };
    await plugin.setup(ctx);
    app.route("/", router);
  }
  phase("plugins");
  // Checked once every plugin is set up, so a provider may load after the plugin needing it.
  for (const p of ordered) kernel.services.assertProvided(p.manifest.id, p.manifest.requires ?? []);

  const seeded = await seed(db, config, settings, log);
  Object.assign(kernel, { generatedAdminPassword: seeded.generatedPassword, adminPasswordStored: seeded.passwordStored, settleAdminPassword: seeded.settle });
  phase("seed");
  app.doc("/openapi.json", OPENAPI_INFO);
  finishRootApp(app, assets);
  log.debug(`boot: ${phases.join(", ")}`);
  return kernel;
}
