import { PROMPT_DEFAULTS, PROMPT_NAME_MAX, PROMPT_NAME_MIN, PROMPT_TEXT_MIN } from "../shared/prompt-rules.ts";

/** The dialog's values, as typed. */
export interface PromptForm {
  name: string;
  prompt: string;
  queueId: string;
  apiKey: string;
  model: string;
  maxTokens: string;
  temperature: string;
  maxMessages: string;
  voice: string;
  voiceKey: string;
  voiceRegion: string;
}
export type PromptErrors = Partial<Record<keyof PromptForm, string>>;

export const blankPrompt = (): PromptForm => ({
  name: "",
  prompt: "",
  queueId: "",
  apiKey: "",
  model: PROMPT_DEFAULTS.model,
  maxTokens: String(PROMPT_DEFAULTS.maxTokens),
  temperature: String(PROMPT_DEFAULTS.temperature),
  maxMessages: String(PROMPT_DEFAULTS.maxMessages),
  voice: PROMPT_DEFAULTS.voice,
  voiceKey: "",
  voiceRegion: "",
});

/** Spec 002 §5: name 5–100, prompt at least 50, queue ('Informe o setor'), key, numbers required. */
export function validatePrompt(form: PromptForm): PromptErrors {
  const errors: PromptErrors = {};
  const name = form.name.trim();
  if (name.length < PROMPT_NAME_MIN) errors.name = "Muito curto!";
  else if (name.length > PROMPT_NAME_MAX) errors.name = "Muito longo!";
  if (form.prompt.trim().length < PROMPT_TEXT_MIN) errors.prompt = "Muito curto!";
  if (!form.queueId) errors.queueId = "Informe o setor";
  if (!form.apiKey.trim()) errors.apiKey = "Obrigatório";
  for (const key of ["maxTokens", "temperature", "maxMessages"] as const) if (!form[key].trim() || Number.isNaN(Number(form[key]))) errors[key] = "Obrigatório";
  return errors;
}
