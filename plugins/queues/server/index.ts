import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";
import { migrations } from "../schema/migrations/migrations.gen.ts";
import { BotQueues } from "./bot-queues.ts";
import { ChatbotsService } from "./chatbots.service.ts";
import "./queues.contract.ts";
import { ReferenceRegistry } from "./reference-registry.ts";
import "./references.contract.ts";
import { registerQueuesHandlers } from "./queues.handlers.ts";
import { QueuesService } from "./queues.service.ts";
import { UserQueuesService, withUserQueueLink } from "./user-queues.service.ts";

export default defineServerPlugin({
  manifest,
  migrations,
  setup(ctx) {
    const botQueues = new BotQueues(ctx.db);
    // Integrations, file lists, flows and prompts are other plugins': they register their kinds here.
    const references = new ReferenceRegistry();
    ctx.services.provide("queues.registerReference", (kind, provider) => references.register(kind, provider));
    ctx.services.provide("queues.referenceExists", (companyId, kind, id) => references.exists(companyId, kind, id));
    ctx.services.provide("queues.referenceKinds", () => references.kinds());
    // Every queue or chatbot write emits `company-{id}-queue`: the bot's cache drops with it.
    const queues = new QueuesService(ctx.db, botQueues.dropping(ctx.realtime), ctx.settings, new ChatbotsService(ctx.db, references), ctx.planLimits, references);
    registerQueuesHandlers(ctx.router, queues, references);
    ctx.services.provide("queues.forBot", (companyId) => botQueues.forBot(companyId));
    const userQueues = new UserQueuesService(ctx.db);
    ctx.services.provide("queues.usersOf", (companyId, queueId) => userQueues.usersOf(companyId, queueId));
    ctx.services.provide("queues.setUserQueues", (companyId, userId, queueIds, tx) => userQueues.set(companyId, userId, queueIds, tx));
    ctx.services.provide("queues.ofUser", (userId) => userQueues.ofUser(userId));
    // The session user (login, refresh, /auth/me) carries the queues the person works, each
    // with the link row spec clients read (`queue.UserQueue.queueId`).
    ctx.sessionUsers.extend(async (u) => ({ queues: withUserQueueLink(u.id, await userQueues.ofUser(u.id)) }));
  },
});
