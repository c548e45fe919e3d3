/**
 * The node dialogs' checks (spec 002 §5), pure so the rules are tested apart from the dialogs.
 * Each answers a translation key under `validation.` (the spec's message) or null.
 */
import { MAX_INTERVAL_SECONDS } from "../../shared/flow-engine.ts";

export type MediaKind = "img" | "audio" | "video";

/** Spec 002 §5 upload sizes and accepted types; the server checks the same (flows.service UPLOAD_RULES). */
export const MEDIA_RULES: Record<MediaKind, { maxBytes: number; extensions: string[]; accept: string; tooLarge: string; badType: string }> = {
  img: { maxBytes: 2 * 1024 * 1024, extensions: ["png", "jpg", "jpeg"], accept: ".png,.jpg,.jpeg,image/png,image/jpeg", tooLarge: "imageTooLarge", badType: "imageType" },
  audio: {
    maxBytes: 5 * 1024 * 1024,
    extensions: ["ogg", "mp3", "opus"],
    accept: ".ogg,.mp3,.opus,audio/ogg,audio/mpeg,audio/opus",
    tooLarge: "audioTooLarge",
    badType: "audioType",
  },
  video: { maxBytes: 20 * 1024 * 1024, extensions: ["mp4"], accept: ".mp4,video/mp4", tooLarge: "videoTooLarge", badType: "videoType" },
};

/** Whether a picked file may be uploaded as `kind`: its type first, then its size. */
export function mediaFileProblem(kind: MediaKind, file: { name: string; size: number }): string | null {
  const rule = MEDIA_RULES[kind];
  const ext = file.name.split(".").pop()?.toLowerCase() ?? "";
  if (!rule.extensions.includes(ext)) return rule.badType;
  if (file.size > rule.maxBytes) return rule.tooLarge;
  return null;
}

/** Interval seconds: more than 0 and at most 120 ('Adicione o valor de intervalo', 'Máximo de tempo atingido 120 segundos'). */
export function intervalProblem(value: unknown): string | null {
  const sec = Number(value);
  if (value === "" || value === null || value === undefined || !Number.isFinite(sec) || sec <= 0) return "intervalRequired";
  if (sec > MAX_INTERVAL_SECONDS) return "intervalMax";
  return null;
}

/** A variable name usable as `{{answerKey}}` (the engine's placeholders hold no spaces or braces). */
export const VARIABLE_NAME = /^[\p{L}\p{N}_.-]{1,50}$/u;

/** The question dialog: message and answerKey required, the key a usable variable name. */
export function questionProblem(message: string, answerKey: string): string | null {
  if (!message.trim()) return "messageEmpty";
  if (!answerKey.trim()) return "answerKeyRequired";
  if (!VARIABLE_NAME.test(answerKey.trim())) return "answerKeyInvalid";
  return null;
}

/** The menu dialog: a message and at least one option, none empty. */
export function menuProblem(message: string, options: readonly { value: string }[]): string | null {
  if (!message.trim()) return "messageEmpty";
  if (!options.length || options.some((o) => !o.value.trim())) return "optionEmpty";
  return null;
}

/** The condition dialog: a variable, an operator and a value to compare with. */
export function conditionProblem(key: string, value: string): string | null {
  if (!key.trim()) return "variableRequired";
  if (!value.trim()) return "valueRequired";
  return null;
}

/** One card of the content dialog (spec 002 §2.8): a stored value, or a picked file not yet uploaded. */
export interface ContentCard {
  key: string;
  type: "message" | "interval" | "img" | "audio" | "video";
  /** Text, seconds, or the stored file name. */
  value: string;
  /** The original file name (media). */
  original: string;
  /** Audio: send as recorded live (default on). */
  record: boolean;
  file?: File;
}

/**
 * The content dialog's save: at least one card; any media card without a file or stored name
 * refuses the save ('Delete os cards vazios(Imagem, Audio e Video)'); an empty text gives
 * 'Campos de mensagem vazio!'; an interval outside 0..120 its interval message.
 */
export function contentProblem(cards: readonly ContentCard[]): string | null {
  if (!cards.length) return "contentEmpty";
  if (cards.some((c) => (c.type === "img" || c.type === "audio" || c.type === "video") && !c.file && !c.value.trim())) return "emptyCards";
  for (const c of cards) {
    if (c.type === "message" && !c.value.trim()) return "messageEmpty";
    if (c.type === "interval") {
      const problem = intervalProblem(c.value);
      if (problem) return problem;
    }
  }
  return null;
}
