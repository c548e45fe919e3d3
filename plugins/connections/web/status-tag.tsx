import { Intent, Tag } from "@blueprintjs/core";
import type { IconName } from "@blueprintjs/icons";
import { useTranslation } from "react-i18next";
import type { ConnectionStatus } from "../shared/connection-rules.ts";

const look: Record<ConnectionStatus, { intent: Intent; icon: IconName }> = {
  CONNECTED: { intent: Intent.SUCCESS, icon: "tick-circle" },
  qrcode: { intent: Intent.PRIMARY, icon: "grid-view" },
  OPENING: { intent: Intent.WARNING, icon: "time" },
  PAIRING: { intent: Intent.WARNING, icon: "link" },
  TIMEOUT: { intent: Intent.WARNING, icon: "outdated" },
  DISCONNECTED: { intent: Intent.DANGER, icon: "offline" },
};

/** A connection's status in words, coloured by how well it is. */
export function StatusTag({ status, retries }: { status: ConnectionStatus; retries?: number }) {
  const { t } = useTranslation("connections");
  const { intent, icon } = look[status] ?? look.DISCONNECTED;
  return (
    <Tag minimal intent={intent} icon={icon} data-testid="connection-status">
      {t(`status.${status}`)}
      {retries && status !== "CONNECTED" ? ` (${t("status.retries", { count: retries })})` : ""}
    </Tag>
  );
}
