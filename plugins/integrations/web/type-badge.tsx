import type { IntegrationType } from "../shared/integration-types.ts";

/** Our own letter badges for each type (no vendor logos are copied): a coloured circle with initials. */
const BADGES: Record<IntegrationType, { letters: string; color: string }> = {
  typebot: { letters: "Tb", color: "#0042DA" },
  n8n: { letters: "n8", color: "#EA4B71" },
  webhook: { letters: "W", color: "#5C7080" },
  dialogflow: { letters: "Df", color: "#FF9800" },
  flowbuilder: { letters: "Fx", color: "#238551" },
};

export function TypeBadge({ type, label }: { type: IntegrationType; label: string }) {
  const badge = BADGES[type] ?? BADGES.webhook;
  return (
    <span style={{ display: "inline-flex", alignItems: "center", gap: 8 }}>
      <svg width="28" height="28" viewBox="0 0 28 28" role="img" aria-label={label}>
        <circle cx="14" cy="14" r="14" fill={badge.color} />
        <text x="14" y="18.5" textAnchor="middle" fontSize="12" fontWeight="700" fill="#fff" fontFamily="sans-serif">
          {badge.letters}
        </text>
      </svg>
      <span>{label}</span>
    </span>
  );
}
