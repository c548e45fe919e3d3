import { useTranslation } from "react-i18next";
import { useChatInbox } from "./use-chat-inbox.ts";

/** The menu entry's dot badge while the user has unread chat messages (spec 000 §2). */
export function ChatMenuDot() {
  const { t } = useTranslation("chats");
  const { unreads } = useChatInbox();
  return unreads > 0 ? <span className="chats-dot" role="img" aria-label={t("popover.buttonUnread")} data-testid="chats-menu-dot" /> : null;
}
