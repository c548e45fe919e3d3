import { useMemo } from "react";
import { buildMenu, type MenuSection } from "../plugin/access.ts";
import { usePlugins } from "../plugin/plugins.tsx";
import { useSession } from "../session/session.ts";
import { shellPlugin } from "./shell-plugin.tsx";

/** The menu sections for the signed-in person: plugins first, the shell's own entries last. */
export function useMenu(): MenuSection[] {
  const session = useSession();
  const { all } = usePlugins();
  return useMemo(() => buildMenu([...all, shellPlugin], session), [all, session]);
}
