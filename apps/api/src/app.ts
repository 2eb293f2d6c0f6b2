import { hostname } from 'node:os';
import path from 'node:path';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Database } from '@caravan/db/client';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Env } from './env.ts';
import type { AnyAction } from './gateway/action.ts';
import { registerLegacyGateway } from './gateway/gateway.ts';
import { registerLegacyErrorHandling } from './gateway/http-errors.ts';
import { sendAppError } from './gateway/gateway.ts';
import { AppError } from './platform/errors.ts';
import { DEFAULT_LOCALE } from '@caravan/contract/languages';
import { MAX_FILE_BYTES } from './gateway/params.ts';
import { completeActionTable, type SpecCall } from './gateway/spec-calls.ts';
import { AccountsRepository } from './modules/accounts/accounts.repository.ts';
import { accountsActions } from './modules/accounts/accounts.legacy.ts';
import { AccountsService } from './modules/accounts/accounts.service.ts';
import { localFileCodeSender, smtpCodeSender, type CodeSender } from './modules/accounts/code-sender.ts';
import { SessionCache, SessionsService, sessionPolicy } from './modules/accounts/sessions.service.ts';
import { VerificationService } from './modules/accounts/verification.service.ts';
import { contentActions } from './modules/content/content.legacy.ts';
import { ContentRepository } from './modules/content/content.repository.ts';
import { ContentService } from './modules/content/content.service.ts';
import { bannersConsoleRoutes } from './modules/content/banners.routes.ts';
import { BannersService } from './modules/content/banners.service.ts';
import { ActivitiesService } from './modules/content/activities.service.ts';
import { informationActions } from './modules/content/information.legacy.ts';
import { informationConsoleRoutes } from './modules/content/information.routes.ts';
import { InformationService } from './modules/content/information.service.ts';
import { SettingsService } from './modules/content/settings.ts';
import { uploadsActions } from './modules/uploads/uploads.legacy.ts';
import { UploadsRepository } from './modules/uploads/uploads.repository.ts';
import { registerUploadRoutes } from './modules/uploads/uploads.routes.ts';
import { PRIVATE_UPLOADS_PATH, UploadsService } from './modules/uploads/uploads.service.ts';
import { UploadSigner } from './modules/uploads/upload-signing.ts';
import { kycActions } from './modules/kyc/kyc.legacy.ts';
import { toConsoleUserKyc, toUserKycInfo } from './modules/kyc/kyc.mapper.ts';
import { KycRepository } from './modules/kyc/kyc.repository.ts';
import { kycConsoleRoutes } from './modules/kyc/kyc.routes.ts';
import { KycService } from './modules/kyc/kyc.service.ts';
import { AddressesRepository } from './modules/addresses/addresses.repository.ts';
import { buyerContextPort } from './modules/chat/chat-context.ts';
import { ChatInboxService } from './modules/chat/chat-inbox.service.ts';
import { chatActions } from './modules/chat/chat.legacy.ts';
import { ChatRepository } from './modules/chat/chat.repository.ts';
import { chatConsoleRoutes } from './modules/chat/chat.routes.ts';
import { ChatService } from './modules/chat/chat.service.ts';
import { addressesActions } from './modules/addresses/addresses.legacy.ts';
import { AddressesService } from './modules/addresses/addresses.service.ts';
import { GeoDirectory } from './modules/addresses/geo-directory.ts';
import { catalogActions } from './modules/catalog/catalog.legacy.ts';
import { CategoriesRepository } from './modules/catalog/categories.repository.ts';
import { CategoriesService } from './modules/catalog/categories.service.ts';
import { catalogConsoleRoutes } from './modules/catalog/catalog.routes.ts';
import { CategoryAdminService } from './modules/catalog/category-admin.service.ts';
import { GoodsAdminRepository } from './modules/catalog/goods-admin.repository.ts';
import { GoodsAdminService } from './modules/catalog/goods-admin.service.ts';
import { GoodsRepository } from './modules/catalog/goods.repository.ts';
import { GoodsService, VIEW_FLUSH_MS } from './modules/catalog/goods.service.ts';
import { favoritesActions } from './modules/favorites/favorites.legacy.ts';
import { FavoritesRepository } from './modules/favorites/favorites.repository.ts';
import { FavoritesService } from './modules/favorites/favorites.service.ts';
import { ReviewsRepository } from './modules/reviews/reviews.repository.ts';
import { ReviewsService } from './modules/reviews/reviews.service.ts';
import { ShopsRepository } from './modules/shops/shops.repository.ts';
import { SHOP_VIEW_FLUSH_MS, ShopsService } from './modules/shops/shops.service.ts';
import { shopsConsoleRoutes } from './modules/shops/shops.routes.ts';
import { CheckoutService } from './modules/orders/checkout.service.ts';
import { ordersActions } from './modules/orders/orders.legacy.ts';
import { OrdersRepository, type DeadlineKind } from './modules/orders/orders.repository.ts';
import { OrdersService, type OrderNamePorts } from './modules/orders/orders.service.ts';
import { PaymentService } from './modules/orders/payment.service.ts';
import { FulfilmentService } from './modules/orders/fulfilment.service.ts';
import { RefundService } from './modules/orders/refund.service.ts';
import { ordersConsoleRoutes } from './modules/orders/orders.routes.ts';
import { LoanRepaymentService } from './modules/loans/loan-repayment.service.ts';
import { LOAN_OVERDUE_JOB, LoanReviewService } from './modules/loans/loan-review.service.ts';
import { loansActions } from './modules/loans/loans.legacy.ts';
import { LoansRepository } from './modules/loans/loans.repository.ts';
import { loansConsoleRoutes } from './modules/loans/loans.routes.ts';
import { LoansService } from './modules/loans/loans.service.ts';
import { ReviewService } from './modules/orders/review.service.ts';
import { SellerOrdersService } from './modules/orders/seller-orders.service.ts';
import { OperatorsRepository } from './modules/operators/operators.repository.ts';
import { CONSOLE_PREFIX, registerConsoleApi, sendRestError } from './modules/operators/operators.routes.ts';
import { overviewConsoleRoutes } from './modules/operators/overview.routes.ts';
import { settingsConsoleRoutes } from './modules/content/settings.routes.ts';
import { accountsConsoleRoutes } from './modules/accounts/accounts.console.routes.ts';
import { registerPageSessionRoutes } from './modules/accounts/page-session.routes.ts';
import { OperatorsService } from './modules/operators/operators.service.ts';
import { OperatorAdminService } from './modules/operators/operator-admin.service.ts';
import { operatorAdminRoutes } from './modules/operators/operator-admin.routes.ts';
import { Ledger } from './modules/wallet/ledger/ledger.ts';
import { LedgerRepository } from './modules/wallet/ledger/ledger.repository.ts';
import { SimulatorProvider } from './modules/wallet/payments/payment-provider.ts';
import { RechargeService } from './modules/wallet/recharge.service.ts';
import { walletActions } from './modules/wallet/wallet.legacy.ts';
import { WalletRepository } from './modules/wallet/wallet.repository.ts';
import { registerPaymentRoutes, walletConsoleRoutes } from './modules/wallet/wallet.routes.ts';
import { WalletService } from './modules/wallet/wallet.service.ts';
import { WithdrawalService } from './modules/wallet/withdrawal.service.ts';
import { AuditLog } from './platform/audit.ts';
import { createBus, type Bus } from './platform/bus.ts';
import { IdempotencyStore } from './platform/idempotency.ts';
import { bullmqScheduler, inProcessScheduler, type Scheduler } from './platform/jobs.ts';
import { LocalDiskBlobStore, type BlobStore } from './platform/blob-store.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { loadTranslator, type Translator } from './platform/i18n.ts';
import { Lifecycle, registerHealthRoutes } from './platform/health.ts';
import { loggerOptions } from './platform/logger.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { Metrics, registerMetrics } from './platform/metrics.ts';
import { sweepEvery, TtlCache } from './platform/ttl-cache.ts';
import { argon2Hasher, type PasswordHasher } from './platform/passwords.ts';
import { FundPasswordHasher, fundPasswordKey } from './platform/fund-password.ts';
import { loadBrand } from './platform/brand.ts';
import { resolveFromRoot } from './platform/paths.ts';
import { MemoryRateLimitStore, RateLimiter, RedisRateLimitStore } from './platform/rate-limit.ts';
import { registerStaticApps } from './static-apps.ts';
import { ListingsRepository } from './modules/catalog/listings.repository.ts';
import { ListingsService } from './modules/catalog/listings.service.ts';
import { SELLER_INCOME_KIND, SellerFigures } from './modules/orders/seller-figures.ts';
import { SellerPanelService } from './modules/sellers/seller-panel.service.ts';
import { sellersActions } from './modules/sellers/sellers.legacy.ts';
import { SellerApplicationsRepository } from './modules/sellers/sellers.repository.ts';
import { sellersConsoleRoutes } from './modules/sellers/sellers.routes.ts';
import { SettleInService } from './modules/sellers/settle-in.service.ts';

