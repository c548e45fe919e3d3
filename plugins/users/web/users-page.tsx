import { useState } from "react";
import { Button, HTMLTable, Intent, Tag, Tooltip } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../web/src/session/session.ts";
import { ConfirmDialog, EmptyState, ListFooter, NoAccess, PageLayout, SearchAndAdd, useConfirmedAction, useLiveList, type LivePage } from "../../../web/src/ui/index.ts";
import { UserAvatar } from "./user-avatar.tsx";
import { UserDialog } from "./user-dialog.tsx";
import { useDeleteUserMutation, useGetUsersPageQuery, type User } from "./users-api.ts";

/** The green or grey dot of the status column. */
function OnlineDot({ online }: { online: boolean }) {
  const { t } = useTranslation("users");
  const label = online ? t("status.online") : t("status.offline");
  return (
    <Tooltip content={label} placement="top">
      <span role="img" aria-label={label} style={{ display: "inline-block", width: 10, height: 10, borderRadius: "50%", background: online ? "#238551" : "#8f99a8" }} />
    </Tooltip>
  );
}

/**
 * /users (spec 001 §2): 'Usuários (count)', a search box (500 ms debounce), the add
 * button, the table with infinite scroll, live updates, and the user dialog.
 */
export function UsersPage() {
  const { t } = useTranslation("users");
  const { isAdmin, user: me } = useSession();
  const [search, setSearch] = useState("");
  // Status flips carry the whole public user too, so a live upsert is always complete.
  const list = useLiveList({
    query: useGetUsersPageQuery,
    args: (searchParam, pageNumber) => ({ searchParam, pageNumber }),
    page: (p): LivePage<User> => ({ records: p.users, count: p.count, hasMore: p.hasMore }),
    topic: "user",
    payloadKey: "user",
    search: search.trim(),
    skip: !isAdmin,
    loadError: t("messages.loadError"),
  });
  const [dialog, setDialog] = useState<{ open: boolean; userId: number | null }>({ open: false, userId: null });
  const [deleteUser, deleting] = useDeleteUserMutation();
  const deletion = useConfirmedAction((user: User) => deleteUser(user.id).unwrap(), {
    success: t("messages.deleted"),
    onDone: (user) => list.remove(user.id),
  });

  if (!isAdmin) {
    return (
      <PageLayout title={t("title")}>
        <NoAccess />
      </PageLayout>
    );
  }

  return (
    <PageLayout
      title={t("titleCount", { count: list.count })}
      actions={<SearchAndAdd searchLabel={t("searchPlaceholder")} search={search} onSearch={setSearch} addLabel={t("add")} onAdd={() => setDialog({ open: true, userId: null })} />}
    >
      {list.empty ? (
        <EmptyState icon="people" title={t("empty")} />
      ) : (
        <HTMLTable striped style={{ width: "100%" }} aria-label={t("title")}>
          <thead>
            <tr>
              <th>{t("columns.id")}</th>
              <th>{t("columns.status")}</th>
              <th>{t("columns.avatar")}</th>
              <th>{t("columns.name")}</th>
              <th>{t("columns.email")}</th>
              <th>{t("columns.profile")}</th>
              <th>{t("columns.startWork")}</th>
              <th>{t("columns.endWork")}</th>
              <th style={{ textAlign: "center" }}>{t("columns.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {list.records.map((u) => (
              <tr key={u.id}>
                <td>{u.id}</td>
                <td>
                  <OnlineDot online={u.online} />
                </td>
                <td>
                  <UserAvatar name={u.name} src={u.profileImage} />
                </td>
                <td>{u.name}</td>
                <td>{u.email}</td>
                <td>
                  {u.super ? (
                    <Tag minimal intent={Intent.WARNING}>
                      {t("profiles.super")}
                    </Tag>
                  ) : (
                    t(`profiles.${u.profile}`)
                  )}
                </td>
                <td>{u.startWork}</td>
                <td>{u.endWork}</td>
                <td style={{ whiteSpace: "nowrap", textAlign: "center" }}>
                  <Button icon="edit" variant="minimal" aria-label={t("actions.edit", { name: u.name })} onClick={() => setDialog({ open: true, userId: u.id })} />
                  <Button
                    icon="trash"
                    variant="minimal"
                    intent={Intent.DANGER}
                    aria-label={t("actions.delete", { name: u.name })}
                    disabled={u.id === me?.id}
                    onClick={() => deletion.ask(u)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <ListFooter sentinel={list.sentinel} loading={list.loading} />

      <UserDialog isOpen={dialog.open} userId={dialog.userId} onClose={() => setDialog({ open: false, userId: null })} onSaved={(user) => list.upsert(user)} />
      <ConfirmDialog {...deletion.dialog} title={t("confirm.title", { name: deletion.target?.name ?? "" })} message={t("confirm.message")} loading={deleting.isLoading} />
    </PageLayout>
  );
}

export default UsersPage;
