import type { UserRow } from "../../../../core/db/rows.ts";
import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import type {} from "../../../connections/server/connections.contract.ts";
import type { TicketRow } from "../tickets.contract.ts";
import { UserFarewellMessages } from "../preferences/farewell-messages.ts";

/**
 * Which automatic text a ticket transition sends to the customer, if any (spec 000 §4;
 * 001 §3 Connection, Company settings and User). Answers the raw text (variables are filled
 * by the MessageSender against the ticket as it is when sent) or null for "say nothing".
 *
 * Decisions where the spec is silent:
 * - Farewell: the closing user's own `farewellMessage` (this plugin's `user_farewell_messages`,
 *   see preferences/farewell-messages.ts) wins over the connection's
 *   `complationMessage`. Never to a group (the group chat goes on; one goodbye would reach
 *   everybody in it). Closing a pending ticket (ignore) has no farewell choice in the web, so
 *   there `sendFarewellWaitingTicket` alone decides. Bulk closes (close all, imported
 *   history) and the bot's own close send none: they are housekeeping, and the bot says what
 *   its flow says.
 * - Accept greeting and transfer notice reach a group only when its connection treats groups
 *   as tickets (`groupAsTicket`), as spec 000 §4 says for the accept greeting.
 */
export class LifecycleTexts {
  private farewells: UserFarewellMessages;

  constructor(private ctx: PluginContext) {
    this.farewells = new UserFarewellMessages(ctx.db);
  }

  /** The goodbye when `closer` closes `ticket`; `asked` is the resolve dialog's choice (sendFarewellMessage). */
  async farewell(closer: UserRow, ticket: TicketRow, asked: boolean): Promise<string | null> {
    if (ticket.isGroup) return null;
    const wanted = ticket.status === "pending" ? (await this.ctx.settings.companyOne(ticket.companyId, "sendFarewellWaitingTicket")) === "enabled" : asked;
    if (!wanted) return null;
    const own = await this.farewells.of(closer.id);
    if (own.trim()) return own;
    const connection = await this.ctx.services.require("connections.get")(ticket.companyId, ticket.whatsappId);
    return connection?.complationMessage.trim() ? connection.complationMessage : null;
  }

  /**
   * The rating question when a resolve asks for it (issue 14): the company's userRating is
   * enabled and the connection has a ratingMessage. Never to a group (nobody there answers for
   * one customer). An unset `expiresTicketNPS` is 24 hours in the expiry sweep, so a ticket
   * never waits for its rating forever.
   */
  async ratingQuestion(ticket: TicketRow): Promise<string | null> {
    if (ticket.isGroup) return null;
    if ((await this.ctx.settings.companyOne(ticket.companyId, "userRating")) !== "enabled") return null;
    const connection = await this.ctx.services.require("connections.get")(ticket.companyId, ticket.whatsappId);
    return connection?.ratingMessage.trim() ? connection.ratingMessage : null;
  }

  /** greetingAcceptedMessage after an accept, when sendGreetingAccepted is enabled. */
  async acceptGreeting(ticket: TicketRow): Promise<string | null> {
    if ((await this.ctx.settings.companyOne(ticket.companyId, "sendGreetingAccepted")) !== "enabled") return null;
    if (!(await this.reachesGroup(ticket))) return null;
    return this.setting(ticket.companyId, "greetingAcceptedMessage");
  }

  /**
   * transferMessage when sendMsgTransfTicket is enabled and the transfer changed the queue or
   * the attendant; sent on the ticket as it is after the transfer, so `{{queue}}`/`{{user}}`
   * name the target.
   */
  async transferNotice(before: TicketRow, after: Pick<TicketRow, "queueId" | "userId">): Promise<string | null> {
    if (before.queueId === after.queueId && before.userId === after.userId) return null;
    if ((await this.ctx.settings.companyOne(before.companyId, "sendMsgTransfTicket")) !== "enabled") return null;
    if (!(await this.reachesGroup(before))) return null;
    return this.setting(before.companyId, "transferMessage");
  }

  /** closeTicketOnTransfer: a transfer closes the ticket and opens a new one in the target queue. */
  async closesOnTransfer(companyId: number): Promise<boolean> {
    return (await this.ctx.settings.companyOne(companyId, "closeTicketOnTransfer")) === "true";
  }

  private async reachesGroup(ticket: TicketRow): Promise<boolean> {
    if (!ticket.isGroup) return true;
    const connection = await this.ctx.services.require("connections.get")(ticket.companyId, ticket.whatsappId);
    return connection?.groupAsTicket === "enabled";
  }

  private async setting(companyId: number, column: string): Promise<string | null> {
    const text = (await this.ctx.settings.companyOne(companyId, column)) ?? "";
    return text.trim() ? text : null;
  }
}
