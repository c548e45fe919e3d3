import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { CAMPAIGNS_ENABLED_DEFAULT, CAMPAIGNS_ENABLED_SETTING } from "../campaigns.contract.ts";
import { manifest } from "../plugin.ts";
import { migrations } from "../schema/migrations/migrations.gen.ts";
import { INBOUND_PRIORITY } from "../../tickets/server/bot.contract.ts";
import { CampaignFeeds } from "./campaigns.realtime.ts";
import { CampaignReports } from "./campaigns/campaign-report.ts";
import { CampaignViews } from "./campaigns/campaign-views.ts";
import { registerCampaignHandlers } from "./campaigns/campaigns.handlers.ts";
import { CampaignsService } from "./campaigns/campaigns.service.ts";
import { registerContactListHandlers } from "./lists/contact-lists.handlers.ts";
import { ContactListsService } from "./lists/contact-lists.service.ts";
import { NumberChecks } from "./lists/number-check.ts";
import { CampaignSettingsStore } from "./settings/campaign-settings.ts";
import { OptOut } from "./opt-out/opt-out.ts";
import { registerSuppressionHandlers } from "./opt-out/suppressions.handlers.ts";
import { SuppressionsService } from "./opt-out/suppressions.service.ts";
import { CampaignRunner } from "./shipping/campaign-runner.ts";
import "../../connections/server/connections.contract.ts";
import "../../contacts/server/contacts.contract.ts";
import "../../tags/server/tags.contract.ts";
import "../../tickets/server/tickets.contract.ts";

/**
 * Contact lists, campaign settings and campaigns (routes gated by `useCampaigns`), the
 * runner's jobs (`campaigns.start`, `campaigns.ship`) and the confirmation step after every
 * inbound message. Also declares the company setting `campaignsEnabled` (migration 0000).
 */
export default defineServerPlugin({
  manifest,
  migrations,
  setup(ctx) {
    ctx.settings.declareCompany({ key: CAMPAIGNS_ENABLED_SETTING, default: CAMPAIGNS_ENABLED_DEFAULT });
    const feeds = new CampaignFeeds(ctx.realtime);
    const views = new CampaignViews(ctx.db);
    const settings = new CampaignSettingsStore(ctx.db);
    const runner = new CampaignRunner({
      db: ctx.db,
      writes: ctx.writes,
      jobs: ctx.jobs,
      services: ctx.services,
      planFeatures: ctx.planFeatures,
      settings,
      views,
      feeds,
      log: ctx.log,
    });
    runner.define();
    const optOut = new OptOut({ db: ctx.db, jobs: ctx.jobs, services: ctx.services, settings, log: ctx.log });
    optOut.define();
    // Registered before the {id} routes of /contact-lists: its static paths answer first.
    const checks = new NumberChecks({ db: ctx.db, jobs: ctx.jobs, services: ctx.services, feeds, log: ctx.log });
    checks.define();
    registerContactListHandlers(ctx.router, new ContactListsService(ctx.db, feeds, checks, ctx.services));
    registerCampaignHandlers(ctx.router, new CampaignsService(ctx.db, ctx.services, ctx.storage, views, feeds, runner), new CampaignReports(ctx.db, views), settings);
    registerSuppressionHandlers(ctx.router, new SuppressionsService(ctx.db));
    // Both observe and never claim (the conversation goes on as usual). The opt-out step is
    // added first, so a stop word answered to a confirmation request skips the row before the
    // confirmation step could take it as a "yes".
    ctx.services.require("tickets.afterInbound")((stored) => optOut.step(stored), { priority: INBOUND_PRIORITY.observe });
    ctx.services.require("tickets.afterInbound")((stored) => runner.confirmStep(stored), { priority: INBOUND_PRIORITY.observe });
    // Per-variant figures: replies (after-inbound, before the message's unit commits) and reads (the ack event).
    ctx.services.require("tickets.afterInbound")((stored) => runner.replyStep(stored), { priority: INBOUND_PRIORITY.observe });
    ctx.bus.on("tickets.message.acked", (e) => runner.markRead(e));
  },
});