/**
 * `serve`: the API, web apps and (with WORKER=on) the background jobs. `worker`: the background jobs
 * only, with the health and metrics routes; no API route is served.
 */
export type AppRole = 'serve' | 'worker';

export interface AppDependencies {
  env: Env;
  db: Database;
  role?: AppRole;
  /** Shutdown state the health routes report; the process's signal handler sets it. */
  lifecycle?: Lifecycle;
  clock?: Clock;
  redis?: Redis;
  /** Fan-out between instances (chat); Redis pub/sub with `redis`, in-process otherwise. */
  bus?: Bus;
  blobStore?: BlobStore;
  hasher?: PasswordHasher;
  codeSender?: CodeSender;
  translator?: Translator;
  /** Key prefix of the BullMQ queues in Redis (tests sharing one Redis use their own). */
  jobPrefix?: string;
  /** Where logs go (stdout by default); tests capture them to prove secrets stay out. */
  logStream?: NodeJS.WritableStream;
  /** The built buyer store (apps/store/dist by default); tests point it at a fixture. */
  storeDir?: string;
  /** The store's server-side renderer build (default apps/store/dist-server). */
  storeServerDir?: string;
  /** The built operator console (apps/console/dist by default); tests point it at a fixture. */
  consoleDir?: string;
  /** The built seller panel (apps/seller/dist by default); tests point it at a fixture. */
  sellerDir?: string;
  /**
   * Where the store's chat dialog finds the chat socket (written into the store's page): its port on the
   * page's host (the server that listens on CHAT_PORT passes it), or a ws(s) URL; none: the dialog polls.
   */
  chatSocket?: string;
}

