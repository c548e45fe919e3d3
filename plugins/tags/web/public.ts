/**
 * What other plugins' web code may use of the tags plugin. Anything else under
 * plugins/tags/web is internal (tests/architecture/rules.test.ts checks it).
 */
import type { z } from "@hono/zod-openapi";
import type { Tag as TagSchema } from "../server/tags.schemas.ts";

/** A tag as GET /tags/list answers it (inferred from the route's schema; type-only, nothing of the server is bundled). */
export type Tag = z.infer<typeof TagSchema>;
/** A contact's tags, and what POST /tags/sync takes (inferred from the server's schemas). */
export type { ContactTags, TagSyncPayload } from "../shared/tag-types.ts";
/** The tag dialog (create or edit); `kanban` makes it the kanban lane dialog, with the lane fields. */
export { TagDialog, type TagDialogProps } from "./tag-dialog.tsx";
/**
 * The tags calls other plugins' pages share: the /TagsKanban table (GET /tags pages, DELETE
 * /tags/{id}) and the lanes as choices (GET /tags/list?kanban=1, the kanban stage selector;
 * `reloadLaneOptions` on a tag event).
 */
export { reloadLaneOptions, useDeleteTagMutation, useGetTagsPageQuery, useLaneOptionsQuery } from "./tags-api.ts";
