import type { CampaignSettingsValues } from "../settings/campaign-settings.ts";

/** The five variants of a kind (`message` or `confirmationMessage`) of a campaign. */
export type Variants = [string, string, string, string, string];

/** 1..5 of a non-empty variant, at random; null when all are empty. */
export function pickVariant(texts: readonly string[], random: () => number = Math.random): number | null {
  const filled = texts.map((t, i) => (t.trim() ? i + 1 : 0)).filter((n) => n > 0);
  if (!filled.length) return null;
  return filled[Math.floor(random() * filled.length)]!;
}

/**
 * A campaign text for one target: `{nome}`, `{numero}`, `{email}` and the company's custom
 * variables (campaign settings). The product-wide `{{…}}` variables are filled by the tickets
 * plugin when the message is stored. Unknown `{…}` stay as written.
 */
export function fillText(text: string, target: { name: string; number: string; email: string }, variables: CampaignSettingsValues["variables"]): string {
  const values = new Map<string, string>([
    ["nome", target.name],
    ["numero", target.number],
    ["email", target.email],
  ]);
  for (const v of variables) if (!values.has(v.key)) values.set(v.key, v.value);
  return text.replace(/(?<!\{)\{([\p{L}\p{N}_]+)\}(?!\})/gu, (whole, key: string) => values.get(key) ?? whole);
}

/** The pacing gap after the `seq`-th message of a run (1-based): greaterInterval after every longerIntervalAfter, else messageInterval. */
export function gapAfter(seq: number, s: Pick<CampaignSettingsValues, "messageInterval" | "longerIntervalAfter" | "greaterInterval">): number {
  const longer = s.longerIntervalAfter > 0 && s.greaterInterval > 0 && seq % s.longerIntervalAfter === 0;
  return (longer ? s.greaterInterval : s.messageInterval) * 1000;
}
