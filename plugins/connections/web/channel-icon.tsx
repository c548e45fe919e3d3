import { Icon } from "@blueprintjs/core";
import type { IconName } from "@blueprintjs/icons";
import { useTranslation } from "react-i18next";
import type { Channel } from "../shared/connection-rules.ts";

/** Blueprint has no brand marks: each channel gets a fitting icon in its brand colour. */
export const CHANNEL_ICONS: Record<Channel, { icon: IconName; color: string }> = {
  whatsapp: { icon: "chat", color: "#25d366" },
  whatsappapi: { icon: "cloud", color: "#128c7e" },
  facebook: { icon: "social-media", color: "#1877f2" },
  instagram: { icon: "camera", color: "#e1306c" },
  api: { icon: "code", color: "#5f6b7c" },
};

export function ChannelIcon({ channel }: { channel: Channel }) {
  const { t } = useTranslation("connections");
  const { icon, color } = CHANNEL_ICONS[channel] ?? CHANNEL_ICONS.api;
  const name = t(`channels.${channel}`);
  return (
    <span title={name} style={{ display: "inline-flex", alignItems: "center", gap: 6 }}>
      <Icon icon={icon} color={color} size={18} title={name} />
    </span>
  );
}
