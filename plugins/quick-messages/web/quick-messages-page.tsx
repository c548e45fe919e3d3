import { useState } from "react";
import { Button, HTMLTable, Icon, Intent, Tag as Chip } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../web/src/session/session.ts";
import { ConfirmDialog, EmptyState, ListFooter, PageLayout, SearchAndAdd, useConfirmedAction, useLiveList, type LivePage } from "../../../web/src/ui/index.ts";
import { QuickMessageDialog } from "./quick-message-dialog.tsx";
import { isLockedFor, previewText, useDeleteQuickMessageMutation, useGetQuickMessagesPageQuery, type QuickMessage } from "./quick-messages-api.ts";

/** The server's order: shortcode, case aside, then id. */
const byShortcode = (a: QuickMessage, b: QuickMessage) => a.shortcode.toLowerCase().localeCompare(b.shortcode.toLowerCase()) || a.id - b.id;

/**
 * /quick-messages (spec 000 §2): search (500 ms debounce), the caller's own, general and
 * shared-visible replies with infinite scroll and live updates, add / edit in a dialog,
 * delete after confirmation. Locked rows (shared-visible, not general, someone else's)
 * are read-only: no edit or delete buttons, a lock instead.
 */
export function QuickMessagesPage() {
  const { t } = useTranslation("quick-messages");
  const { user } = useSession();
  const [search, setSearch] = useState("");
  // The server announces private messages only to their owner; an update may make one
  // visible here (shared), so updates may add rows too.
  const list = useLiveList({
    query: useGetQuickMessagesPageQuery,
    args: (searchParam, pageNumber) => ({ searchParam, pageNumber }),
    page: (p): LivePage<QuickMessage> => p,
    topic: "quickemessage",
    payloadKey: "record",
    search: search.trim(),
    order: byShortcode,
    insertOn: "upsert",
    loadError: t("messages.loadError"),
  });
  const [dialog, setDialog] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const [deleteQuickMessage, deleting] = useDeleteQuickMessageMutation();
  const deletion = useConfirmedAction((record: QuickMessage) => deleteQuickMessage(record.id).unwrap(), {
    success: t("messages.deleted"),
    onDone: (record) => list.remove(record.id),
  });

  const me = user?.id ?? 0;

  return (
    <PageLayout
      title={t("titleCount", { count: list.count })}
      actions={<SearchAndAdd searchLabel={t("searchPlaceholder")} search={search} onSearch={setSearch} addLabel={t("add")} onAdd={() => setDialog({ open: true, id: null })} />}
    >
      {list.empty ? (
        <EmptyState icon="comment" title={t("empty")} />
      ) : (
        <HTMLTable striped style={{ width: "100%" }} aria-label={t("title")}>
          <thead>
            <tr>
              <th>{t("columns.shortcode")}</th>
              <th>{t("columns.message")}</th>
              <th>{t("columns.attachment")}</th>
              <th style={{ textAlign: "center" }}>{t("columns.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {list.records.map((r) => {
              const locked = isLockedFor(r, me);
              return (
                <tr key={r.id}>
                  <td>
                    <strong>/{r.shortcode}</strong>{" "}
                    {r.geral ? (
                      <Chip minimal intent={Intent.PRIMARY}>
                        {t("badges.geral")}
                      </Chip>
                    ) : null}{" "}
                    {r.visao ? <Chip minimal>{t("badges.visao")}</Chip> : null}
                  </td>
                  <td style={{ whiteSpace: "pre-wrap" }}>{previewText(r.message)}</td>
                  <td>
                    {r.mediaName ? (
                      <Chip icon="paperclip" minimal>
                        {r.mediaName}
                      </Chip>
                    ) : null}
                  </td>
                  <td style={{ whiteSpace: "nowrap", textAlign: "center" }}>
                    {locked ? (
                      <span title={t("locked")} aria-label={t("lockedRow", { name: r.shortcode })} role="img">
                        <Icon icon="lock" />
                      </span>
                    ) : (
                      <>
                        <Button icon="edit" variant="minimal" aria-label={t("actions.edit", { name: r.shortcode })} onClick={() => setDialog({ open: true, id: r.id })} />
                        <Button icon="trash" variant="minimal" intent={Intent.DANGER} aria-label={t("actions.delete", { name: r.shortcode })} onClick={() => deletion.ask(r)} />
                      </>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      )}
      <ListFooter sentinel={list.sentinel} loading={list.loading} />

      <QuickMessageDialog isOpen={dialog.open} quickMessageId={dialog.id} onClose={() => setDialog({ open: false, id: null })} onSaved={list.upsert} />
      <ConfirmDialog {...deletion.dialog} title={t("confirm.title", { name: deletion.target?.shortcode ?? "" })} message={t("confirm.message")} loading={deleting.isLoading} />
    </PageLayout>
  );
}

export default QuickMessagesPage;
