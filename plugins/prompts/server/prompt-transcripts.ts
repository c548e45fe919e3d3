import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../core/db/database.ts";
import type { Logger } from "../../../core/log.ts";
import type { OutboundGuard } from "../../../core/net/outbound-guard.ts";
import { PLATFORM_COMPANY_ID, type SettingsService } from "../../../core/settings/settings.ts";
import type { Storage } from "../../../core/storage/storage.ts";
import type { ConversationLine } from "../../tickets/server/bot.contract.ts";
import { promptTranscripts } from "../schema/tables.ts";
import { transcribeAudio } from "./audio-transcription.ts";

export interface TranscriptDeps {
  db: Db;
  storage: Pick<Storage, "read">;
  settings: Pick<SettingsService, "globalOne">;
  outbound: Pick<OutboundGuard, "fetch">;
  /** OPENAI_API_URL. */
  baseUrl: string;
  log: Logger;
  timeoutMs: number;
}

/** Only a file of the company's own storage is ever read (no folders, no other company). */
const storedPath = (companyId: number, url: string | null | undefined) => {
  const prefix = `/public/company${companyId}/`;
  const name = url?.startsWith(prefix) ? url.slice(prefix.length) : "";
  return /^[A-Za-z0-9_-]+(\.[A-Za-z0-9]{1,8})?$/.test(name) ? { path: `company${companyId}/${name}`, name } : null;
};

/**
 * What the customer's audio messages of a conversation said, for the assistant: each one is
 * transcribed once (OpenAI-compatible `/audio/transcriptions` at OPENAI_API_URL, with the
 * platform's `openaikeyaudio` key, else the prompt's own key) and kept by message id, so a
 * turn run again, and the next turns, read it instead of asking again. A failure leaves the
 * line as `[audio]` (logged) and is tried again on the next turn.
 */
export class PromptTranscripts {
  constructor(private deps: TranscriptDeps) {}

  async of(companyId: number, lines: ConversationLine[], promptKey: string): Promise<Map<number, string>> {
    const audios = lines.filter((l) => !l.fromMe && l.mediaType === "audio");
    if (!audios.length) return new Map();
    const known = await this.deps.db
      .select({ messageId: promptTranscripts.messageId, text: promptTranscripts.text })
      .from(promptTranscripts)
      .where(
        and(
          eq(promptTranscripts.companyId, companyId),
          inArray(
            promptTranscripts.messageId,
            audios.map((a) => a.id),
          ),
        ),
      );
    const out = new Map(known.map((k) => [k.messageId, k.text]));
    let key: string | null = null;
    for (const line of audios) {
      if (out.has(line.id)) continue;
      const file = storedPath(companyId, line.mediaUrl);
      const audio = file ? await this.deps.storage.read(file.path) : null;
      if (!file || !audio) continue;
      key ??= ((await this.deps.settings.globalOne(PLATFORM_COMPANY_ID, "openaikeyaudio")) ?? "").trim() || promptKey;
      const result = await transcribeAudio(
        this.deps.outbound,
        { baseUrl: this.deps.baseUrl, apiKey: key, audio: audio.body, fileName: file.name, mimetype: audio.type },
        this.deps.timeoutMs,
      );
      if (!result.ok) {
        this.deps.log.warn(`prompts: audio message ${line.id} of company ${companyId} not transcribed (${result.reason})`);
        continue;
      }
      // Once per message: a second writer (a turn run again) keeps the first transcript.
      await this.deps.db.insert(promptTranscripts).values({ companyId, messageId: line.id, text: result.text }).onConflictDoNothing();
      out.set(line.id, result.text);
    }
    return out;
  }
}
