import type { PluginContext } from "../../../core/plugin/server-plugin.ts";
import type {} from "../../channels/channel-driver.contract.ts";
import type {} from "../../companies/server/companies.contract.ts";
import type { ConnectionRow } from "../../connections/server/connections.contract.ts";
import type {} from "../../contacts/server/contacts.contract.ts";
import { isOpenAt, type OfficeHours } from "../../office-hours/office-hours.contract.ts";
import type { BotQueueDefinition, ChatbotOption } from "../../queues/server/queues.contract.ts";
import type { TicketRow } from "../../tickets/server/tickets.contract.ts";
import { BOT_HOLDER } from "../../tickets/shared/holder.contract.ts";
import type { BotState } from "./engine/bot-state.ts";
import type { HandOverRegistry } from "./hand-over/hand-over-registry.ts";
import type { BotOption, BotQueue, BotSettings, Calendar, HoursScope, Snapshot } from "./engine/snapshot.ts";
import { localDate } from "../../../core/time/index.ts";

/**
 * The server's zone (`TZ`): the product keeps no per-company time zone. Read once per value
 * of `TZ`: building a DateTimeFormat costs far more than a bot turn's other arithmetic.
 */
let zone: { tz: string | undefined; name: string } | null = null;
export const serverTimeZone = () => {
  if (!zone || zone.tz !== process.env.TZ) zone = { tz: process.env.TZ, name: Intl.DateTimeFormat().resolvedOptions().timeZone };
  return zone.name;
};

/** An option of the queues plugin's shared schema as the engine reads it: without its place in the tree. */
const option = ({ queueId: _queue, parentId: _parent, position: _position, options, ...fields }: ChatbotOption): BotOption => ({ ...fields, options: options.map(option) });

const queue = (q: BotQueueDefinition): BotQueue => ({
  id: q.id,
  name: q.name,
  greetingMessage: q.greetingMessage,
  outOfHoursMessage: q.outOfHoursMessage,
  closeTicket: q.closeTicket,
  rotation: q.ativarRoteador,
  fileListId: q.fileListId,
  integrationId: q.integrationId,
  options: q.options.map(option),
});

const oneOf = <T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T => (allowed.includes(value as T) ? (value as T) : fallback);

/** What a bot turn needs besides the engine's snapshot: the rows it was built from. */
export interface Built {
  snapshot: Snapshot;
  connection: ConnectionRow;
  queues: BotQueueDefinition[];
}

/**
 * Builds the engine's snapshot of one ticket from the plugins that own each part: the
 * connection and its queues (connections), the queues with their trees (queues, cached),
 * the contact, the company settings, the driver's capabilities, the registered hand-over
 * providers and the office hours, read in the server's time zone. Null when the connection or contact is gone.
 */
export async function buildSnapshot(ctx: PluginContext, handOvers: HandOverRegistry, ticket: TicketRow, state: BotState | null, now: number): Promise<Built | null> {
  const s = ctx.services;
  const { companyId } = ticket;
  const [connection, queueIds, contact, queues, settings] = await Promise.all([
    s.require("connections.get")(companyId, ticket.whatsappId),
    s.require("connections.queueIds")(companyId, ticket.whatsappId),
    s.require("contacts.get")(companyId, ticket.contactId),
    s.require("queues.forBot")(companyId),
    ctx.settings.companyAll(companyId),
  ]);
  if (!connection || !contact) return null;
  const served = new Set(queueIds);
  const driver = s.require("channels.driverFor")(ticket.channel);
  const botSettings: BotSettings = {
    scheduleType: oneOf(settings.scheduleType, ["disabled", "queue", "company", "connection"] as const, "disabled"),
    chatBotType: oneOf(settings.chatBotType, ["text", "list", "button"] as const, "text"),
    sendGreetingMessageOneQueues: settings.sendGreetingMessageOneQueues !== "disabled",
    sendQueuePosition: settings.sendQueuePosition === "enabled",
    sendQueuePositionMessage: settings.sendQueuePositionMessage ?? "",
    directTicketsToWallets: settings.DirectTicketsToWallets === "enabled",
    lgpd: { enabled: settings.enableLGPD === "enabled", consent: settings.lgpdConsent === "enabled", message: settings.lgpdMessage ?? "", link: settings.lgpdLink ?? "" },
  };
  const timeZone = serverTimeZone();
  const companyWeek = botSettings.scheduleType === "company" ? await s.require("companies.officeHours")(companyId) : [];
  const weekOf = (scope: HoursScope): OfficeHours[] | null => {
    if (scope.kind === "company") return companyWeek;
    if (scope.kind === "connection") return connection.schedules;
    return queues.find((q) => q.id === scope.queueId)?.schedules ?? null;
  };
  const calendar: Calendar = {
    now,
    today: localDate(now, timeZone),
    // A scope with no week saved (or a queue gone) never closes the bot.
    isOpen: (scope, at) => {
      const week = weekOf(scope);
      return !week?.length || isOpenAt(week, new Date(at), timeZone);
    },
  };
  const snapshot: Snapshot = {
    ticket: {
      id: ticket.id,
      status: ticket.status,
      queueId: ticket.queueId,
      userId: ticket.userId,
      isBot: ticket.holder === BOT_HOLDER,
      isGroup: ticket.isGroup,
      holder: ticket.holder,
    },
    // The wallet owner the contacts plugin keeps (README "Wallets"): it applies when DirectTicketsToWallets is enabled.
    contact: { disableBot: contact.disableBot, walletUserId: contact.walletUserId, lgpdAcceptedAt: contact.lgpdAcceptedAt },
    connection: {
      greetingMessage: connection.greetingMessage,
      greetingMedia: connection.greetingMediaAttachment,
      outOfHoursMessage: connection.outOfHoursMessage,
      // forBot answers in the queue list's order (`orderQueue`, then id): the menu's numbering.
      queueIds: queues.filter((q) => served.has(q.id)).map((q) => q.id),
      maxUseBotQueues: connection.maxUseBotQueues,
      timeUseBotQueues: connection.timeUseBotQueues,
      timeSendQueue: connection.timeSendQueue,
      sendIdQueue: connection.sendIdQueue,
      groupAsTicket: connection.groupAsTicket === "enabled",
      collectiveVacation: { start: connection.collectiveVacationStart, end: connection.collectiveVacationEnd, message: connection.collectiveVacationMessage },
      ratingMessage: connection.ratingMessage,
      maxUseBotQueuesNPS: connection.maxUseBotQueuesNPS,
      complationMessage: connection.complationMessage,
    },
    queues: queues.map(queue),
    settings: botSettings,
    channel: { list: driver?.list === true, buttons: driver?.buttons === true },
    // The registered hand-over providers: an option of a kind nobody registered is not offered.
    providers: { integration: handOvers.has("integration"), file: handOvers.has("file") },
    calendar,
    state,
  };
  return { snapshot, connection, queues };
}
