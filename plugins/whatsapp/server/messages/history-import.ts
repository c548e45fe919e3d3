import type { BaileysEventMap, WAMessage } from "@whiskeysockets/baileys";
import type { Logger } from "../../../../core/log.ts";
import type { Services } from "../../../../core/plugin/services.ts";
import type { Realtime } from "../../../../core/realtime/realtime.ts";
import type { ConnectionRow } from "../../../connections/server/connections.contract.ts";
import type { LiveSession } from "../session/session-registry.ts";
import { KeyedQueue } from "./bounded.ts";
import type { ImportedTickets } from "./imported-tickets.ts";
import type { InboundPipeline } from "./inbound.ts";
import { isGroupJid, isIgnoredChat } from "./jid.ts";
import type { LidMap } from "./lid-map.ts";
import { millisOf } from "./wa-constants.ts";

/** Without a completion signal, an import is over once WhatsApp sent nothing for this long. */
export const IMPORT_IDLE_MS = 2 * 60_000;
/** Progress events at most every this many messages (plus one per chunk and the last). */
const PROGRESS_EVERY = 25;

interface Run {
  /** Tickets created from here on were opened by the import. */
  startedAt: number;
  done: number;
  all: number;
  /** Tickets already recorded as imported (a ticket of 2,000 messages is written once). */
  recorded: Set<number>;
  idle?: ReturnType<typeof setTimeout>;
}

export interface HistoryImportDeps {
  services: Services;
  realtime: Realtime;
  log: Logger;
  /** The connection as stored now (the connections plugin caches and invalidates it). */
  connection: (companyId: number, whatsappId: number) => Promise<ConnectionRow | null>;
  inbound: InboundPipeline;
  imported: ImportedTickets;
  lids: LidMap;
  idleMs?: number;
}

/** The window of the connection's import settings; a date without a time covers its whole day. */
export function importWindow(connection: Pick<ConnectionRow, "importOldMessages" | "importRecentMessages">, now = Date.now()): { from: number; to: number } {
  const old = connection.importOldMessages ? Date.parse(connection.importOldMessages) : Number.NaN;
  const recentText = connection.importRecentMessages ?? "";
  let recent = recentText ? Date.parse(recentText) : Number.NaN;
  if (Number.isFinite(recent) && /^\d{4}-\d{2}-\d{2}$/.test(recentText.trim())) recent += 24 * 60 * 60_000 - 1;
  return { from: Number.isFinite(old) ? old : 0, to: Number.isFinite(recent) ? recent : now };
}

/**
 * History import (spec 001 §2, connection fields enableImportMessage, importOldMessages,
 * importRecentMessages, importOldMessagesGroups, closedTicketsPostImported): the messages
 * WhatsApp sends on pairing (`messaging-history.set`, in chunks) that lie in the window
 * are stored through `tickets.receive` with their own time (idempotent: a message already
 * stored stays one). Tickets the import opened are recorded for `POST /closedimported/{id}`.
 * Progress goes to `importMessages-{companyId}`; the connection's statusImportMessages is
 * "Running" meanwhile and "Finished" at the end (WhatsApp's last chunk, its completion
 * status, or silence for IMPORT_IDLE_MS).
 */
export class HistoryImport {
  private queue = new KeyedQueue();
  private runs = new Map<number, Run>();

  constructor(private deps: HistoryImportDeps) {}

  onHistory(session: LiveSession, event: BaileysEventMap["messaging-history.set"]): Promise<void> {
    return this.queue.run(String(session.whatsappId), () => this.chunk(session, event));
  }

  onStatus(session: LiveSession, event: BaileysEventMap["messaging-history.status"]): Promise<void> {
    if (event.status !== "complete") return Promise.resolve();
    return this.queue.run(String(session.whatsappId), () => this.finish(session));
  }

