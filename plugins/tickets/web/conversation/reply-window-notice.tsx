import { Callout, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../../web/src/ui/format-date.ts";
import type { MessageView, TicketView } from "../../shared/ticket-types.ts";
import { hasReplyWindow, replyWindowClosesAt } from "./message-rules.ts";

/**
 * The 24-hour reply window of Meta's channels (spec 000 §8): the rule, and when the
 * window closes (or since when it is closed) from the customer's last loaded message.
 * The server enforces it whatever this says (ERR_REPLY_WINDOW_CLOSED).
 */
export function ReplyWindowNotice({ ticket, messages, now = Date.now() }: { ticket: Pick<TicketView, "channel" | "status">; messages: readonly MessageView[]; now?: number }) {
  const { t } = useTranslation("tickets");
  if (!hasReplyWindow(ticket) || ticket.status === "closed") return null;
  const closesAt = replyWindowClosesAt(messages);
  const closed = closesAt !== null && closesAt.getTime() <= now;
  return (
    <Callout intent={closed ? Intent.DANGER : Intent.WARNING} icon="time" className="conversation-notice">
      {t("conversation.replyWindow")}
      {closesAt ? (
        <strong className="conversation-notice-status"> {t(closed ? "conversation.replyWindowClosed" : "conversation.replyWindowOpen", { time: formatDateTime(closesAt) })}</strong>
      ) : null}
    </Callout>
  );
}