export interface Services {
  clock: Clock;
  audit: AuditLog;
  settings: SettingsService;
  accounts: AccountsService;
  sessions: SessionsService;
  content: ContentService;
  uploads: UploadsService;
  categories: CategoriesService;
  goods: GoodsService;
  shops: ShopsService;
  favorites: FavoritesService;
  addresses: AddressesService;
  reviews: ReviewsService;
  ledger: Ledger;
  ledgerRepository: LedgerRepository;
  wallet: WalletService;
  recharges: RechargeService;
  withdrawals: WithdrawalService;
  idempotency: IdempotencyStore;
  operators: OperatorsService;
  operatorAdmin: OperatorAdminService;
  categoryAdmin: CategoryAdminService;
  goodsAdmin: GoodsAdminService;
  banners: BannersService;
  information: InformationService;
  activities: ActivitiesService;
  checkout: CheckoutService;
  payments: PaymentService;
  orders: OrdersService;
  fulfilment: FulfilmentService;
  orderReviews: ReviewService;
  refunds: RefundService;
  sellerOrders: SellerOrdersService;
  loans: LoansService;
  loanReview: LoanReviewService;
  loanRepayments: LoanRepaymentService;
  chat: ChatService;
  chatInbox: ChatInboxService;
  listings: ListingsService;
  settleIn: SettleInService;
  kyc: KycService;
  sellerPanel: SellerPanelService;
  sellerFigures: SellerFigures;
  bus: Bus;
  scheduler: Scheduler;
  limiter: RateLimiter;
  translator: Translator;
}

/** One served route as registered (method, URL and its schemas: zod for REST routes, JSON Schema for legacy calls). */
export interface ServedRoute {
  method: string;
  url: string;
  schema: Record<string, unknown> | undefined;
}

/** The longest path segment (a route parameter) the server accepts. */
const MAX_PATH_SEGMENT = 200;

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
  /** The legacy action table as served (module entries plus "not available yet" fallbacks). */
  actions: AnyAction[];
  /** Every route the app registered, for the reliability sweeps that must cover new routes on their own. */
  routes: ServedRoute[];
  /** Spec calls still answering "not available yet". */
  pendingCalls: SpecCall[];
  metrics: Metrics;
  lifecycle: Lifecycle;
}

/** How long the ledger's per-kind transfer counts (a scan) are reused between metric scrapes. */
const LEDGER_COUNTS_TTL_MS = 30_000;
/** How often the catalogue's answer caches drop their expired entries while nothing reads them. */
const CACHE_SWEEP_MS = 10_000;