  /** Resolves once every chunk received so far is imported (tests, shutdown). */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  private async chunk(session: LiveSession, event: BaileysEventMap["messaging-history.set"]): Promise<void> {
    for (const pair of event.lidPnMappings ?? []) await this.deps.lids.learn(session.companyId, pair.lid, pair.pn);
    const connection = await this.deps.connection(session.companyId, session.whatsappId);
    if (!connection?.enableImportMessage) return;
    const picked = this.pick(connection, event.messages ?? []);
    let run = this.runs.get(session.whatsappId);
    if (!run && picked.length) run = await this.start(session);
    if (!run) return;
    if (run.idle) clearTimeout(run.idle);
    run.all += picked.length;
    this.progress(session.companyId, session.whatsappId, run, "running");
    for (const message of picked) {
      await this.importOne(session, connection, run, message);
      run.done += 1;
      if (run.done % PROGRESS_EVERY === 0) this.progress(session.companyId, session.whatsappId, run, "running");
    }
    this.progress(session.companyId, session.whatsappId, run, "running");
    if ((event.progress ?? 0) >= 100) return this.finish(session);
    const idle = setTimeout(() => void this.queue.run(String(session.whatsappId), () => this.finish(session)), this.deps.idleMs ?? IMPORT_IDLE_MS);
    (idle as { unref?: () => void }).unref?.();
    run.idle = idle;
  }

  /** The chunk's messages in the window (groups only when asked), oldest first so each ticket ends on its latest message. */
  private pick(connection: ConnectionRow, messages: WAMessage[]): WAMessage[] {
    const { from, to } = importWindow(connection);
    return messages
      .filter((m) => {
        const jid = m.key?.remoteJid;
        const at = millisOf(m.messageTimestamp);
        if (!jid || !m.key.id || isIgnoredChat(jid) || at === undefined) return false;
        if (isGroupJid(jid) && !connection.importOldMessagesGroups) return false;
        return at >= from && at <= to;
      })
      .sort((a, b) => (millisOf(a.messageTimestamp) ?? 0) - (millisOf(b.messageTimestamp) ?? 0));
  }

  private async importOne(session: LiveSession, connection: ConnectionRow, run: Run, message: WAMessage): Promise<void> {
    try {
      const results = await this.deps.inbound.store(session, message, { groups: connection.importOldMessagesGroups, history: true, queueId: connection.queueIdImportMessages });
      for (const { ticket } of results) {
        if (run.recorded.has(ticket.id) || Date.parse(ticket.createdAt) < run.startedAt) continue;
        await this.deps.imported.record(session.companyId, session.whatsappId, ticket.id);
        run.recorded.add(ticket.id);
      }
    } catch (err) {
      // One bad message never stops an import.
      this.deps.log.error(`whatsapp: importing message ${message.key.id} on connection ${session.whatsappId} failed`, err);
    }
  }

  private async start(session: LiveSession): Promise<Run> {
    const run: Run = { startedAt: Date.now(), done: 0, all: 0, recorded: new Set() };
    this.runs.set(session.whatsappId, run);
    await this.setStatus(session, "Running");
    return run;
  }

  private async finish(session: LiveSession): Promise<void> {
    const run = this.runs.get(session.whatsappId);
    if (!run) return;
    this.runs.delete(session.whatsappId);
    if (run.idle) clearTimeout(run.idle);
    const connection = await this.deps.connection(session.companyId, session.whatsappId);
    if (connection?.closedTicketsPostImported) {
      try {
        await this.deps.imported.closeAll(session.companyId, session.whatsappId);
      } catch (err) {
        this.deps.log.error(`whatsapp: closing imported tickets of connection ${session.whatsappId} failed`, err);
      }
    }
    await this.setStatus(session, "Finished");
    this.progress(session.companyId, session.whatsappId, run, "finished");
  }

  private progress(companyId: number, whatsappId: number, run: Run, state: "running" | "finished"): void {
    this.deps.realtime.emit(companyId, `importMessages-${companyId}`, { action: "update", whatsappId, status: { this: run.done, all: run.all, state } });
  }

  private async setStatus(session: LiveSession, statusImportMessages: "Running" | "Finished"): Promise<void> {
    try {
      await this.deps.services.require("connections.setStatus")(session.companyId, session.whatsappId, { statusImportMessages });
    } catch (err) {
      // The connection was deleted meanwhile: nothing to show the status on.
      this.deps.log.warn(`whatsapp: import status of connection ${session.whatsappId} not recorded`, err);
    }
  }
}
