import { and, eq } from "drizzle-orm";
import type { Db } from "../../../../core/db/database.ts";
import type { UserRow } from "../../../../core/db/rows.ts";
import { AppError } from "../../../../core/errors.ts";
import type { Logger } from "../../../../core/log.ts";
import { OutboundRefusedError, type OutboundGuard } from "../../../../core/net/outbound-guard.ts";
import { PLATFORM_COMPANY_ID, type SettingsService } from "../../../../core/settings/settings.ts";
import type { Storage } from "../../../../core/storage/storage.ts";
import { messages, tickets } from "../../schema/tables.ts";
import type { TicketReader } from "../tickets-internals.ts";

/**
 * Company settings of the audio transcription (an OpenAI-compatible speech-to-text API:
 * `POST {url}/audio/transcriptions`, multipart `file` + `model`, bearer key). They are
 * declared with the kernel's settings store but kept out of the settings plugin's
 * catalogue, so GET /settings never returns the key to anybody. Without a company key
 * the platform's `openaikeyaudio` (a super-user-only setting) is used.
 */
export const TRANSCRIPTION_SETTINGS = [
  { key: "transcriptionApiUrl", default: "" },
  { key: "transcriptionApiKey", default: "" },
  { key: "transcriptionModel", default: "whisper-1" },
] as const;

/** Used when a company names a key but no address. */
export const DEFAULT_TRANSCRIPTION_URL = "https://api.openai.com/v1";
const TIMEOUT_MS = 60_000;

const UNEXPECTED = () => new AppError("ERR_VALIDATION", { fields: { file: "unexpected audio URL format" } });

/** Transcribes a received audio message of the caller's company (spec 000 §5). */
export class Transcriber {
  constructor(
    private db: Db,
    private settings: SettingsService,
    private storage: Storage,
    private reader: TicketReader,
    private log: Logger,
    /** The kernel's SSRF guard (ctx.outbound): the URL is the company's, so it is checked on every call. */
    private outbound: Pick<OutboundGuard, "fetch">,
  ) {}

  declare(): void {
    for (const s of TRANSCRIPTION_SETTINGS) this.settings.declareCompany({ key: s.key, default: s.default });
  }

  async transcribe(user: UserRow, file: string): Promise<{ transcribedText: string }> {
    const name = file.trim();
    // Only a stored file name: no folders, no other company's path, and only .ogg audio.
    if (!/^[A-Za-z0-9_-]+\.ogg$/i.test(name)) throw UNEXPECTED();
    const companyId = user.companyId;
    const url = `/public/company${companyId}/${name}`;
    const [found] = await this.db
      .select({ ticket: tickets })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .where(and(eq(messages.companyId, companyId), eq(messages.mediaUrl, url), eq(messages.fromMe, false), eq(messages.mediaType, "audio")))
      .limit(1);
    if (!found) throw new AppError("ERR_NOT_FOUND");
    if (!(await this.reader.canOpen(user, found.ticket))) throw new AppError("ERR_NO_PERMISSION");
    const audio = await this.storage.read(`company${companyId}/${name}`);
    if (!audio) throw new AppError("ERR_NOT_FOUND");
    return { transcribedText: await this.call(companyId, name, audio.body) };
  }

  private async config(companyId: number) {
    const get = async (key: string) => ((await this.settings.companyOne(companyId, key)) ?? "").trim();
    const key = (await get("transcriptionApiKey")) || ((await this.settings.globalOne(PLATFORM_COMPANY_ID, "openaikeyaudio")) ?? "").trim();
    if (!key) throw new AppError("ERR_NO_SETTING_FOUND", { setting: "transcriptionApiKey" });
    const base = (await get("transcriptionApiUrl")) || DEFAULT_TRANSCRIPTION_URL;
    return { key, base: base.replace(/\/+$/, ""), model: (await get("transcriptionModel")) || "whisper-1" };
  }

  private async call(companyId: number, name: string, bytes: Uint8Array): Promise<string> {
    const { key, base, model } = await this.config(companyId);
    const form = new FormData();
    form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type: "audio/ogg" }));
    form.append("model", model);
    let res: Response;
    try {
      // Not followed: a redirect (3xx) is an unexpected answer, like any other non-2xx.
      res = await this.outbound.fetch(`${base}/audio/transcriptions`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}` },
        body: form,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      // The address was refused before any connection: say why, there is nothing else to tell.
      if (err instanceof OutboundRefusedError) throw new AppError("ERR_TRANSCRIPTION_FAILED", { reason: err.message });
      this.log.warn(`transcription request of company ${companyId} failed`, err instanceof Error ? err.message : err);
      throw new AppError("ERR_TRANSCRIPTION_FAILED");
    }
    const payload = (await res.json().catch(() => null)) as { text?: unknown } | null;
    if (!res.ok || typeof payload?.text !== "string") {
      this.log.warn(`transcription of company ${companyId} answered ${res.status}`);
      throw new AppError("ERR_TRANSCRIPTION_FAILED", { status: res.status });
    }
    return payload.text;
  }
}
