/**
 * The file lists API's types, inferred from the server's zod schemas (type-only imports).
 */
import type { z } from "@hono/zod-openapi";
import type { FileList as FileListSchema, FileListInput, FileListPage as FileListPageSchema, FileListPatch } from "../server/file-lists.schemas.ts";

export type FileList = z.infer<typeof FileListSchema>;
export type FileListOption = FileList["options"][number];
export type FileListPage = z.infer<typeof FileListPageSchema>;
export type FileListPayload = z.input<typeof FileListInput>;
export type FileListChanges = z.input<typeof FileListPatch>;
