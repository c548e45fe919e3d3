import { Card, H5, Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { useCompanyEvent } from "../../../web/src/realtime/realtime.ts";
import { useSession } from "../../../web/src/session/session.ts";
import { EmptyState, formatDateTime, LoadingState, PageLayout } from "../../../web/src/ui/index.ts";
import { mayViewRealTime } from "./access.ts";
import { cut, type MomentTicketView, useGetUsersMomentsQuery } from "./reports-api.ts";
import { SlaMark } from "./sla-mark.tsx";
import "./reports.css";

function MomentItem({ ticket }: { ticket: MomentTicketView }) {
  const { t } = useTranslation("reports");
  const body = (
    <div className="moments-ticket" style={{ borderLeftColor: ticket.queue?.color ?? undefined }} data-testid="moment-ticket">
      <div className="moments-ticket-top">
        <strong title={ticket.contact.name}>{cut(ticket.contact.name)}</strong>
        {ticket.unreadMessages ? (
          <Tag round intent="success" aria-label={t("moments.unread", { count: ticket.unreadMessages })}>
            {ticket.unreadMessages}
          </Tag>
        ) : null}
      </div>
      <SlaMark sla={ticket.sla} />
      <div title={ticket.lastMessage}>{cut(ticket.lastMessage)}</div>
      <div className="moments-ticket-meta">
        {ticket.whatsapp?.name ?? "—"} · {ticket.queue?.name ?? t("moments.noQueue")} · {formatDateTime(ticket.updatedAt)}
      </div>
    </div>
  );
  return ticket.canOpen ? (
    <Link href={`/tickets/${ticket.uuid}`} aria-label={t("moments.open", { name: ticket.contact.name })}>
      {body}
    </Link>
  ) : (
    body
  );
}

/** /moments 'Painel de Atendimentos' (spec 002 §2.16): a card per attendant plus Pendentes, live through the company's ticket events. */
export function MomentsPage() {
  const { user } = useSession();
  const { t } = useTranslation("reports");
  if (!mayViewRealTime(user))
    return (
      <PageLayout title={t("moments.title")}>
        <EmptyState icon="lock" title={t("moments.forbidden")} />
      </PageLayout>
    );
  return <MomentsBoard />;
}

function MomentsBoard() {
  const { t } = useTranslation("reports");
  const moments = useGetUsersMomentsQuery();
  // Any change of a company's ticket (a customer's message, an accept, a close) redraws the board.
  useCompanyEvent("ticket", () => void moments.refetch());
  return (
    <PageLayout title={t("moments.title")}>
      {!moments.data ? (
        <LoadingState />
      ) : (
        <div className="moments-board">
          {moments.data.map((group) => (
            <Card key={group.user?.id ?? "pending"} className="moments-card" aria-label={group.user ? cut(group.user.name) : t("moments.pending")}>
              <H5>
                {group.user ? cut(group.user.name) : t("moments.pending")}{" "}
                <Tag minimal round>
                  {group.tickets.length}
                </Tag>
              </H5>
              {group.tickets.map((ticket) => (
                <MomentItem key={ticket.id} ticket={ticket} />
              ))}
            </Card>
          ))}
        </div>
      )}
    </PageLayout>
  );
}

export default MomentsPage;