/** Composition root: platform -> modules -> gateway -> static apps (ARCHITECTURE section 2). */
export async function buildApp(deps: AppDependencies): Promise<BuiltApp> {
  const { env, db } = deps;
  const role = deps.role ?? 'serve';
  const clock = deps.clock ?? systemClock;
  const translator = deps.translator ?? loadTranslator();
  const lifecycle = deps.lifecycle ?? new Lifecycle();
  const metrics = new Metrics(role, { processMetrics: env.NODE_ENV !== 'test' });

  const app = Fastify({
    // every line says which process and role wrote it (several API replicas and workers share one log)
    logger: { ...loggerOptions(env), base: { pid: process.pid, hostname: hostname(), role }, ...(deps.logStream ? { stream: deps.logStream } : {}) },
    trustProxy: env.TRUST_PROXY,
    requestIdHeader: 'x-request-id',
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PATH_SEGMENT },
    // the router's own refusals (a URL that is not valid UTF-8, a path parameter over maxParamLength)
    // answer like every other refusal: the console's REST shape under its prefix, the envelope elsewhere
    frameworkErrors: (_error, request, reply) => refuseUrl(request, reply as FastifyReply),
  });
  const refuseUrl = (request: FastifyRequest, reply: FastifyReply) => {
    const refusal = new AppError('common.param_invalid', { field: 'url' });
    return request.url.startsWith(`${CONSOLE_PREFIX}/`) ? sendRestError(reply, request, refusal, translator) : sendAppError(reply.code(400), refusal, DEFAULT_LOCALE, translator);
  };
  // a path segment over the router's limit never names anything: refused the same way when a wildcard
  // route (a built web app's page fallback) matched it instead of the router refusing it
  app.addHook('onRequest', async (request, reply) => {
    const pathname = request.url.split('?', 1)[0] ?? '';
    if (pathname.length > MAX_PATH_SEGMENT && pathname.split('/').some((segment) => segment.length > MAX_PATH_SEGMENT)) return refuseUrl(request, reply);
    return undefined;
  });
  const routes: ServedRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, schema: route.schema as Record<string, unknown> | undefined });
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // on every answer, by kind (pages, docs, JSON, files); JSON answers get only nosniff and a short CSP
  registerSecurityHeaders(app);
  registerMetrics(app, metrics, env.METRICS_TOKEN);

  // ---- platform -----------------------------------------------------------------------------
  // Tokens travel as parameters or bearer headers, never cookies, so any origin may call the API.
  await app.register(cors, { origin: true, credentials: false, exposedHeaders: ['x-request-id', 'retry-after'] });
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1 } });
  registerLegacyErrorHandling(app, translator);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Caravan API',
        version: '0.1.0',
        description:
          'Legacy `resource!method.action` calls (served under /wap/api/ and /api/, GET or POST, parameters from query, form, multipart or JSON; answers in the `{code, msg, errorKey, data}` envelope) and the REST routes of the console and seller panel.',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'query', name: 'token' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    // zod schemas (REST routes) are converted here; legacy routes already carry JSON Schema
    transform: (document) => {
      const schema = document.schema as Record<string, unknown> | undefined;
      const responses = Object.values((schema?.response ?? {}) as Record<string, unknown>);
      const usesZod =
        schema !== undefined &&
        (['querystring', 'body', 'params', 'headers'].some((key) => schema[key] instanceof z.ZodType) ||
          responses.some((response) => response instanceof z.ZodType));
      return usesZod ? jsonSchemaTransform(document) : { schema: document.schema, url: document.url };
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // the docs page's own policy (its scripts' hashes), which nobody may frame; no upgrade of requests,
    // which would break the page on a plain-HTTP development server
    staticCSP: true,
    transformStaticCSP: (header) => header.replace("frame-ancestors 'self'", "frame-ancestors 'none'").replace(/\s*upgrade-insecure-requests;?/, ''),
  });

  // ---- modules ------------------------------------------------------------------------------
  const audit = new AuditLog(clock);
  const settings = new SettingsService(db, clock, audit);
  await settings.load();
  if (env.NODE_ENV !== 'test') settings.startRefreshing();
  app.addHook('onClose', async () => settings.stop());

  // with Redis down, limits are counted in this process until it answers again (docs/reliability.md)
  let redisLimitsFailing = false;
  const limiter = deps.redis
    ? new RateLimiter(new RedisRateLimitStore(deps.redis, `${env.REDIS_KEY_PREFIX}:rl:`), clock, {
        store: new MemoryRateLimitStore(clock),
        onStoreError: (error) => {
          if (redisLimitsFailing) return;
          redisLimitsFailing = true;
          app.log.warn({ err: error }, 'rate limits: Redis failed; counting in this process meanwhile');
          setTimeout(() => (redisLimitsFailing = false), 10_000).unref();
        },
      })
    : new RateLimiter(new MemoryRateLimitStore(clock), clock);
  const hasher = deps.hasher ?? argon2Hasher();
  const accountsRepository = new AccountsRepository(db);
  const sessions = new SessionsService(accountsRepository, clock, sessionPolicy(env.SESSION_IDLE_TTL_HOURS, env.SESSION_ABSOLUTE_TTL_DAYS), new SessionCache(clock, env.SESSION_CACHE_MS));
  const outbox = localFileCodeSender(app.log, resolveFromRoot(env.MAIL_OUTBOX_DIR || path.join(env.DATA_DIR, 'mail')));
  const codeSender = deps.codeSender ?? (env.SMTP_URL ? smtpCodeSender({ url: env.SMTP_URL, from: env.MAIL_FROM, fallback: outbox }) : outbox);
  if (!deps.codeSender && !env.SMTP_URL && env.NODE_ENV === 'production') app.log.warn('SMTP_URL is not set: verification codes are only written to the local outbox (MAIL_OUTBOX_DIR)');
  const verification = new VerificationService(db, accountsRepository, settings, codeSender, clock, (error) =>
    app.log.warn({ err: error }, 'a password-reset code could not be delivered'),
  );
  // fund passwords: a keyed hash (ADR 0010); the key lives outside the database
  const fundPasswordSecret = fundPasswordKey(env.FUND_PASSWORD_KEY, resolveFromRoot(env.DATA_DIR));
  if (fundPasswordSecret.source === 'file' && env.NODE_ENV === 'production') {
    app.log.warn('FUND_PASSWORD_KEY is unset: fund passwords are keyed with DATA_DIR/fund-password.key (set one shared value when several replicas run, and back it up)');
  }
  const fundPasswords = new FundPasswordHasher(fundPasswordSecret.key, hasher);
  const accounts = new AccountsService(db, accountsRepository, sessions, verification, settings, hasher, fundPasswords, audit, clock, env.PLATFORM_TIMEZONE);
  const contentRepository = new ContentRepository();
  const content = new ContentService(db, contentRepository, settings, clock);
  const blobStore = deps.blobStore ?? new LocalDiskBlobStore(path.join(resolveFromRoot(env.DATA_DIR), 'uploads'));
  if (!env.UPLOAD_SIGNING_SECRET && env.NODE_ENV === 'production') app.log.warn('UPLOAD_SIGNING_SECRET is unset: private picture URLs are signed with a per-process secret (set one shared value when several replicas run)');
  const uploadSigner = new UploadSigner(env.UPLOAD_SIGNING_SECRET, clock);
  const uploads = new UploadsService(db, new UploadsRepository(), blobStore, clock, env.PUBLIC_BASE_URL, uploadSigner);

  const timeZone = env.PLATFORM_TIMEZONE;
  const categoriesRepository = new CategoriesRepository();
  const categories = new CategoriesService(db, categoriesRepository, clock);
  // the catalogue, shops and favourites need each other's figures; they meet through ports
  const shops: ShopsService = new ShopsService(
    db,
    new ShopsRepository(db),
    {
      followedShopIds: (userId, ids) => favorites.followedShopIds(userId, ids),
      refreshShopListings: (executor, shopId) => goods.refreshVisibility(executor, { shopId }),
    },
    audit,
    clock,
  );
  const goods: GoodsService = new GoodsService(
    new GoodsRepository(db),
    categories,
    {
      sellerCards: (ids, viewerId) => shops.cardsByIds(ids, viewerId),
      searchShops: (keyword, limit, viewerId) => shops.searchByName(keyword, limit, viewerId),
      keptIds: (userId, ids) => favorites.keptIds(userId, ids),
    },
    settings,
    clock,
    timeZone,
    env.CATALOG_MICRO_CACHE,
  );
  const favorites: FavoritesService = new FavoritesService(
    db,
    new FavoritesRepository(db),
    {
      userRole: (userId) => accounts.roleOf(userId),
      isGoodsVisible: (id) => goods.isVisible(id),
      goodsCards: (ids, viewer) => goods.cardsByIds(ids, viewer),
      lockShop: (tx, shopId) => shops.lockForFollow(tx, shopId),
      sellerCards: (ids, viewerId) => shops.cardsByIds(ids, viewerId),
      shopFollowersChanged: (shopId) => shops.invalidate(shopId),
    },
    settings,
    clock,
    timeZone,
  );
  // the console's catalogue: categories, the platform's goods and the store's banners
  const categoryAdmin = new CategoryAdminService(db, categoriesRepository, categories, audit, clock);
  const goodsAdmin = new GoodsAdminService(db, new GoodsAdminRepository(), goods, audit, clock);
  const banners = new BannersService(db, contentRepository, { isStoredImage: (url) => uploads.isStoredImage(url) }, audit, clock);
  // the store's information pages (of this server's brand) and lucky-draw activities
  const information = new InformationService(db, contentRepository, loadBrand(env.BRAND), audit, clock);
  const activities = new ActivitiesService(db, contentRepository, audit, clock);
  const geo = new GeoDirectory();
  const addresses = new AddressesService(db, new AddressesRepository(), geo, settings, clock);
  accounts.addCancellationCleanup((executor, userId) => addresses.forgetAll(executor, userId));
  // identity verification: private pictures, reviewed by operators; withdrawals above a setting need it
  const kyc = new KycService(
    db,
    new KycRepository(),
    {
      ownedPrivateRef: (url, userId) => uploads.ownedPrivateRef(url, userId),
      countryExists: (countryId) => geo.country(countryId) !== undefined,
      userIdByName: (name) => accounts.userIdByName(name),
    },
    audit,
    clock,
  );
  const countryName = (countryId: number) => geo.country(countryId)?.name ?? '';
  const reviewsRepository = new ReviewsRepository();
  const reviews = new ReviewsService(db, reviewsRepository, { reviewers: (ids) => accounts.profiles(ids) }, translator, timeZone);
  // the catalogue's answer caches drop expired entries on a timer too, so an idle process holds none
  const stopSweeping = env.NODE_ENV !== 'test' ? sweepEvery(CACHE_SWEEP_MS, [goods, shops]) : () => {};
  if (env.NODE_ENV !== 'test') {
    goods.views.start(VIEW_FLUSH_MS);
    shops.views.start(SHOP_VIEW_FLUSH_MS);
  }
  app.addHook('onClose', async () => {
    stopSweeping();
    await Promise.all([goods.views.stop(), shops.views.stop()]);
  });

  // wallet: the ledger is the one write path to money; the platform's accounts exist before any request
  const ledgerRepository = new LedgerRepository();
  const ledger = new Ledger(ledgerRepository, clock);
  await ledger.ensurePlatformAccounts(db);
  const walletRepository = new WalletRepository();
  const idempotency = new IdempotencyStore(db, clock);
  const wallet = new WalletService(db, walletRepository, ledger, ledgerRepository, idempotency, settings, audit, clock, timeZone);
  const provider = env.PAYMENT_PROVIDER === 'simulator' ? new SimulatorProvider(env.PUBLIC_BASE_URL) : undefined;
  const recharges = new RechargeService(db, walletRepository, wallet, ledger, settings, uploads, provider, audit, clock, timeZone);
  const withdrawals = new WithdrawalService(db, walletRepository, wallet, ledger, accounts, settings, audit, clock, timeZone, { advancedPassed: (userId) => kyc.isPassed(userId, 'advanced') });
  accounts.addCancellationGuard((executor, userId) => wallet.cancellationVeto(executor, userId));
  const operatorsRepository = new OperatorsRepository();
  const operators = new OperatorsService(db, operatorsRepository, hasher, settings, audit, clock, timeZone);
  const operatorAdmin = new OperatorAdminService(db, operatorsRepository, operators, hasher, audit, clock);

  // orders: priced by the server, paid into per-order escrow, timed by deadlines on the rows
  const ordersRepository = new OrdersRepository();
  // deadlines live on the order rows; BullMQ (with Redis) or in-process timers deliver them on time and
  // a sweep catches anything missed; every handler re-checks its row, so repeats are harmless
  // an API replica next to worker processes (WORKER=off) only schedules; a worker, or the one process
  // of `npm start`, runs the jobs
  const schedulerOptions = {
    clock,
    log: app.log,
    runJobs: role === 'worker' || env.WORKER === 'on',
    sweepMs: env.JOBS_SWEEP_SECONDS * 1000,
    observe: (kind: string, ok: boolean) => metrics.jobFinished(kind, ok),
  };
  const scheduler = deps.redis
    ? bullmqScheduler({ ...schedulerOptions, redis: deps.redis, prefix: deps.jobPrefix ?? env.REDIS_KEY_PREFIX })
    : inProcessScheduler(schedulerOptions);
  const deadlines = { scheduleDeadline: (kind: string, id: string, at: Date) => void scheduler.schedule(kind, id, at) };
  const orderNames: OrderNamePorts = {
    usernames: (ids) => accounts.profiles(ids),
    shopNames: (ids) => shops.namesByIds(ids),
  };
  const checkout = new CheckoutService(db, ordersRepository, { findAddress: (userId, id, executor) => addresses.findOwned(userId, id, executor), ...deadlines }, idempotency, settings, clock);
  const payments = new PaymentService(db, ordersRepository, ledger, accounts, idempotency, deadlines, settings, clock);
  const orders = new OrdersService(db, ordersRepository, orderNames, translator, timeZone);
  accounts.addCancellationGuard((executor, userId) => orders.cancellationVeto(executor, userId));
  const fulfilment = new FulfilmentService(db, ordersRepository, payments, ledger, deadlines, accounts, settings, audit, clock);
  const orderReviews = new ReviewService(db, ordersRepository, reviewsRepository, fulfilment, { isOwnedImage: (url, userId) => uploads.isOwnedImage(url, userId) }, clock);
  const sellerOrders = new SellerOrdersService(db, ordersRepository, orderNames, timeZone);
  const refunds = new RefundService(db, ordersRepository, payments, ledger, { isOwnedImage: (url, userId) => uploads.isOwnedImage(url, userId) }, audit, clock);
  const due = (kind: DeadlineKind) => (now: Date, limit: number) => ordersRepository.due(db, kind, now, limit);
  scheduler.register({ name: 'order.pay_timeout', findDue: due('pay'), handle: (id) => payments.cancelIfUnpaid(id) });
  scheduler.register({ name: 'order.auto_ship', findDue: due('ship'), handle: (id) => fulfilment.shipIfDue(id) });
  scheduler.register({ name: 'order.auto_receive', findDue: due('receive'), handle: (id) => fulfilment.receiveIfDue(id) });
  scheduler.register({ name: 'order.auto_review', findDue: due('review'), handle: (id) => orderReviews.defaultReviewIfDue(id) });

  // start-up loans: disbursed into the wallet on approval, repaid from it; overdue is a deadline on the row
  const loansRepository = new LoansRepository();
  const loans = new LoansService(
    db,
    loansRepository,
    {
      isOwnedImage: (url, userId) => uploads.isOwnedImage(url, userId),
      countryExists: (countryId) => geo.country(countryId) !== undefined,
      hasSafeword: (userId) => accounts.hasSafeword(userId),
    },
    settings,
    audit,
    clock,
    timeZone,
  );
  const loanReview = new LoanReviewService(db, loansRepository, ledger, { ...deadlines, userIdByName: (name) => accounts.userIdByName(name) }, settings, audit, clock);
  const loanRepayments = new LoanRepaymentService(db, loansRepository, loans, ledger, accounts, idempotency, audit, clock, timeZone);
  accounts.addCancellationGuard((executor, userId) => loans.cancellationVeto(executor, userId));
  scheduler.register({ name: LOAN_OVERDUE_JOB, findDue: (now, limit) => loanReview.dueForOverdue(now, limit), handle: (id) => loanReview.markOverdueIfDue(id) });
  // customer-service chat: stored first, then fanned out to every instance's sockets through the bus
  const bus = deps.bus ?? createBus(deps.redis, deps.jobPrefix ?? env.REDIS_KEY_PREFIX, (error) => app.log.warn({ err: error }, 'bus subscriber error'));
  // a user's sessions forgotten on one instance are forgotten on all (ADR 0018); start-up does not wait
  const sessionForgets = sessions.connectBus(bus, (error) =>
    app.log.warn({ err: error }, 'the session cache could not use the bus (a subscription is retried): other instances see session changes within SESSION_CACHE_MS'),
  );
  app.addHook('onClose', async () => sessionForgets.close());
  if (!deps.bus) app.addHook('onClose', async () => bus.close());
  const chatRepository = new ChatRepository();
  const storeChatImage = async (bytes: Buffer, uploaderId: string) => (await uploads.storeImage(bytes, 'chat', uploaderId)).url;
  const chat = new ChatService(db, chatRepository, { isOwnedImage: (url, uploaderId) => uploads.isOwnedImage(url, uploaderId), storeChatImage }, limiter, bus, audit, clock, timeZone);
  const chatInbox = new ChatInboxService(
    db,
    chatRepository,
    chat,
    {
      usernames: (ids) => accounts.profiles(ids),
      userIdByName: (name) => accounts.userIdByName(name),
      operatorNames: (ids) => operators.usernames(ids),
      chatOperator: async (id) => {
        const operator = await operators.activeById(id);
        return operator && operators.can({ ...operator, sessionId: '' }, 'chat.reply') ? operator : undefined;
      },
      orderBuyer: async (orderId) => (await orders.visible(orderId, { userId: '', operator: true }).catch(() => undefined))?.buyerId,
      noteOrderConversation: (executor, orderId, at) => orders.noteConversation(executor, orderId, at),
      buyerContext: buyerContextPort({ orders, wallet, loans }),
    },
    audit,
    clock,
  );

  // the seller side: settle-in (operators open shops), listings from the wholesale catalogue, the
  // panel's figures (margins from the orders and the ledger, scores from orders and reviews)
  const listings = new ListingsService(
    db,
    new ListingsRepository(db.$client),
    {
      lockShop: (tx, shopId) => shops.lockForFollow(tx, shopId),
      totalDeposited: (executor, userId) => wallet.creditedTotal(executor, userId, ['recharge']),
      listingsChanged: () => goods.forgetCached(),
    },
    settings,
    clock,
    timeZone,
  );
  const sellerFigures = new SellerFigures(db, { releasedMargins: (ids) => wallet.orderTotals(ids, SELLER_INCOME_KIND) }, clock, timeZone);
  accounts.addCancellationGuard((executor, userId) => sellerFigures.cancellationVeto(executor, userId));
  const settleIn = new SettleInService(
    db,
    new SellerApplicationsRepository(),
    {
      isOwnedImage: (url, userId) => uploads.isOwnedImage(url, userId),
      ownedPrivateRef: (url, userId) => uploads.ownedPrivateRef(url, userId),
      countryExists: (countryId) => geo.country(countryId) !== undefined,
      roleOf: (userId) => accounts.roleOf(userId),
      userIdByName: (name) => accounts.userIdByName(name),
      shopNameTaken: (executor, name, exceptShopId) => shops.nameTaken(executor, name, exceptShopId),
      openShopIn: (tx, shop) => shops.openShop(shop, tx),
      grantSellerIn: (tx, userId, actor) => accounts.promoteToSellerIn(tx, userId, { type: 'operator', id: actor.id, reason: actor.reason }),
      sellerGranted: (userId) => sessions.forgetUser(userId),
      shopChanged: (shopId) => {
        shops.changed(shopId);
        goods.forgetCached();
      },
    },
    audit,
    clock,
  );
  const sellerPanel = new SellerPanelService(
    db,
    {
      shop: (shopId) => shops.find(shopId),
      updateShop: (shopId, changes) => shops.updateDetails(shopId, changes),
      shopNameTaken: (executor, name, exceptShopId) => shops.nameTaken(executor, name, exceptShopId),
      isOwnedImage: (url, userId) => uploads.isOwnedImage(url, userId),
      listingCount: async (shopId) => (await listings.shopFigures(shopId)).listings,
      noPushNum: (shopId) => sellerOrders.noPushNum(shopId),
      pendingMargins: (shopId) => sellerFigures.pending(shopId),
      settledOrders: (shopId) => sellerFigures.settledCount(shopId),
      todaySales: (shopId) => sellerFigures.today(shopId),
      serviceRates: (shopId, windowDays) => sellerFigures.serviceRates(shopId, windowDays),
      writtenReviews: (shopId, since) => reviews.shopWrittenSince(shopId, since),
      wallet: (userId) => wallet.balance(userId),
      earnedTotal: (executor, userId) => wallet.creditedTotal(executor, userId, [SELLER_INCOME_KIND]),
    },
    settings,
    clock,
    timeZone,
  );

  // tests drive the sweep themselves with the injected clock
  if (env.NODE_ENV !== 'test') scheduler.start();
  app.addHook('onClose', async () => scheduler.stop());

  // a stored private picture reference becomes a signed URL; a public URL stays as it is
  const privateOrPublicUrl = (stored: string) => (stored.startsWith(PRIVATE_UPLOADS_PATH) ? uploads.signedUrl(stored).url : stored);
  const actions: AnyAction[] = [
    ...accountsActions({ accounts, sessions, publicBaseUrl: env.PUBLIC_BASE_URL, timeZone: env.PLATFORM_TIMEZONE, kycInfo: async (userId) => toUserKycInfo(await kyc.summary(userId), countryName) }),
    ...contentActions(content),
    ...informationActions(information),
    ...uploadsActions(uploads),
    ...catalogActions({ categories, goods, shops, reviews, serviceScores: (shopId) => sellerPanel.scores(shopId) }),
    ...favoritesActions(favorites),
    ...addressesActions(addresses),
    ...walletActions({ wallet, recharges, withdrawals, settings }),
    ...ordersActions({ checkout, payments, orders, fulfilment, reviews: orderReviews, refunds, sellerOrders, names: orderNames }),
    ...loansActions({ loans, repayments: loanRepayments }),
    ...chatActions(chat),
    ...sellersActions({ settleIn, listings, panel: sellerPanel, figures: sellerFigures, reviews, timeZone, documentUrl: privateOrPublicUrl }),
    ...kycActions(kyc, { timeZone, countryName, signedUrl: (ref) => uploads.signedUrl(ref).url }),
  ];

  async function registerServedRoutes(): Promise<void> {
    registerLegacyGateway(app, {
      actions: table,
      translator,
      limiter,
      authenticate: (token) => sessions.authenticate(token),
      validateResponses: env.VALIDATE_RESPONSES,
      observe: (call, code) => metrics.legacyOutcome(call, code),
    });
    registerUploadRoutes(app, blobStore, uploadSigner);
    registerPageSessionRoutes(app, { authenticate: (token) => sessions.authenticate(token), maxAgeSeconds: env.SESSION_ABSOLUTE_TTL_DAYS * 86_400 });
    registerConsoleApi(app, {
      operators,
      translator,
      limiter,
      routes: [
        walletConsoleRoutes({ wallet, recharges, withdrawals, usernames: (ids) => accounts.profiles(ids) }),
        ordersConsoleRoutes({ db, repository: ordersRepository, ledgerRepository, orders, fulfilment, refunds, names: orderNames, translator }),
        overviewConsoleRoutes({ db, audit, operators, usernames: (ids) => accounts.profiles(ids), walletFigures: (from, to) => wallet.consoleFigures(from, to), orderFigures: (from, to) => orders.consoleFigures(from, to) }),
        settingsConsoleRoutes({ settings }),
        accountsConsoleRoutes({ accounts, kycOf: async (userId) => toConsoleUserKyc(await kyc.summary(userId)) }),
        loansConsoleRoutes({ review: loanReview, usernames: (ids) => accounts.profiles(ids), countryName: (countryId) => geo.country(countryId)?.name ?? '' }),
        chatConsoleRoutes({ inbox: chatInbox, storeOperatorImage: storeChatImage }),
        catalogConsoleRoutes({ categories: categoryAdmin, goods: goodsAdmin }),
        shopsConsoleRoutes({ shops, usernames: (ids) => accounts.profiles(ids) }),
        bannersConsoleRoutes({ banners, storeOperatorImage: async (bytes, operatorId) => (await uploads.storeImage(bytes, 'general', operatorId)).url }),
        informationConsoleRoutes({ information, activities }),
        operatorAdminRoutes({ admin: operatorAdmin }),
        sellersConsoleRoutes({ settleIn, usernames: (ids) => accounts.profiles(ids), countryName: (countryId) => geo.country(countryId)?.name ?? '', documentUrl: privateOrPublicUrl }),
        kycConsoleRoutes({ kyc, usernames: (ids) => accounts.profiles(ids), countryName, signedUrl: (ref) => uploads.signedUrl(ref) }),
      ],
    });
    registerPaymentRoutes(app, { recharges, translator, secret: env.PAYMENT_CALLBACK_SECRET, simulator: provider !== undefined });
    // ---- static apps --------------------------------------------------------------------------
    const storeServed = await registerStaticApps(app, {
      platformTimeZone: env.PLATFORM_TIMEZONE,
      ...(deps.storeDir ? { storeDir: deps.storeDir } : {}),
      ...(deps.consoleDir ? { consoleDir: deps.consoleDir } : {}),
      ...(deps.sellerDir ? { sellerDir: deps.sellerDir } : {}),
      ...(deps.chatSocket ? { chatSocket: deps.chatSocket } : {}),
      serverRender: {
        clock,
        cache: env.CATALOG_MICRO_CACHE,
        // the visitor of a page-session cookie, as the gateway would authenticate them
        session: async (token) => {
          const result = await sessions.authenticate(token);
          return result.ok ? { token, user: { username: result.user.username, usercode: result.user.usercode } } : null;
        },
        ...(deps.storeServerDir ? { dir: deps.storeServerDir } : {}),
      },
    });
    if (!storeServed) app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect('/docs'));
  }

  // ---- gateway and routes -------------------------------------------------------------------
  const { table, pending } = completeActionTable(actions);
  registerHealthRoutes(app, { db, lifecycle, ...(deps.redis ? { redis: deps.redis } : {}) });
  const ledgerCounts = new TtlCache<Map<string, number>>(clock, LEDGER_COUNTS_TTL_MS, 1);
  metrics.attach({
    queueDepth: () => scheduler.depth(),
    ledgerTransfers: () => ledgerCounts.get('all', () => ledgerRepository.countTransfersByKind(db)),
    pool: () => ({ total: db.$client.totalCount, idle: db.$client.idleCount, waiting: db.$client.waitingCount }),
  });
  // a worker serves only the health and metrics routes
  if (role === 'serve') await registerServedRoutes();

  return {
    app,
    services: {
      clock,
      audit,
      settings,
      accounts,
      sessions,
      content,
      uploads,
      categories,
      goods,
      shops,
      favorites,
      addresses,
      reviews,
      ledger,
      ledgerRepository,
      wallet,
      recharges,
      withdrawals,
      idempotency,
      operators,
      operatorAdmin,
      categoryAdmin,
      goodsAdmin,
      banners,
      information,
      activities,
      checkout,
      payments,
      orders,
      fulfilment,
      orderReviews,
      refunds,
      sellerOrders,
      loans,
      loanReview,
      loanRepayments,
      chat,
      chatInbox,
      listings,
      settleIn,
      kyc,
      sellerPanel,
      sellerFigures,
      bus,
      scheduler,
      limiter,
      translator,
    },
    pendingCalls: pending,
    actions: table,
    routes,
    metrics,
    lifecycle,
  };
}
