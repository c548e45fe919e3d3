import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import { UserFarewellMessages } from "./farewell-messages.ts";

/**
 * The user's own farewell: the service the users plugin writes it through, and the field every
 * answer of a user carries (`farewellMessage`, "" for none). The farewell on resolve reads the
 * same table (tickets/ticket-automatic-texts.ts).
 */
export function registerFarewellMessages(ctx: PluginContext): void {
  const farewells = new UserFarewellMessages(ctx.db);
  ctx.services.provide("tickets.setFarewellMessage", (companyId, userId, message, tx) => farewells.set(companyId, userId, message, tx));
  ctx.userAnswers.extend({ defaults: { farewellMessage: "" }, load: (rows) => farewells.load(rows) });
}
