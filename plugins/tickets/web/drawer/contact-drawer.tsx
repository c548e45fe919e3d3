import { useEffect, useMemo, useState } from "react";
import { Button, Divider, Drawer, Intent, Position, Switch, Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../../contacts/shared/phone.ts";
import { ContactAvatar } from "../../../contacts/web/contact-avatar.tsx";
import { ContactDialog } from "../../../contacts/web/contact-dialog.tsx";
import { ContactTagsDialog } from "../../../contacts/web/contact-tags-dialog.tsx";
import { useBlockContactMutation, useGetContactQuery } from "../../../contacts/web/contacts-api.ts";
import { toastError, toastSuccess } from "../../../../web/src/ui/toast.ts";
import type { TicketView } from "../../shared/ticket-types.ts";
import { useContactProfileQuery, useToggleAcceptAudioMutation } from "../extras-api.ts";
import { ContactExtraInfo } from "./contact-extra-info.tsx";
import { TicketNotes } from "./ticket-notes.tsx";
import { TicketTagSelect } from "./ticket-tag-select.tsx";

/** Spec 000 §9: the contact drawer is 320 px wide. */
export const CONTACT_DRAWER_WIDTH = 320;

export interface ContactDrawerProps {
  ticket: TicketView;
  isOpen: boolean;
  onClose: () => void;
}

/**
 * The right contact drawer (spec 000 §2): picture, name, number (masked by the server for
 * LGPD), e-mail, edit, block, audio, the ticket's stage, the contact's tags, notes and
 * extra information.
 */
export function ContactDrawer({ ticket, isOpen, onClose }: ContactDrawerProps) {
  const { t } = useTranslation("tickets");
  const { currentData: full } = useGetContactQuery(ticket.contactId, { skip: !isOpen });
  const base = ticket.contact;
  const contact = {
    name: full?.name ?? base.name,
    number: full?.number ?? base.number,
    email: full?.email ?? base.email,
    urlPicture: full?.urlPicture ?? base.urlPicture,
    active: full?.active ?? base.active,
    acceptAudioMessage: full?.acceptAudioMessage ?? base.acceptAudioMessage,
    isGroup: full?.isGroup ?? base.isGroup,
    tags: full?.tags ?? [],
    extraInfo: full?.extraInfo ?? [],
  };
  // A masked number (LGPD) or a group id cannot be looked up at the provider.
  const canRefreshPicture = isOpen && !contact.isGroup && !!contact.number && !contact.number.includes("*");
  const { currentData: profile } = useContactProfileQuery(contact.number, { skip: !canRefreshPicture });
  const [block, blocking] = useBlockContactMutation();
  const [toggleAudio, togglingAudio] = useToggleAcceptAudioMutation();
  const [active, setActive] = useState<boolean | null>(null);
  const [audio, setAudio] = useState<boolean | null>(null);
  const [editing, setEditing] = useState(false);
  const [editingTags, setEditingTags] = useState(false);
  useEffect(() => {
    setActive(null);
    setAudio(null);
  }, [ticket.contactId]);
  // the tags dialog resets its selection whenever its contact changes identity
  const fullTags = full?.tags;
  const tagsTarget = useMemo(() => ({ id: ticket.contactId, name: contact.name, tags: fullTags ?? [] }), [ticket.contactId, contact.name, fullTags]);
  const isActive = active ?? contact.active;
  const acceptsAudio = audio ?? contact.acceptAudioMessage;

  const toggleBlock = async () => {
    const next = !isActive;
    try {
      const res = await block({ id: ticket.contactId, active: next }).unwrap();
      setActive(typeof res?.active === "boolean" ? res.active : next);
      toastSuccess(next ? t("actions.drawer.unblocked") : t("actions.drawer.blocked"));
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
    <Drawer isOpen={isOpen} onClose={onClose} position={Position.RIGHT} size={CONTACT_DRAWER_WIDTH} title={t("actions.drawer.title")} icon="person" hasBackdrop={false} canOutsideClickClose={false} enforceFocus={false} autoFocus={false}>
      <aside className="contact-drawer" aria-label={t("actions.drawer.title")} style={{ padding: 16, overflowY: "auto", display: "flex", flexDirection: "column", gap: 12 }}>
        <div style={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 6, textAlign: "center" }}>
          <ContactAvatar name={contact.name} src={profile?.urlPicture || contact.urlPicture} size={96} />
          <strong style={{ fontSize: 16, wordBreak: "break-word" }}>{contact.name}</strong>
          <span data-testid="contact-number">{contact.isGroup ? contact.number : formatNumber(contact.number)}</span>
          {contact.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : null}
          <div style={{ display: "flex", gap: 6, flexWrap: "wrap", justifyContent: "center" }}>
            <Button icon="edit" text={t("actions.drawer.edit")} onClick={() => setEditing(true)} size="small" />
            <Button
              icon={isActive ? "disable" : "unlock"}
              intent={isActive ? Intent.DANGER : Intent.SUCCESS}
              variant="outlined"
              size="small"
              text={isActive ? t("actions.drawer.block") : t("actions.drawer.unblock")}
              onClick={toggleBlock}
              loading={blocking.isLoading}
            />
          </div>
        </div>
        <Switch label={t("actions.drawer.acceptAudio")} checked={acceptsAudio} disabled={togglingAudio.isLoading} onChange={flipAudio} />
        <Divider />
        <TicketTagSelect ticketId={ticket.id} tags={ticket.tags} />
        <section aria-label={t("actions.drawer.contactTags")}>
          <div style={{ display: "flex", alignItems: "center", justifyContent: "space-between" }}>
            <h5 className="bp6-heading" style={{ margin: 0 }}>{t("actions.drawer.contactTags")}</h5>
            <Button variant="minimal" size="small" icon="tag" aria-label={t("actions.drawer.editTags")} onClick={() => setEditingTags(true)} />
          </div>
          <div style={{ display: "flex", flexWrap: "wrap", gap: 4, marginTop: 6 }}>
            {contact.tags.length ? (
              contact.tags.map((tag) => (
                <Tag key={tag.id} round style={tag.color ? { background: tag.color, color: "#fff" } : undefined}>
                  {tag.name}
                </Tag>
              ))
            ) : (
              <span className="bp6-text-muted">{t("actions.drawer.noTags")}</span>
            )}
          </div>
        </section>
        <Divider />
        <TicketNotes ticketId={ticket.id} contactId={ticket.contactId} />
        <ContactExtraInfo rows={contact.extraInfo} />
      </aside>
      <ContactDialog isOpen={editing} contactId={ticket.contactId} onClose={() => setEditing(false)} />
      <ContactTagsDialog isOpen={editingTags} contact={tagsTarget} onClose={() => setEditingTags(false)} />
    </Drawer>
  );
}
