/** A random #rrggbb colour for a new tag (spec 000 §9). */
export function randomColor(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(3));
  return `#${[...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}
