import { useState } from "react";
import { Button, HTMLTable, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { Zone } from "../../../web/src/plugin/zone.tsx";
import { useCompanyEvent } from "../../../web/src/realtime/realtime.ts";
import { useSession } from "../../../web/src/session/session.ts";
import {
  ConfirmDialog,
  EmptyState,
  ListFooter,
  PageLayout,
  SearchAndAdd,
  toastError,
  toastSuccess,
  useConfirmedAction,
  useLiveList,
  type LivePage,
} from "../../../web/src/ui/index.ts";
import { formatNumber } from "../shared/phone.ts";
import { ContactAvatar } from "./contact-avatar.tsx";
import { ContactDialog } from "./contact-dialog.tsx";
import { ContactTagsCell } from "./contact-tags-cell.tsx";
import { ContactTagsDialog } from "./contact-tags-dialog.tsx";
import { useBlockContactMutation, useDeleteContactMutation, useGetContactsPageQuery, type Contact } from "./contacts-api.ts";
import "./zones.ts";

/** Spec 000 §9: searching contacts starts at 3 typed characters. */
export const MIN_SEARCH = 3;

/** The term sent to the server: nothing until 3 characters are typed. */
export const searchTerm = (typed: string) => (typed.trim().length >= MIN_SEARCH ? typed.trim() : "");

/**
 * /contacts (spec 000 §2): search (500 ms debounce, from 3 characters), the table with
 * infinite scroll and live updates, the contact dialog, the tags editor, block/unblock
 * and — for holders of contacts-page:deleteContact — delete. Other plugins add toolbar
 * buttons in the `contacts.listActions` zone (import, export). When many contacts change at
 * once (`{ action: "reload" }`, an import), the list starts again from its first page.
 */
export function ContactsPage() {
  const [search, setSearch] = useState("");
  const [generation, setGeneration] = useState(0);
  useCompanyEvent("contact", (payload) => {
    if ((payload as { action?: unknown } | null)?.action === "reload") setGeneration((g) => g + 1);
  });
  return <ContactsList key={generation} search={search} setSearch={setSearch} />;
}

function ContactsList({ search, setSearch }: { search: string; setSearch: (value: string) => void }) {
  const { t } = useTranslation("contacts");
  const { can } = useSession();
  const list = useLiveList({
    query: useGetContactsPageQuery,
    args: (searchParam, pageNumber) => ({ searchParam, pageNumber }),
    page: (p): LivePage<Contact> => ({ records: p.contacts, count: p.count, hasMore: p.hasMore }),
    topic: "contact",
    payloadKey: "contact",
    search: searchTerm(search),
    loadError: t("messages.loadError"),
  });
  const [dialog, setDialog] = useState<{ open: boolean; contactId: number | null }>({ open: false, contactId: null });
  const [tagging, setTagging] = useState<Contact | null>(null);
  const [deleteContact, deleting] = useDeleteContactMutation();
  const deletion = useConfirmedAction((contact: Contact) => deleteContact(contact.id).unwrap(), {
    success: t("messages.deleted"),
    onDone: (contact) => list.remove(contact.id),
  });
  const [blockContact] = useBlockContactMutation();
  const canDelete = can("contacts-page:deleteContact");

  const toggleBlock = async (contact: Contact) => {
    try {
      const saved = await blockContact({ id: contact.id, active: !contact.active }).unwrap();
      list.upsert(saved);
      toastSuccess(saved.active ? t("messages.unblocked") : t("messages.blocked"));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <PageLayout
      title={t("titleCount", { count: list.count })}
      actions={
        <>
          <SearchAndAdd searchLabel={t("searchPlaceholder")} search={search} onSearch={setSearch} addLabel={t("add")} onAdd={() => setDialog({ open: true, contactId: null })} />
          <Zone name="contacts.listActions" props={{ filter: { searchParam: searchTerm(search) } }} />
        </>
      }
    >
      {list.empty ? (
        <EmptyState icon="person" title={t("empty")} />
      ) : (
        <HTMLTable striped style={{ width: "100%" }} aria-label={t("title")}>
          <thead>
            <tr>
              <th style={{ width: 48 }} aria-label={t("columns.avatar")} />
              <th>{t("columns.name")}</th>
              <th>{t("columns.number")}</th>
              <th>{t("columns.email")}</th>
              <th>{t("columns.tags")}</th>
              <th style={{ textAlign: "center" }}>{t("columns.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {list.records.map((c) => (
              <tr key={c.id} style={c.active ? undefined : { opacity: 0.6 }}>
                <td>
                  <ContactAvatar name={c.name} src={c.urlPicture} />
                </td>
                <td>{c.name}</td>
                <td>{formatNumber(c.number)}</td>
                <td>{c.email}</td>
                <td>
                  <ContactTagsCell tags={c.tags} />
                </td>
                <td style={{ whiteSpace: "nowrap", textAlign: "center" }}>
                  <Button icon="tag" variant="minimal" aria-label={t("actions.tags", { name: c.name })} onClick={() => setTagging(c)} />
                  <Button icon="edit" variant="minimal" aria-label={t("actions.edit", { name: c.name })} onClick={() => setDialog({ open: true, contactId: c.id })} />
                  <Button
                    icon={c.active ? "disable" : "unlock"}
                    variant="minimal"
                    intent={c.active ? Intent.WARNING : Intent.SUCCESS}
                    aria-label={c.active ? t("actions.block", { name: c.name }) : t("actions.unblock", { name: c.name })}
                    onClick={() => toggleBlock(c)}
                  />
                  {canDelete ? (
                    <Button icon="trash" variant="minimal" intent={Intent.DANGER} aria-label={t("actions.delete", { name: c.name })} onClick={() => deletion.ask(c)} />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <ListFooter sentinel={list.sentinel} loading={list.loading} />

      <ContactDialog isOpen={dialog.open} contactId={dialog.contactId} onClose={() => setDialog({ open: false, contactId: null })} onSaved={list.upsert} />
      <ContactTagsDialog isOpen={tagging !== null} contact={tagging} onClose={() => setTagging(null)} onSaved={(tags) => tagging && list.upsert({ ...tagging, tags })} />
      <ConfirmDialog {...deletion.dialog} title={t("confirm.title", { name: deletion.target?.name ?? "" })} message={t("confirm.message")} loading={deleting.isLoading} />
    </PageLayout>
  );
}

export default ContactsPage;
