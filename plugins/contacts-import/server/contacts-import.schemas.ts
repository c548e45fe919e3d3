import { z } from "@hono/zod-openapi";
import { BoolLike, FileField } from "../../../core/http/schemas.ts";
import { TAG_NAME_MAX, TAG_NAME_MIN, TAG_NAME_TOO_LONG, TAG_NAME_TOO_SHORT } from "../../tags/shared/tag-name.contract.ts";
import { COLUMN_TARGETS } from "../shared/columns.ts";
import { EXPORT_LANGS } from "../shared/export-file.ts";

export const ImportStatus = z.enum(["uploaded", "queued", "running", "done", "failed", "cancelled"]).openapi("ContactImportStatus");
export const ColumnTarget = z.enum(COLUMN_TARGETS).openapi("ContactImportColumnTarget");

export const ContactImport = z
  .object({
    id: z.number(),
    companyId: z.number(),
    userId: z.number().nullable(),
    source: z.enum(["file", "whatsapp"]),
    whatsappId: z.number().nullable(),
    fileName: z.string(),
    format: z.enum(["csv", "xlsx", "xls", "whatsapp"]),
    status: ImportStatus,
    columns: z.array(ColumnTarget).openapi({ description: "What each column of the file becomes" }),
    headers: z.array(z.string()).openapi({ description: "The file's first row (extra info fields take their names from it)" }),
    hasHeader: z.boolean(),
    tagIds: z.array(z.number()).openapi({ description: "Tags given to every imported contact" }),
    totalRows: z.number().nullable().openapi({ description: "Data rows in the file; null until counted" }),
    processedRows: z.number(),
    created: z.number(),
    updated: z.number().openapi({ description: "Rows merged into a contact that existed (or that an earlier row of the file created)" }),
    failed: z.number(),
    error: z.string().openapi({ description: "Why a failed import stopped (an ERR_ code)" }),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("ContactImport");

export const ImportPreview = z
  .object({
    contactImport: ContactImport,
    rows: z.array(z.array(z.string())).openapi({ description: "The file's first rows (the header included when there is one), cells as text" }),
    columns: z.array(ColumnTarget).openapi({ description: "The suggested mapping" }),
    hasHeader: z.boolean().openapi({ description: "Whether the first row looks like a header" }),
  })
  .openapi("ContactImportPreview");

export const ImportUpload = z.object({ file: FileField }).openapi("ContactImportUpload");

/** A tag for every imported contact: the company's tag id, or a name (found or created). */
const TagRef = z.union([z.number().int().positive(), z.string().trim().min(TAG_NAME_MIN, TAG_NAME_TOO_SHORT).max(TAG_NAME_MAX, TAG_NAME_TOO_LONG)]);

export const ImportStart = z
  .object({
    columns: z.array(ColumnTarget).min(1, "Required").max(100, "Too Long!"),
    hasHeader: z.boolean(),
    tags: z.array(TagRef).max(20, "Too Long!").optional().default([]),
  })
  .openapi("ContactImportStart");

export const WhatsappImportStart = z.object({ tags: z.array(TagRef).max(20, "Too Long!").optional().default([]) }).openapi("ContactImportWhatsappStart");

export const ImportError = z.object({ line: z.number(), field: z.string(), message: z.string(), value: z.string() }).openapi("ContactImportError");
export const ImportErrors = z
  .object({ errors: z.array(ImportError), count: z.number().openapi({ description: "Rows refused in all (only the first 1,000 are listed)" }) })
  .openapi("ContactImportErrors");

export const ImportList = z.object({ imports: z.array(ContactImport) }).openapi("ContactImportList");

export const ExportFormatParam = z.object({
  format: z.enum(["xlsx", "csv"]).openapi({ param: { name: "format", in: "path" }, example: "xlsx" }),
});

/** The contacts list's filters (GET /contacts) plus the language of the header row. */
export const ExportQuery = z.object({
  searchParam: z.string().max(100, "Too Long!").optional().default(""),
  channel: z.string().max(30, "Too Long!").optional(),
  isGroup: BoolLike.optional(),
  lang: z.enum(EXPORT_LANGS).optional().default("pt"),
});
