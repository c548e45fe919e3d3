import { Intent, Tag } from "@blueprintjs/core";
import { useSession } from "../../../web/src/session/session.ts";
import { needsAttention } from "./connection-status.ts";
import { useGetConnectionsQuery } from "./connections-api.ts";
import { useConnectionsLive } from "./use-connections-live.ts";

/** The menu's '!' while any connection needs attention (spec 001 §2), kept live by the realtime events. */
export function ConnectionsBadge() {
  const { user } = useSession();
  const { data } = useGetConnectionsQuery(undefined, { skip: !user });
  useConnectionsLive();
  if (!data?.some(needsAttention)) return null;
  return (
    <Tag round intent={Intent.DANGER} data-testid="connections-badge">
      !
    </Tag>
  );
}
