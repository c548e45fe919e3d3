import { serverPlugins } from "../../plugins/server.ts";

/**
 * The plugins that register the hand-over and reference kinds of issue 27/26 (integration,
 * prompt, fileList/file, flow). A test that registers its own fake provider of one of those
 * kinds boots without them (a second provider of a kind stops the boot, by design).
 * Ids not installed yet are simply absent.
 */
export const KIND_OWNERS = ["integrations", "prompts", "file-lists", "flows"] as const;

/** The installed plugins minus the kind owners. */
export const pluginsWithoutKindOwners = () => serverPlugins.filter((p) => !(KIND_OWNERS as readonly string[]).includes(p.manifest.id));
