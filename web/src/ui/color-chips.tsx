import { Tag } from "@blueprintjs/core";

export interface ColorChip {
  id: number;
  name: string;
  /** Hex colour; none shows a plain chip. */
  color?: string | null;
}

export interface ColorChipsProps {
  chips: readonly ColorChip[];
  /** How many show before '+N' (the rest are named on hover). */
  visible: number;
}

/**
 * Coloured name chips (tags on a contact row or a ticket list item): the first `visible` in
 * their colours, then '+N' naming the rest on hover.
 * @example <ColorChips chips={contact.tags} visible={2} />
 */
export function ColorChips({ chips, visible }: ColorChipsProps) {
  const rest = chips.length - visible;
  return (
    <>
      {chips.slice(0, visible).map((chip) => (
        <Tag key={chip.id} round minimal={!chip.color} style={chip.color ? { background: chip.color, color: "#fff" } : undefined}>
          {chip.name}
        </Tag>
      ))}
      {rest > 0 ? (
        <Tag
          round
          minimal
          title={chips
            .slice(visible)
            .map((x) => x.name)
            .join(", ")}
        >
          +{rest}
        </Tag>
      ) : null}
    </>
  );
}
