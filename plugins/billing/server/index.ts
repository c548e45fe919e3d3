import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";
import { migrations } from "../schema/migrations/migrations.gen.ts";
import "../../companies/server/companies.contract.ts";
import "../../settings/server/settings.contract.ts";
import "./billing.contract.ts";
import { registerBillingHandlers } from "./billing.handlers.ts";
import { PaymentFeed } from "./billing.realtime.ts";
import { CheckoutService } from "./checkout/checkout.service.ts";
import { customPlanLimits } from "./invoices/custom-plan-limits.ts";
import { utcToday } from "./invoices/invoice-values.ts";
import { InvoicesService } from "./invoices/invoices.service.ts";
import { SubscriptionService } from "./invoices/subscription.service.ts";
import { EFI_WEBHOOK_TOKEN_KEY, ProviderRegistry } from "./providers/registry.ts";
import { RENEW_JOB, Renewals, type RenewPayload } from "./renewal.ts";
import { PaymentsService } from "./webhooks/payments.service.ts";

export const SWEEP_JOB = "sweep";
/** Every hour the day's sweep is enqueued; its dedupe key lets it run once a day, on one node. */
const SWEEP_PATTERN = "0 * * * *";

export default defineServerPlugin({
  manifest,
  migrations,
  setup(ctx) {
    // Kept under the platform company, read by nobody through the API (not in the settings catalogue).
    ctx.settings.declareGlobal({ key: EFI_WEBHOOK_TOKEN_KEY, default: "", superOnly: true });
    const invoices = new InvoicesService(ctx.db);
    // A paid custom plan's users and connections replace the plan's for the period paid for.
    ctx.planLimits.override((companyId, db) => customPlanLimits(invoices, companyId, db));
    PaymentFeed.rooms(ctx.realtime);
    const registry = new ProviderRegistry(ctx.settings, ctx.config, ctx.services.require("settings.certificatePath"), ctx.services.require("settings.platformValue"), ctx.log);
    const renewals = new Renewals({
      db: ctx.db,
      jobs: ctx.jobs,
      invoices,
      renewCompany: ctx.services.require("companies.renew"),
      access: ctx.companyAccess,
      feed: new PaymentFeed(ctx.realtime),
      bus: ctx.bus,
      log: ctx.log,
    });
    const payments = new PaymentsService(ctx.db, registry, invoices, renewals, ctx.log);
    registerBillingHandlers(
      ctx.router,
      { invoices, subscription: new SubscriptionService(ctx.db, invoices), checkout: new CheckoutService(ctx.db, invoices, registry, ctx.log), payments },
      ctx.config,
    );

    ctx.jobs.define<RenewPayload>(RENEW_JOB, async ({ payload }) => {
      await renewals.apply(payload);
    });
    ctx.jobs.define(SWEEP_JOB, async () => {
      await invoices.sweep();
    });
    const enqueueSweep = () => ctx.jobs.enqueue(SWEEP_JOB, {}, { dedupeKey: `billing.sweep:${utcToday()}` });
    ctx.jobs.schedule("daily", SWEEP_PATTERN, enqueueSweep);
    ctx.onStart(enqueueSweep);
    // Every change to a company (created, plan, recurrence, due date, status) reaches the access
    // cache first; its invoice follows. Best effort: the daily sweep corrects anything missed.
    ctx.companyAccess.onChange(async ({ companyId }) => {
      await invoices.sync(companyId);
    });
  },
});
