import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../../core/http/env.ts";
import { defineServerPlugin } from "../../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";
import { migrations } from "../schema/migrations/migrations.gen.ts";
import * as r from "./cards.routes.ts";
import { CardsService, STAMP_JOB } from "./cards.service.ts";
import { registerReport } from "./report.ts";
import { defineReminders } from "./reminders.ts";
import type {} from "../../../../plugins/queues/server/references.contract.ts";
import { echoHandOver } from "./echo-hand-over.ts";

/** Thin handlers: the company always comes from the token. */
function registerHandlers(router: OpenAPIHono<AppEnv>, cards: CardsService) {
  router.openapi(r.board, async (c) => c.json({ cards: await cards.list(c.get("user").companyId) }, 200));
  router.openapi(r.show, async (c) => c.json(await cards.get(c.get("user").companyId, c.req.valid("param").id), 200));
  router.openapi(r.create, async (c) => c.json(await cards.create(c.get("user").companyId, c.req.valid("json").title), 200));
}

export default defineServerPlugin({
  manifest,
  migrations,
  setup(ctx) {
    const cards = new CardsService(ctx.db, ctx.jobs, ctx.bus, ctx.realtime);
    ctx.jobs.define<{ cardId: number }>(STAMP_JOB, async ({ companyId, payload }) => cards.stamp(companyId!, payload.cardId));
    // Before the cards' routes: /scratch-board/{id} would take /scratch-board/report.
    registerReport(ctx);
    defineReminders(ctx.jobs, cards);
    registerHandlers(ctx.router, cards);
    ctx.services.require("automation.registerHandOver")(echoHandOver());
    // An "Integração" option names one of the company's cards: the echo answers as that card.
    ctx.services.require("queues.registerReference")("integration", { exists: (companyId, id) => cards.exists(companyId, id) });
  },
});
