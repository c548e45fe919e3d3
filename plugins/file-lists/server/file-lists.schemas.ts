import { z } from "@hono/zod-openapi";
import { FileField } from "../../../core/http/schemas.ts";

/** Largest file of an option: 20 MB (the spec names no bound; a WhatsApp-sized document fits). */
export const FILE_MAX_BYTES = 20 * 1024 * 1024;
/** Options one list may have: a bound so a list stays one bot turn. */
export const OPTIONS_MAX = 50;

export const FileListOption = z
  .object({
    id: z.number(),
    fileListId: z.number(),
    name: z.string(),
    /** The stored file name, or null before its upload. */
    path: z.string().nullable(),
    mediaType: z.string().nullable(),
    originalName: z.string().nullable(),
    /** Where the file is served (`/public/company{id}/{path}`), or null. */
    url: z.string().nullable(),
  })
  .openapi("FileListOption");

export const FileList = z
  .object({
    id: z.number(),
    companyId: z.number(),
    name: z.string(),
    message: z.string(),
    userId: z.number().nullable(),
    options: z.array(FileListOption),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("FileList");

export const FileListPage = z.object({ files: z.array(FileList), count: z.number(), hasMore: z.boolean() }).openapi("FileListPage");

// Spec 002 §5: name at least 3 ('nome muito curto'); message required ('Obrigatório').
const name = z.string({ error: "nome muito curto" }).trim().min(3, "nome muito curto").max(100, "Too Long!");
const message = z.string({ error: "Obrigatório" }).trim().min(1, "Obrigatório").max(5000, "Too Long!");

/** An option as the dialog sends it: with its id to keep a stored one (and its file), without to add one. */
const OptionInput = z.object({
  id: z.number().int().positive().optional(),
  name: z.string({ error: "Invalid name" }).trim().max(200, "Too Long!").optional().default(""),
  /** Ignored: a file arrives only through POST /files/uploadList/{id}. Accepted so the client may send the option back as it read it. */
  path: z.string().nullable().optional(),
  mediaType: z.string().nullable().optional(),
});

const options = z.array(OptionInput).max(OPTIONS_MAX, `At most ${OPTIONS_MAX} options`);

export const FileListInput = z
  .object({
    name,
    message,
    options: options.optional().default([]),
    /** Sent by the spec's client; the owner is always the caller. */
    userId: z.union([z.number(), z.string()]).nullable().optional(),
  })
  .openapi("FileListInput");

export const FileListPatch = z
  .object({
    name: name.optional(),
    message: message.optional(),
    /** The whole list of options: stored ones left out are deleted with their files. */
    options: options.optional(),
    userId: z.union([z.number(), z.string()]).nullable().optional(),
  })
  .refine((v) => v.name !== undefined || v.message !== undefined || v.options !== undefined, { message: "Nothing to update" })
  .openapi("FileListPatch");

export const FileListQuery = z.object({
  searchParam: z.string().max(200, "Too Long!").optional().default(""),
  pageNumber: z.coerce.number().int().min(1).optional().default(1),
});

const oneOrMany = <T extends z.ZodType>(item: T) => z.union([item, z.array(item)]).transform((v) => (Array.isArray(v) ? v : [v]) as z.output<T>[]);

/**
 * POST /files/uploadList/{id} (spec 002 §7): `files` with the option each belongs to in
 * `fileId` (or `id`), in the same order when several are sent; `mediaType` and `name` as the
 * client read them. `typeArch` is the client's label (`fileList`).
 */
export const FileListUpload = z
  .object({
    files: oneOrMany(FileField),
    fileId: oneOrMany(z.coerce.number().int().positive("Invalid option")).optional(),
    id: oneOrMany(z.coerce.number().int().positive("Invalid option")).optional(),
    mediaType: oneOrMany(z.string().max(200)).optional(),
    name: oneOrMany(z.string().max(200)).optional(),
    typeArch: z.string().max(50).optional(),
  })
  .openapi("FileListUpload");
