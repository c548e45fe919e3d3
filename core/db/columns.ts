import { integer, text } from "drizzle-orm/sqlite-core";

/** Timestamps are ISO-8601 text: sortable, readable in SQL, and what clients expect in JSON. */
export const nowIso = (): string => new Date().toISOString();

export const timestamps = {
  createdAt: text("created_at").notNull().$defaultFn(nowIso),
  updatedAt: text("updated_at").notNull().$defaultFn(nowIso).$onUpdateFn(nowIso),
};

export const id = () => integer("id").primaryKey({ autoIncrement: true });
export const bool = (name: string) => integer(name, { mode: "boolean" });
