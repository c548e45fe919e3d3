/**
 * The contacts import API's request and response types, inferred from the server's zod schemas
 * so the web client never restates a server shape. Type-only: nothing of the server is bundled.
 */
import type { z } from "@hono/zod-openapi";
import type {
  ContactImport as ContactImportSchema,
  ImportErrors as ImportErrorsSchema,
  ImportList,
  ImportPreview as ImportPreviewSchema,
  ImportStart,
} from "../server/contacts-import.schemas.ts";

export type { ColumnTarget } from "./columns.ts";

/** An import with its progress (GET /contacts/import/{id}, `company-{id}-contactImport`). */
export type ContactImport = z.infer<typeof ContactImportSchema>;
export type ImportStatus = ContactImport["status"];
/** POST /contacts/import/upload: the import, the file's first rows and the suggested mapping. */
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;
/** What POST /contacts/import/{id}/start takes. */
export type ImportStartPayload = z.input<typeof ImportStart>;
/** GET /contacts/import/{id}/errors. */
export type ImportErrors = z.infer<typeof ImportErrorsSchema>;
export type ImportRowError = ImportErrors["errors"][number];
/** GET /contacts/import/list. */
export type ImportListAnswer = z.infer<typeof ImportList>;
/** The realtime event's payload. */
export interface ImportEvent {
  action: "update";
  contactImport: ContactImport;
}
