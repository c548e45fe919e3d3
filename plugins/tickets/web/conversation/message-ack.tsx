import { Icon } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { MessageAck as Ack } from "../../shared/ticket-types.ts";

/** Two overlapping ticks: Blueprint has no double-tick icon. */
function DoubleTick({ read }: { read: boolean }) {
  return (
    <span className={read ? "msg-ack-double msg-ack-read" : "msg-ack-double"}>
      <Icon icon="small-tick" size={14} />
      <Icon icon="small-tick" size={14} />
    </span>
  );
}

/**
 * The delivery state of an own message (spec 000 §4): 0 clock (pending), 1 one tick (sent),
 * 2 two ticks (delivered), 3 and 4 two blue ticks (read / played), 5 done.
 */
export function MessageAck({ ack }: { ack: Ack }) {
  const { t } = useTranslation("tickets");
  const label = t(`conversation.ack.${ack}`);
  const icon =
    ack === 0 ? (
      <Icon icon="time" size={12} />
    ) : ack === 1 ? (
      <Icon icon="small-tick" size={14} />
    ) : ack === 2 ? (
      <DoubleTick read={false} />
    ) : ack === 5 ? (
      <Icon icon="tick-circle" size={12} />
    ) : (
      <DoubleTick read />
    );
  return (
    <span className="msg-ack" role="img" aria-label={label} title={label} data-ack={ack}>
      {icon}
    </span>
  );
}
