import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import { DEFAULT_LIST_WIDTH } from "./list-preferences.contract.ts";
import { registerListPreferencesHandlers } from "./list-preferences.handlers.ts";
import { TicketListPreferences } from "./list-preferences.ts";

/** The ticket-list width: its route, and the field every answer of a user carries. */
export function registerListPreferences(ctx: PluginContext): void {
  const preferences = new TicketListPreferences(ctx.db, ctx.userAnswers);
  ctx.userAnswers.extend({ defaults: { defaultTicketsManagerWidth: DEFAULT_LIST_WIDTH }, load: (rows) => preferences.load(rows) });
  registerListPreferencesHandlers(ctx.router, preferences);
}
