import { useState } from "react";
import { InputGroup, Menu, MenuItem, Spinner } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { formatDate, useDebouncedValue, useInfiniteScroll } from "../../../web/src/ui/index.ts";
import type { Announcement } from "./announcements-api.ts";
import { PRIORITY_COLORS, PRIORITY_LABEL_KEYS, priorityOf } from "./priority.tsx";
import { useAnnouncementList } from "./use-announcement-list.ts";

/** The popover's content: a search box and the paged list, each row coloured by priority. */
export function AnnouncementsPopoverList({ onOpen }: { onOpen: (a: Announcement) => void }) {
  const { t } = useTranslation("announcements");
  const [search, setSearch] = useState("");
  const list = useAnnouncementList(useDebouncedValue(search));
  const sentinel = useInfiniteScroll(list.loadMore, list.hasMore, { loading: list.loading });

  return (
    <div style={{ width: 340, maxWidth: "calc(100vw - 24px)", padding: 8 }}>
      <InputGroup type="search" leftIcon="search" placeholder={t("search")} aria-label={t("search")} value={search} onChange={(e) => setSearch(e.target.value)} />
      <div style={{ maxHeight: 360, overflowY: "auto", marginTop: 8 }} data-testid="announcements-popover-list">
        <Menu style={{ padding: 0 }}>
          {list.records.map((a) => {
            const p = priorityOf(a.priority);
            return (
              <MenuItem
                key={a.id}
                data-testid="announcement-item"
                data-priority={p}
                style={{ borderLeft: `4px solid ${PRIORITY_COLORS[p]}`, marginBottom: 4 }}
                onClick={() => onOpen(a)}
                text={
                  <div>
                    <div style={{ fontWeight: 600, overflow: "hidden", textOverflow: "ellipsis" }}>{a.title}</div>
                    <div className="bp6-text-muted bp6-text-small" style={{ overflow: "hidden", textOverflow: "ellipsis" }}>
                      {a.text}
                    </div>
                  </div>
                }
                labelElement={
                  <span style={{ color: PRIORITY_COLORS[p], fontWeight: 600 }} data-testid="announcement-priority">
                    {t(PRIORITY_LABEL_KEYS[p])} · {formatDate(a.createdAt)}
                  </span>
                }
              />
            );
          })}
        </Menu>
        {!list.loading && !list.records.length ? (
          <div className="bp6-text-muted" style={{ padding: 12, textAlign: "center" }}>
            {list.failed ? t("messages.loadError") : t("empty")}
          </div>
        ) : null}
        <div ref={sentinel} style={{ height: 1 }} />
        {list.loading ? <Spinner size={20} style={{ margin: 8 }} /> : null}
      </div>
    </div>
  );
}
