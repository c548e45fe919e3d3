import { useEffect, useState } from "react";
import { Button, Divider, Intent, Switch } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { toastError, toastSuccess } from "../../../../web/src/ui/toast.ts";
import type { TicketDrawerSectionProps } from "../../../tickets/web/public.ts";
import { formatNumber } from "../../shared/phone.ts";
import { ContactAvatar } from "../contact-avatar.tsx";
import { ContactDialog } from "../contact-dialog.tsx";
import { useBlockContactMutation } from "../contacts-api.ts";
import { useContactProfileQuery, useToggleAcceptAudioMutation } from "./contact-flags-api.ts";
import { useDrawerContact } from "./use-drawer-contact.ts";

/**
 * The top of the ticket's contact drawer (spec 000 §2): picture (refreshed from the provider),
 * name, number (masked by the server for LGPD), e-mail, edit, block and the audio switch.
 */
export function ContactCardSection(props: TicketDrawerSectionProps) {
  const { ticket, isOpen } = props;
  const { t } = useTranslation("contacts");
  const contact = useDrawerContact(props);
  // A masked number (LGPD) or a group id cannot be looked up at the provider.
  const canRefreshPicture = isOpen && !contact.isGroup && !!contact.number && !contact.number.includes("*");
  const { currentData: profile } = useContactProfileQuery(contact.number, { skip: !canRefreshPicture });
  const [block, blocking] = useBlockContactMutation();
  const [toggleAudio, togglingAudio] = useToggleAcceptAudioMutation();
  const [active, setActive] = useState<boolean | null>(null);
  const [audio, setAudio] = useState<boolean | null>(null);
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    setActive(null);
    setAudio(null);
  }, [ticket.contactId]);
  const isActive = active ?? contact.active;
  const acceptsAudio = audio ?? contact.acceptAudioMessage;

  const toggleBlock = async () => {
    const next = !isActive;
    try {
      const res = await block({ id: ticket.contactId, active: next }).unwrap();
      setActive(typeof res?.active === "boolean" ? res.active : next);
      toastSuccess(next ? t("workspace.unblocked") : t("workspace.blocked"));
    } catch (err) {
      toastError(err);
    }
  };

  const flipAudio = async () => {
    const next = !acceptsAudio;
    try {
      const res = await toggleAudio({ contactId: ticket.contactId, acceptAudioMessage: next }).unwrap();
      setAudio(typeof res?.acceptAudioMessage === "boolean" ? res.acceptAudioMessage : next);
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <>
      <div style={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 6, textAlign: "center" }}>
        <ContactAvatar name={contact.name} src={profile?.urlPicture || contact.urlPicture} size={96} />
        <strong style={{ fontSize: 16, wordBreak: "break-word" }}>{contact.name}</strong>
        <span data-testid="contact-number">{contact.isGroup ? contact.number : formatNumber(contact.number)}</span>
        {contact.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : null}
        <div style={{ display: "flex", gap: 6, flexWrap: "wrap", justifyContent: "center" }}>
          <Button icon="edit" text={t("workspace.edit")} onClick={() => setEditing(true)} size="small" />
          <Button
            icon={isActive ? "disable" : "unlock"}
            intent={isActive ? Intent.DANGER : Intent.SUCCESS}
            variant="outlined"
            size="small"
            text={isActive ? t("workspace.block") : t("workspace.unblock")}
            onClick={toggleBlock}
            loading={blocking.isLoading}
          />
        </div>
      </div>
      <Switch label={t("workspace.acceptAudio")} checked={acceptsAudio} disabled={togglingAudio.isLoading} onChange={flipAudio} />
      <Divider />
      <ContactDialog isOpen={editing} contactId={ticket.contactId} onClose={() => setEditing(false)} />
    </>
  );
}
