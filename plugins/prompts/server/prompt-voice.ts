import type { OutboundGuard } from "../../../core/net/outbound-guard.ts";
import type { Logger } from "../../../core/log.ts";
import type { Storage } from "../../../core/storage/storage.ts";
import { PROMPT_DEFAULTS } from "../shared/prompt-rules.ts";
import type { OpenedPrompt } from "./prompts.service.ts";
import { MAX_SPEECH_BYTES, synthesizeSpeech } from "./speech-synthesis.ts";

export interface VoiceDeps {
  outbound: Pick<OutboundGuard, "fetch">;
  storage: Pick<Storage, "save">;
  /** AZURE_TTS_URL. */
  urlTemplate: string;
  log: Logger;
  timeoutMs?: number;
}

/** Placeholders (`{{firstName}}`) are filled in the text by tickets, not in the audio: they are not read aloud. */
const spoken = (text: string) =>
  text
    .replace(/\{\{[^{}]*\}\}/g, "")
    .replace(/\s+/g, " ")
    .replace(/ ([,.!?;:])/g, "$1")
    .trim();

/**
 * The answer as a voice note for a prompt with a voice (not `texto`): synthesised by Azure
 * Speech, stored in the company's storage as Ogg/Opus (which the channels send as a voice
 * note). Answers the stored file's URL, or null (text only, or any failure: logged, and the
 * customer gets the text instead).
 */
export async function voiceNoteOf(
  deps: VoiceDeps,
  companyId: number,
  prompt: Pick<OpenedPrompt, "id" | "voice" | "voiceKey" | "voiceRegion">,
  text: string,
): Promise<string | null> {
  if (prompt.voice === PROMPT_DEFAULTS.voice) return null;
  const words = spoken(text);
  if (!words) return null;
  const result = await synthesizeSpeech(
    deps.outbound,
    { urlTemplate: deps.urlTemplate, region: prompt.voiceRegion ?? "", key: prompt.voiceKey ?? "", voice: prompt.voice, text: words },
    deps.timeoutMs,
  );
  if (!result.ok) {
    deps.log.warn(`prompts: prompt ${prompt.id} of company ${companyId} got no voice (${result.reason}); the answer goes as text`);
    return null;
  }
  try {
    const file = new File([result.audio as Uint8Array<ArrayBuffer>], "answer.ogg", { type: "audio/ogg" });
    return (await deps.storage.save(companyId, file, { maxBytes: MAX_SPEECH_BYTES })).url;
  } catch (err) {
    deps.log.warn(`prompts: prompt ${prompt.id} of company ${companyId} could not store its voice (${String(err)}); the answer goes as text`);
    return null;
  }
}
