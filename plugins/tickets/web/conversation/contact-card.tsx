import { useState } from "react";
import { Button, Card, Icon } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { useSession } from "../../../../web/src/session/session.ts";
import { toastError, toastWarning } from "../../../../web/src/ui/toast.ts";
import { contactsApi, useCreateContactMutation } from "../../../contacts/web/public.ts";
import type { MessageView, TicketView } from "../../shared/ticket-types.ts";
import { TicketOpenDialog } from "../actions/ticket-open-dialog.tsx";
import { useTicketConflict } from "../actions/use-ticket-conflict.ts";
import { useCreateTicketMutation } from "../tickets-api.ts";
import { parseData } from "./message-rules.ts";

export interface VCardInfo {
  name: string;
  number: string;
}

/** The card's contact: dataJson {name, number}, else the FN and TEL lines of a vCard body. */
export function vCardOf(m: Pick<MessageView, "dataJson" | "body">): VCardInfo {
  const data = parseData(m);
  if (data && (typeof data.number === "string" || typeof data.name === "string")) return { name: String(data.name ?? ""), number: String(data.number ?? "").replace(/\D/g, "") };
  const fn = /^FN[^:]*:(.*)$/im.exec(m.body)?.[1]?.trim() ?? "";
  const tel = /^(?:item\d+\.)?TEL[^:]*:(.*)$/im.exec(m.body)?.[1] ?? "";
  const waid = /waid=(\d+)/i.exec(m.body)?.[1];
  return { name: fn || m.body.split("\n")[0] || "", number: waid ?? tel.replace(/\D/g, "") };
}

/**
 * A contact card (vCard). "Talk to" finds or creates the contact and opens a ticket with
 * it on this connection; it is hidden on the attendant's own cards.
 */
export function ContactCard({ message, ticket }: { message: MessageView; ticket: TicketView }) {
  const { t } = useTranslation("tickets");
  const { user } = useSession();
  const [, navigate] = useLocation();
  const card = vCardOf(message);
  const [findContacts] = contactsApi.endpoints.getContactsPage.useLazyQuery();
  const [createContact] = useCreateContactMutation();
  const [createTicket] = useCreateTicketMutation();
  const [busy, setBusy] = useState(false);
  const conflict = useTicketConflict();

  const talkTo = async () => {
    if (!card.number) return toastWarning(t("conversation.cards.noNumber"));
    setBusy(true);
    try {
      const page = await findContacts({ searchParam: card.number, pageNumber: 1 }).unwrap();
      const known = page.contacts.find((c) => c.number.replace(/\D/g, "") === card.number);
      const contactId = known?.id ?? (await createContact({ name: card.name || card.number, number: card.number }).unwrap()).id;
      const opened = await createTicket({ contactId, status: "open", userId: user?.id ?? null, queueId: ticket.queueId, whatsappId: ticket.whatsappId }).unwrap();
      navigate(`/tickets/${opened.uuid}`);
    } catch (err) {
      // The contact's live ticket: opened when it is the caller's, else named in the 'ticket already open' dialog.
      if (!conflict.handle(err)) toastError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card compact className="msg-card msg-card-contact">
      <div className="msg-card-title">
        <Icon icon="person" /> {card.name || card.number}
      </div>
      {card.number ? <div className="msg-card-text">{card.number}</div> : null}
      {!message.fromMe ? <Button size="small" icon="chat" text={t("conversation.cards.talkTo")} loading={busy} onClick={() => void talkTo()} /> : null}
      <TicketOpenDialog conflict={conflict.conflict} onClose={conflict.close} />
    </Card>
  );
}

/** A location: the coordinates of dataJson as a map link. */
export function LocationCard({ message }: { message: MessageView }) {
  const { t } = useTranslation("tickets");
  const data = parseData(message) ?? {};
  const lat = Number(data.lat ?? data.latitude ?? data.degreesLatitude);
  const lng = Number(data.lng ?? data.longitude ?? data.degreesLongitude);
  const valid = Number.isFinite(lat) && Number.isFinite(lng);
  const name = typeof data.name === "string" ? data.name : typeof data.address === "string" ? data.address : "";
  return (
    <Card compact className="msg-card msg-card-location">
      <div className="msg-card-title">
        <Icon icon="map-marker" /> {name || t("conversation.cards.location")}
      </div>
      {valid ? (
        <a href={`https://maps.google.com/maps?q=${lat},${lng}`} target="_blank" rel="noopener noreferrer">
          {t("conversation.cards.openMap")} ({lat.toFixed(5)}, {lng.toFixed(5)})
        </a>
      ) : (
        <div className="msg-card-text">{message.body}</div>
      )}
    </Card>
  );
}
