import { integer, text } from "drizzle-orm/sqlite-core";

/** Timestamps are ISO-8601 text: sortable, readable in SQL, and what clients expect in JSON. */
export const nowIso = (): string => new Date().toISOString();

export const timestamps = {
  createdAt: text("created_at").notNull().$defaultFn(nowIso),
  updatedAt: text("updated_at").notNull().$defaultFn(nowIso).$onUpdateFn(nowIso),
};

export const id = () => integer("id").primaryKey({ autoIncrement: true });
export const bool = (name: string) => integer(name, { mode: "boolean" });

/**
 * A UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, then 74 random bits. Unique and
 * unguessable like a v4, but new values sort after older ones, so a unique index on them
 * grows at its end instead of touching a random page of a large index for every insert.
 */
export function timeOrderedUuid(now = Date.now()): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[0] = Math.floor(now / 2 ** 40) & 0xff;
  b[1] = Math.floor(now / 2 ** 32) & 0xff;
  b[2] = (now >>> 24) & 0xff;
  b[3] = (now >>> 16) & 0xff;
  b[4] = (now >>> 8) & 0xff;
  b[5] = now & 0xff;
  b[6] = (b[6]! & 0x0f) | 0x70; // version 7
  b[8] = (b[8]! & 0x3f) | 0x80; // RFC 9562 variant
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
