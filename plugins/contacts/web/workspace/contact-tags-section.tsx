import { useMemo, useState } from "react";
import { Button, Divider, Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { TicketDrawerSectionProps } from "../../../tickets/web/public.ts";
import { ContactTagsDialog } from "../contact-tags-dialog.tsx";
import { useDrawerContact } from "./use-drawer-contact.ts";

/** The contact's tags in the ticket's drawer, with the button that opens the tags editor. */
export function ContactTagsSection(props: TicketDrawerSectionProps) {
  const { t } = useTranslation("contacts");
  const { ticket } = props;
  const contact = useDrawerContact(props);
  const [editingTags, setEditingTags] = useState(false);
  // the tags dialog resets its selection whenever its contact changes identity
  const fullTags = contact.full?.tags;
  const tagsTarget = useMemo(() => ({ id: ticket.contactId, name: contact.name, tags: fullTags ?? [] }), [ticket.contactId, contact.name, fullTags]);
  return (
    <>
      <section aria-label={t("workspace.contactTags")}>
        <div style={{ display: "flex", alignItems: "center", justifyContent: "space-between" }}>
          <h5 className="bp6-heading" style={{ margin: 0 }}>
            {t("workspace.contactTags")}
          </h5>
          <Button variant="minimal" size="small" icon="tag" aria-label={t("workspace.editTags")} onClick={() => setEditingTags(true)} />
        </div>
        <div style={{ display: "flex", flexWrap: "wrap", gap: 4, marginTop: 6 }}>
          {contact.tags.length ? (
            contact.tags.map((tag) => (
              <Tag key={tag.id} round style={tag.color ? { background: tag.color, color: "#fff" } : undefined}>
                {tag.name}
              </Tag>
            ))
          ) : (
            <span className="bp6-text-muted">{t("workspace.noTags")}</span>
          )}
        </div>
      </section>
      <Divider />
      <ContactTagsDialog isOpen={editingTags} contact={tagsTarget} onClose={() => setEditingTags(false)} />
    </>
  );
}
