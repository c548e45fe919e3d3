/**
 * The prompt's rules both sides read (spec 002 §3, §5, §9): defaults, bounds, the voices and
 * the hand-off marker. Plain values, no imports.
 */
export const PROMPT_DEFAULTS = { maxTokens: 100, temperature: 1, maxMessages: 10, voice: "texto", model: "gpt-4o-mini" } as const;
export const PROMPT_NAME_MIN = 5;
export const PROMPT_NAME_MAX = 100;
export const PROMPT_TEXT_MIN = 50;

/** Spec 002 §9: texto (text only) plus 15 neural Brazilian Portuguese voices (Azure names). */
export const VOICE_NAMES = [
  "Francisca",
  "Antonio",
  "Brenda",
  "Donato",
  "Elza",
  "Fabio",
  "Giovanna",
  "Humberto",
  "Julio",
  "Leila",
  "Leticia",
  "Manuela",
  "Nicolau",
  "Valerio",
  "Yara",
] as const;
export const VOICES = ["texto", ...VOICE_NAMES.map((n) => `pt-BR-${n}Neural`)] as const;

/**
 * What the assistant writes when the customer should talk to a person: the ticket moves to the
 * prompt's queue and the assistant stops. Say so in the prompt ("answer #atendente# when …").
 */
export const HAND_OFF_MARKER = "#atendente#";

/** How a stored key is answered: never in full. */
export const maskKey = (hint: string) => (hint ? `********${hint}` : "");
export const isMaskedKey = (value: string) => value.startsWith("********");
