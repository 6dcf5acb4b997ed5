import { readFileSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config/config.js';
import { openDatabase, type Database } from './db/database.js';
import { createCache, type Cache } from './lib/cache.js';
import type { JobQueue, JobRunMode } from './jobs/job-queue.js';
import { PgBossJobQueue } from './jobs/pg-boss-queue.js';
import { createLogger, logsRequests, type Logger } from './lib/logger.js';
import { createRateLimiter, type RateLimiter } from './lib/rate-limiter.js';
import { safeInputPlugin } from './lib/safe-input.js';
import { trustProxyOption } from './lib/request-info.js';
import { ConsoleSmsDriver } from './drivers/sms/console-sms.js';
import { createSmsDriver } from './drivers/sms/create-sms-driver.js';
import type { SmsDriver } from './drivers/sms/sms-driver.js';
import { createStorageDriver } from './drivers/storage/create-storage-driver.js';
import type { StorageDriver } from './drivers/storage/storage-driver.js';
import { ServerSecrets } from './db/server-secrets.js';
import { FileUrlSigner } from './modules/uploads/file-urls.js';
import { WechatOAuthDriver } from './drivers/oauth/wechat-oauth.js';
import { WechatRepository } from './modules/wechat/wechat.repository.js';
import { wechatRoutes } from './modules/wechat/wechat.routes.js';
import { WechatService } from './modules/wechat/wechat.service.js';
import { LedgerRepository } from './modules/ledger/ledger.repository.js';
import { LedgerService } from './modules/ledger/ledger.service.js';
import { moderationRoutes } from './modules/moderation/moderation.routes.js';
import { DownloadTickets } from './modules/download-tickets/download-tickets.service.js';
import { offlinePackagesRoutes } from './modules/offline-packages/offline-packages.routes.js';
import { OfflinePackages } from './modules/offline-packages/offline-packages.service.js';
import { PointCloudsRepository } from './modules/point-clouds/point-clouds.repository.js';
import { pointCloudsRoutes } from './modules/point-clouds/point-clouds.routes.js';
import { PointCloudsService } from './modules/point-clouds/point-clouds.service.js';
import { ProcessingRepository } from './modules/processing/processing.repository.js';
import { processingRoutes } from './modules/processing/processing.routes.js';
import { ProcessingService } from './modules/processing/processing.service.js';
import { ToursRepository } from './modules/tours/tours.repository.js';
import { toursRoutes } from './modules/tours/tours.routes.js';
import { ToursService } from './modules/tours/tours.service.js';
import { TrafficRepository } from './modules/traffic/traffic.repository.js';
import { trafficRoutes } from './modules/traffic/traffic.routes.js';
import { TrafficService } from './modules/traffic/traffic.service.js';
import { TransfersRepository } from './modules/transfers/transfers.repository.js';
import { PaymentsRepository } from './modules/payments/payments.repository.js';
import { paymentsRoutes } from './modules/payments/payments.routes.js';
import { PaymentsService } from './modules/payments/payments.service.js';
import { createPaymentDrivers } from './drivers/payments/create-payment-drivers.js';
import { BillingAdminService } from './modules/billing/billing-admin.service.js';
import { BillingRepository } from './modules/billing/billing.repository.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { BillingService } from './modules/billing/billing.service.js';
import { WalletService } from './modules/billing/wallet.service.js';
import type { SandboxPayDriver } from './drivers/payments/sandbox-pay.js';
import { transfersRoutes } from './modules/transfers/transfers.routes.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { OrdersService } from './modules/orders/orders.service.js';
import { createOrderSources } from './modules/orders/order-sources.js';
import { incomeRoutes } from './modules/income/income.routes.js';
import { IncomeService } from './modules/income/income.service.js';
import { createPayoutDrivers } from './drivers/payouts/create-payout-drivers.js';
import { WithdrawalsRepository } from './modules/withdrawals/withdrawals.repository.js';
import { withdrawalsRoutes } from './modules/withdrawals/withdrawals.routes.js';
import { PAYOUT_JOB, WithdrawalsService } from './modules/withdrawals/withdrawals.service.js';
import { TransfersService } from './modules/transfers/transfers.service.js';
import { workAssetsRoutes } from './modules/works/work-assets.routes.js';
import { WorkAssetsService } from './modules/works/work-assets.service.js';
import { workPublishingRoutes } from './modules/works/work-publishing.routes.js';
import { WorkPublishingService } from './modules/works/work-publishing.service.js';
import { WorksRepository } from './modules/works/works.repository.js';
import { worksRoutes } from './modules/works/works.routes.js';
import { WorksService } from './modules/works/works.service.js';
import { describeWorkPage } from './modules/works/work-page-meta.js';
import { WorkViews } from './modules/works/work-views.js';
import { ModerationRepository } from './modules/moderation/moderation.repository.js';
import { ModerationService } from './modules/moderation/moderation.service.js';
import { NotificationsRepository } from './modules/notifications/notifications.repository.js';
import { NotificationsService } from './modules/notifications/notifications.service.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { AdminLogRepository } from './modules/admin-log/admin-log.repository.js';
import { AdminLogService } from './modules/admin-log/admin-log.service.js';
import { AccessRepository } from './modules/access/access.repository.js';
import { accessRoutes } from './modules/access/access.routes.js';
import { AccessService } from './modules/access/access.service.js';
import { AdminOverviewService } from './modules/admin-overview/admin-overview.service.js';
import { adminOverviewRoutes } from './modules/admin-overview/admin-overview.routes.js';
import { IdentityRepository } from './modules/identity/identity.repository.js';
import { identityRoutes } from './modules/identity/identity.routes.js';
import { IdentityService } from './modules/identity/identity.service.js';
import { LicenceImages } from './modules/membership/licence-images.js';
import { MembershipRepository } from './modules/membership/membership.repository.js';
import { membershipAdminRoutes } from './modules/membership/membership-admin.routes.js';
import { membershipRoutes } from './modules/membership/membership.routes.js';
import { MembershipService } from './modules/membership/membership.service.js';
import { BackOfficeRepository } from './modules/back-office/back-office.repository.js';
import { backOfficeRoutes } from './modules/back-office/back-office.routes.js';
import { BackOfficeUsersService } from './modules/back-office/back-office.service.js';
import { UserDirectoryService } from './modules/users/user-directory.service.js';
import { profileRoutes } from './modules/profile/profile.routes.js';
import { ProfileService } from './modules/profile/profile.service.js';
import { filesRoutes } from './modules/uploads/files.routes.js';
import { ResumableUploads } from './modules/tus/resumable-uploads.js';
import { createTusBackend } from './modules/tus/create-tus-backend.js';
import { tusRoutes } from './modules/tus/tus.routes.js';
import type { ResumableUploadHooks } from './modules/tus/upload-grant.js';
import { UploadsRepository } from './modules/uploads/uploads.repository.js';
import { UploadsService } from './modules/uploads/uploads.service.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { AccountsService } from './modules/accounts/accounts.service.js';
import { sessionsRoutes } from './modules/auth/sessions.routes.js';
import { QrLoginRepository } from './modules/qr-login/qr-login.repository.js';
import { qrLoginRoutes } from './modules/qr-login/qr-login.routes.js';
import { QrLoginService } from './modules/qr-login/qr-login.service.js';
import { devRoutes } from './modules/dev/dev.routes.js';
import { VerificationRepository } from './modules/verification/verification.repository.js';
import { VerificationService } from './modules/verification/verification.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { AuthService } from './modules/auth/auth.service.js';
import { LoginThrottle } from './modules/auth/login-throttle.js';
import { SessionsRepository } from './modules/auth/sessions.repository.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { HealthService } from './modules/health/health.service.js';
import { siteRoutes } from './modules/site/site.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { UsersService } from './modules/users/users.service.js';
import { apiDescriptionPlugin, registerApiDocsUi } from './plugins/api-docs.js';
import { authPlugin } from './plugins/auth.js';
import { errorHandlerPlugin, sendFrameworkError } from './plugins/error-handler.js';
import { languagePlugin } from './plugins/language.js';
import { queryParamsPlugin } from './plugins/query-params.js';
import { requestLogPlugin } from './plugins/request-log.js';
import { registerPageSecurityHeaders, apiSecurityHeadersPlugin } from './plugins/security-headers.js';
import { webAppPlugin } from './plugins/web-app.js';

export const VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export interface Services {
  logger: Logger;
  database: Database;
  cache: Cache;
  rateLimiter: RateLimiter;
  sms: SmsDriver;
  users: UsersService;
  auth: AuthService;
  verification: VerificationService;
  accounts: AccountsService;
  qrLogin: QrLoginService;
  storage: StorageDriver;
  /** Signs the links to private files (originals, SLR photos) that `/files/*` opens. */
  privateFiles: FileUrlSigner;
  /** Background jobs: define them while the app is assembled, send them from services (docs/jobs.md). */
  jobs: JobQueue;
  /** The tus uploads, when /api/tus is mounted; the jobs module schedules its cleanupExpiredUploads(). */
  resumableUploads?: ResumableUploads;
  profile: ProfileService;
  ledger: LedgerService;
  moderation: ModerationService;
  /** The inbox behind the bell; other modules notify inside their own transactions. */
  notifications: NotificationsService;
  /** The append-only log of admin actions, written in the same transaction as the action. */
  adminLog: AdminLogService;
  /** The permission catalogue and the back office's permission tree (docs/access.md). */
  access: AccessService;
  /** Identity authentication and the badges approved identities show beside a person's name. */
  identity: IdentityService;
  /** Membership versions, applications and the memberships they give (docs/membership.md). */
  membership: MembershipService;
  /** The back office's first page: review queues and daily growth. */
  adminOverview: AdminOverviewService;
  /** The back office's users pages and admin log browser (docs/back-office.md). */
  backOffice: BackOfficeUsersService;
  works: WorksService;
  workPublishing: WorkPublishingService;
  workAssets: WorkAssetsService;
  workViews: WorkViews;
  transfers: TransfersService;
  /** Flow recharges through the payment providers, booked once in the ledger (docs/payments.md). */
  payments: PaymentsService;
  /** Traffic billing, budgets and pauses (docs/billing.md). */
  billing: BillingService;
  /** The flow wallet and lease time. */
  wallet: WalletService;
  /** The back office's billing prices and recharge price list. */
  billingAdmin: BillingAdminService;
  /** The order pages and their export, over the payments and transfers (docs/orders.md). */
  orders: OrdersService;
  /** Income statistics from the ledger (docs/orders.md). */
  income: IncomeService;
  /** The sandbox provider's test checkout, when the sandbox is among PAYMENT_PROVIDERS. */
  sandboxPay: SandboxPayDriver | undefined;
  /** Withdrawals of income, their review and their payout (docs/withdrawals.md). */
  withdrawals: WithdrawalsService;
  /** The solver: panorama processing runs as jobs (docs/processing.md). */
  processing: ProcessingService;
  tours: ToursService;
  traffic: TrafficService;
  offlinePackages: OfflinePackages;
  pointClouds: PointCloudsService;
  /** Present when WeChat sign-in is configured. */
  wechat: WechatService | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export interface BuildOptions {
  /** An already open database (tests); otherwise the configured one is opened and closed with the app. */
  database?: Database;
  cache?: Cache;
  rateLimiter?: RateLimiter;
  logger?: Logger;
  /** Which jobs this process runs; by default the server's own (WORKER_IN_PROCESS) or none. Tests use `manual`. */
  jobs?: JobRunMode;
  /**
   * Grant lookup and completion for resumable uploads at /api/tus (docs/uploads.md); by default the
   * works module's, which attach each finished upload to its work. Tests of the transport pass stubs.
   */
  resumableUploads?: ResumableUploadHooks;
}

/** Assembles the whole server in one place: external plugins, then app plugins, then the modules. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    trustProxy: trustProxyOption(config.trustProxy),
    requestIdHeader: 'x-request-id',
    bodyLimit: 1024 * 1024,
    // Path parameters up to 600 characters: `/authIdentity/{ids}/details` takes up to 50 comma-separated ids.
    routerOptions: { maxParamLength: 600 },
    // Every input: finite, bounded numbers and no NUL in any string, whatever the route's schema (lib/safe-input.ts).
    ajv: { plugins: [safeInputPlugin] },
    // A URL Fastify cannot route (bad percent-encoding, an over-long parameter): the usual envelope.
    frameworkErrors: sendFrameworkError,
  }).withTypeProvider<TypeBoxTypeProvider>();

  const database = options.database ?? (await openDatabase(config.database));
  const cache = options.cache ?? createCache(config.redisUrl);
  const rateLimiter = options.rateLimiter ?? createRateLimiter(config.redisUrl);
  const logger = options.logger ?? createLogger(config.logLevel);
  const sms = createSmsDriver(config.sms, (message) => logger.info(message));
  const storage = createStorageDriver(config);
  const jobs = new PgBossJobQueue(database, {
    mode: options.jobs ?? (config.workerInProcess ? 'background' : 'enqueue-only'),
    logger,
    // The rest of SHUTDOWN_TIMEOUT_MS is for failing what still runs and closing the database.
    stopTimeoutMs: Math.round(config.shutdownTimeoutMs * 0.8),
  });
  const services = createServices(config, { logger, database, cache, rateLimiter, sms, storage, jobs });
  services.resumableUploads = new ResumableUploads(
    createTusBackend(config, storage),
    storage,
    options.resumableUploads ?? workAssetUploads(services.workAssets),
    { publicUrl: config.publicUrl },
  );
  const uploads = services.resumableUploads;
  jobs.define('uploads.cleanup', () => uploads.cleanupExpiredUploads(), { schedule: { cron: '17 * * * *' } });
  app.decorate('services', services);
  app.addHook('onReady', async () => {
    await jobs.start();
    await services.processing.afterStart();
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    await services.traffic.flush();
    await cache.close();
    await rateLimiter.close();
    if (!options.database) await database.close();
  });

  await app.register(apiSecurityHeadersPlugin);
  // Answers are compressed; request bodies never arrive compressed, so no route pays for inflating them.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });
  await app.register(formbody);
  await app.register(languagePlugin);
  await app.register(errorHandlerPlugin, { logger });
  if (logsRequests(logger)) await app.register(requestLogPlugin, { logger });
  await app.register(queryParamsPlugin);
  await app.register(authPlugin, { authService: services.auth });
  await app.register(apiDescriptionPlugin, { version: VERSION });

  await app.register(healthRoutes, { health: new HealthService(database, VERSION) });
  await app.register(authRoutes, { auth: services.auth });
  await app.register(sessionsRoutes, { auth: services.auth });
  await app.register(accountsRoutes, { accounts: services.accounts });
  await app.register(qrLoginRoutes, { qrLogin: services.qrLogin, publicUrl: config.publicUrl });
  if (services.wechat) {
    await app.register(wechatRoutes, { wechat: services.wechat, accounts: services.accounts, publicUrl: config.publicUrl });
  }
  await app.register(usersRoutes, { users: services.users });
  await app.register(accessRoutes, { access: services.access });
  await app.register(profileRoutes, { profile: services.profile, publicUrl: config.publicUrl });
  await app.register(filesRoutes, {
    storage,
    privateFiles: services.privateFiles,
    isPublicAsset: (key) => services.works.isPublicAssetKey(key),
    storedKeyOf: (key) => services.processing.storedKeyOf(key),
    onServed: (served) => services.traffic.record(served),
  });
  if (services.resumableUploads) await app.register(tusRoutes, { uploads: services.resumableUploads });
  await app.register(moderationRoutes, { moderation: services.moderation });
  await app.register(worksRoutes, { works: services.works, publishing: services.workPublishing, views: services.workViews });
  await app.register(workPublishingRoutes, { publishing: services.workPublishing, publicUrl: config.publicUrl });
  await app.register(workAssetsRoutes, { assets: services.workAssets });
  await app.register(transfersRoutes, { transfers: services.transfers });
  await app.register(paymentsRoutes, { payments: services.payments, sandbox: services.sandboxPay });
  await app.register(billingRoutes, { wallet: services.wallet, billingAdmin: services.billingAdmin });
  await app.register(ordersRoutes, { orders: services.orders });
  await app.register(incomeRoutes, { income: services.income });
  await app.register(withdrawalsRoutes, { withdrawals: services.withdrawals });
  await app.register(membershipRoutes, { membership: services.membership });
  await app.register(membershipAdminRoutes, { membership: services.membership });
  await app.register(identityRoutes, { identity: services.identity });
  await app.register(adminOverviewRoutes, { overview: services.adminOverview });
  await app.register(notificationsRoutes, { notifications: services.notifications });
  await app.register(backOfficeRoutes, { backOffice: services.backOffice });
  await app.register(processingRoutes, services);
  await app.register(toursRoutes, services);
  await app.register(offlinePackagesRoutes, services);
  await app.register(trafficRoutes, services);
  await app.register(pointCloudsRoutes, services);
  await app.register(siteRoutes, { config });
  if (sms instanceof ConsoleSmsDriver && sms.keepsOutbox) {
    logger.warn(
      'SMS_DEV_OUTBOX is on: verification codes can be read at /api/dev/sms-outbox from this machine. Never turn it on where others can reach the server.',
    );
    await app.register(devRoutes, { sms, billing: services.billing });
  }

  await app.register(async (pages) => {
    await registerPageSecurityHeaders(pages, config);
    await registerApiDocsUi(pages);
    await pages.register(webAppPlugin, {
      distDir: config.webDistDir,
      logger,
      describePage: describeWorkPage(services.works, config.publicUrl),
    });
  });
  return app;
}

/** The works module's side of /api/tus: its grants, and attaching each finished upload to its work. */
function workAssetUploads(assets: WorkAssetsService): ResumableUploadHooks {
  return {
    resolveGrant: (token) => assets.resolveGrant(token),
    onComplete: (grant, upload) => assets.attach(grant.grantId, { ...upload, fileName: upload.filename }),
  };
}

export function createServices(
  config: Pick<
    Config,
    | 'authSecret'
    | 'wechat'
    | 'dataDir'
    | 'processingLeaseSeconds'
    | 'viewerDistDir'
    | 'payments'
    | 'payouts'
    | 'publicUrl'
    | 'smsCodesPerAddressPerHour'
  >,
  drivers: Pick<Services, 'logger' | 'database' | 'cache' | 'rateLimiter' | 'sms' | 'storage' | 'jobs'>,
): Services {
  const { logger, database, cache, rateLimiter, sms, storage } = drivers;
  const loginThrottle = new LoginThrottle(rateLimiter);
  const adminLog = new AdminLogService(new AdminLogRepository(database.db));
  const users = UsersService.on(database.db, cache, adminLog);
  const auth = new AuthService(new SessionsRepository(database.db), users, cache, loginThrottle);
  // The back office's disable ends sessions, which are the auth service's (built after users).
  users.useSessions(auth);
  const access = new AccessService(new AccessRepository(database.db), users, cache);
  const secrets = new ServerSecrets(database.db);
  const codeSecret = () => (config.authSecret ? Promise.resolve(config.authSecret) : secrets.get('verification-code-hmac'));
  const verification = new VerificationService(
    new VerificationRepository(database.db),
    sms,
    rateLimiter,
    codeSecret,
    (message) => logger.error(message),
    Date.now,
    config.smsCodesPerAddressPerHour,
  );
  const accounts = new AccountsService(users, auth, verification, loginThrottle, rateLimiter);
  const qrLogin = new QrLoginService(new QrLoginRepository(database.db), accounts, rateLimiter);
  const ledger = new LedgerService(new LedgerRepository(database.db));
  const notifications = new NotificationsService(new NotificationsRepository(database.db));
  const moderation = new ModerationService(new ModerationRepository(database.db), {
    cache,
    adminLog,
    onError: (message, error) => logger.error({ err: error }, message),
  });
  const privateFiles = new FileUrlSigner(() => (config.authSecret ? Promise.resolve(config.authSecret) : secrets.get('file-url-hmac')));
  const worksRepository = new WorksRepository(database.db);
  const identity = new IdentityService(new IdentityRepository(database.db), {
    users,
    storage,
    privateFiles,
    cache,
    rateLimiter,
    moderation,
    notifications,
    adminLog,
  });
  const works = new WorksService(worksRepository, users, moderation, storage, privateFiles, identity);
  const profile = new ProfileService(users, new UploadsService(new UploadsRepository(database.db), storage), ledger, (ownerId) =>
    works.countByStatus(ownerId),
  );
  const wechat =
    config.wechat &&
    new WechatService(new WechatOAuthDriver(config.wechat), new WechatRepository(database.db), users, accounts, verification, cache, () =>
      secrets.get('wechat-binding'),
    );
  const workPublishing = new WorkPublishingService(works, worksRepository, { users, notifications, adminLog });
  const workAssets = new WorkAssetsService(works, worksRepository, storage);
  const workViews = new WorkViews(works, worksRepository, rateLimiter);
  const transfers = new TransfersService(new TransfersRepository(database.db), works, users, ledger, notifications);
  const processing = new ProcessingService(new ProcessingRepository(database.db), works, storage, drivers.jobs, logger, {
    scratchDir: path.join(config.dataDir, 'tmp', 'processing'),
    leaseSeconds: config.processingLeaseSeconds,
  });
  const tours = new ToursService(new ToursRepository(database.db), processing, works, moderation);
  const traffic = new TrafficService(new TrafficRepository(database.db), works);
  const downloadTickets = new DownloadTickets(cache, users);
  const offlinePackages = new OfflinePackages(works, tours, storage, downloadTickets, config.viewerDistDir);
  const pointClouds = new PointCloudsService(
    new PointCloudsRepository(database.db),
    processing,
    works,
    moderation,
    storage,
    downloadTickets,
    logger,
  );
  // What tours and point clouds keep beside the processed output follows its publishes and resets.
  processing.listen(tours);
  processing.listen(pointClouds);
  // A copy shares the processed output of its original; a purge deletes only what no other work shows.
  works.listen(processing);
  drivers.jobs.define('works.purgeRecycleBin', () => works.purgeExpired(), { schedule: { cron: '23 3 * * *' } });
  // Lists and answers expire due transfers themselves; the job keeps the table true between them.
  drivers.jobs.define('transfers.expire', () => transfers.expireDue(), { schedule: { cron: '* * * * *' } });
  const membership = new MembershipService(
    new MembershipRepository(database.db),
    users,
    notifications,
    adminLog,
    new LicenceImages(storage, privateFiles, rateLimiter),
    (language) => access.catalogueTree(language),
  );
  const backOffice = new BackOfficeUsersService({
    repository: new BackOfficeRepository(database.db),
    users,
    directory: UserDirectoryService.on(database.db),
    auth,
    works,
    membership,
    adminLog,
  });
  const adminOverview = new AdminOverviewService({
    signups: (days) => users.signupStats(days),
    works: (days) => works.creationStats(days),
    pending: {
      membershipApplications: () => membership.pendingCount(),
      identityApplications: () => identity.pendingCount(),
      works: () => workPublishing.reviewQueueSize(),
    },
  });
  // Ended memberships stop granting their groups within a minute (docs/membership.md).
  drivers.jobs.define('membership.expire', () => membership.expireDue(), { schedule: { cron: '* * * * *' } });
  const payment = createPaymentDrivers(config.payments, {
    db: database.db,
    secret: () => (config.authSecret ? Promise.resolve(config.authSecret) : secrets.get('sandbox-payments')),
    publicUrl: config.publicUrl,
  });
  const payments = new PaymentsService(new PaymentsRepository(database.db), payment.drivers, ledger, notifications, logger);
  // A lost notification is still booked, and unpaid orders close once expired (docs/payments.md).
  drivers.jobs.define('payments.reconcile', () => payments.reconcile(), { schedule: { cron: '* * * * *' } });
  const billingRepository = new BillingRepository(database.db);
  const billing = new BillingService(billingRepository, ledger, traffic, works, notifications, logger);
  works.gateViewing((work) => billing.holdOf(work));
  // Each finished UTC day is billed once, shortly after midnight; settling, pauses, budgets and notices every 5 minutes (docs/billing.md).
  drivers.jobs.define('billing.daily', () => billing.billDueDays(), { schedule: { cron: '10 0 * * *' } });
  drivers.jobs.define('billing.enforce', () => billing.enforce(), { schedule: { cron: '*/5 * * * *' } });
  const wallet = new WalletService(billingRepository, ledger, traffic, works, users);
  const billingAdmin = new BillingAdminService(billingRepository, payments, adminLog);
  const orders = new OrdersService(createOrderSources({ payments, transfers }));
  const income = new IncomeService(ledger);
  const withdrawals = new WithdrawalsService({
    repository: new WithdrawalsRepository(database.db),
    ledger,
    notifications,
    adminLog,
    users,
    drivers: createPayoutDrivers(config.payouts, database.db),
    jobs: drivers.jobs,
    log: logger,
  });
  // Approved withdrawals are paid out, and open payouts asked about again (docs/withdrawals.md). Each approval
  // queues a run at once: `singleton` runs one at a time but keeps every queued run, so an approval that
  // commits while a run is reading its batch still gets a run of its own.
  drivers.jobs.define(PAYOUT_JOB, () => withdrawals.payOut(), { schedule: { cron: '* * * * *' }, policy: 'singleton', retryLimit: 0 });
  // Read notices older than the retention period go; unread ones stay (docs/notifications.md).
  drivers.jobs.define('notifications.prune', () => notifications.pruneRead(), { schedule: { cron: '41 3 * * *' } });
  return {
    ...drivers,
    users,
    auth,
    verification,
    accounts,
    qrLogin,
    profile,
    ledger,
    moderation,
    notifications,
    adminLog,
    access,
    identity,
    privateFiles,
    works,
    workPublishing,
    workAssets,
    workViews,
    transfers,
    payments,
    orders,
    income,
    sandboxPay: payment.sandbox,
    billing,
    wallet,
    billingAdmin,
    withdrawals,
    membership,
    backOffice,
    adminOverview,
    processing,
    tours,
    traffic,
    offlinePackages,
    pointClouds,
    wechat,
  };
}
