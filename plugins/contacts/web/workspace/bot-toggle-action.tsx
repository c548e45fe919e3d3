import { useEffect, useState } from "react";
import { Button, Tooltip } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../../web/src/ui/toast.ts";
import type { TicketHeaderActionProps } from "../../../tickets/web/public.ts";
import { useToggleDisableBotMutation } from "./contact-flags-api.ts";

/** The conversation header's chatbot switch for the ticket's contact (spec 000 §4), shown while the ticket is live. */
export function BotToggleAction({ ticket }: TicketHeaderActionProps) {
  const { t } = useTranslation("contacts");
  const [toggle, toggling] = useToggleDisableBotMutation();
  const [botDisabled, setBotDisabled] = useState(ticket.contact.disableBot);
  useEffect(() => setBotDisabled(ticket.contact.disableBot), [ticket.contact.disableBot, ticket.id]);
  if (ticket.status !== "open" && ticket.status !== "group") return null;

  const flip = async () => {
    try {
      const res = await toggle({ contactId: ticket.contactId, ticketId: ticket.id }).unwrap();
      setBotDisabled(typeof res?.disableBot === "boolean" ? res.disableBot : !botDisabled);
    } catch (err) {
      toastError(err);
    }
  };
  const label = botDisabled ? t("workspace.enableBot") : t("workspace.disableBot");
  return (
    <Tooltip content={label}>
      <Button variant="minimal" icon={botDisabled ? "disable" : "predictive-analysis"} aria-label={label} aria-pressed={!botDisabled} onClick={flip} loading={toggling.isLoading} />
    </Tooltip>
  );
}
