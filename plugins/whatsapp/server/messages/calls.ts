import type { BaileysEventMap } from "@whiskeysockets/baileys";
import type { Logger } from "../../../../core/log.ts";
import type { Services } from "../../../../core/plugin/services.ts";
import type { SettingsService } from "../../../../core/settings/settings.ts";
import type {} from "../../../channels/inbound.contract.ts";
import type { LiveSession } from "../session/session-registry.ts";
import { BoundedMap } from "./bounded.ts";
import type { OwnEchoes } from "./echoes.ts";
import { personNumber } from "./identity.ts";
import type { LidMap } from "./lid-map.ts";
import { notices } from "./notices.ts";

/**
 * Voice and video calls (spec 001: company settings acceptCallWhatsapp and
 * AcceptCallWhatsappMessage). With calls not accepted, an incoming call is rejected, the
 * caller receives the company's message, and the ticket shows a `call_log` notice plus the
 * message sent, so attendants see that someone tried to call. With calls accepted the
 * phone rings as usual and nothing is stored.
 */
export class CallHandler {
  /** WhatsApp may report one offer more than once (offline delivery): each call is handled once. */
  private handled = new BoundedMap<string, true>(5_000, 60 * 60_000);

  constructor(
    private services: Services,
    private settings: SettingsService,
    private lids: LidMap,
    private echoes: OwnEchoes,
    private log: Logger,
  ) {}

  async onCalls(session: LiveSession, calls: BaileysEventMap["call"]): Promise<void> {
    for (const call of calls) {
      if (call.status !== "offer" || call.isGroup || !call.id || !call.from) continue;
      const once = `${session.whatsappId}:${call.id}`;
      if (this.handled.has(once)) continue;
      this.handled.set(once, true);
      if ((await this.settings.companyOne(session.companyId, "acceptCallWhatsapp")) !== "disabled") continue;
      await this.reject(session, call);
    }
  }

  private async reject(session: LiveSession, call: BaileysEventMap["call"][number]): Promise<void> {
    const { companyId, whatsappId, socket } = session;
    try {
      await socket.rejectCall(call.id, call.from);
    } catch (err) {
      this.log.warn(`whatsapp: rejecting call ${call.id} on connection ${whatsappId} failed`, err);
    }
    const receive = this.services.require("tickets.receive");
    const number = await personNumber(this.lids, companyId, call.from, call.callerPn);
    const at = call.date instanceof Date && Number.isFinite(call.date.getTime()) ? call.date.getTime() : Date.now();
    const logged = await receive({
      companyId,
      whatsappId,
      providerId: `call-${call.id}`,
      from: { number },
      body: notices.callRejected(!!call.isVideo),
      mediaType: "call_log",
      data: { callId: call.id, isVideo: !!call.isVideo, status: "rejected", at: new Date(at).toISOString() },
    });
    const raw = (await this.settings.companyOne(companyId, "AcceptCallWhatsappMessage"))?.trim();
    if (!raw) return;
    // Like every automatic text, with the message variables filled for the caller's ticket.
    const text = await this.services.require("tickets.fillVariables")(companyId, logged.ticket.id, raw);
    const sent = await socket.sendMessage(call.from, { text });
    const id = sent?.key?.id;
    if (!id) return;
    this.echoes.mark(whatsappId, "send", id);
    // Stored as the company's answer, so the conversation shows what the caller was told.
    await receive({ companyId, whatsappId, providerId: id, from: { number }, body: text, fromMe: true });
  }
}
