import { useState } from "react";
import { Button, Popover } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useRealtimeEvent } from "../../../web/src/realtime/realtime.ts";
import { useGetAnnouncementsQuery, type Announcement } from "./announcements-api.ts";
import { AnnouncementDetail } from "./announcement-detail.tsx";
import { AnnouncementsPopoverList } from "./announcements-popover-list.tsx";

/**
 * The top-bar button every user has: the count of announcements on a badge, a popover
 * listing them (paged, with search) and the detail dialog. Live through "company-announcement".
 */
export function AnnouncementsBell() {
  const { t } = useTranslation("announcements");
  const [open, setOpen] = useState(false);
  const [detail, setDetail] = useState<Announcement | null>(null);
  const { data, refetch } = useGetAnnouncementsQuery({ searchParam: "", pageNumber: 1 });
  useRealtimeEvent("company-announcement", () => void refetch());
  const count = data?.count ?? 0;

  return (
    <>
      <Popover
        isOpen={open}
        onInteraction={(next) => setOpen(next)}
        placement="bottom-end"
        content={
          open ? (
            <AnnouncementsPopoverList
              onOpen={(a) => {
                setOpen(false);
                setDetail(a);
              }}
            />
          ) : undefined
        }
      >
        <span style={{ position: "relative", display: "inline-flex" }}>
          <Button variant="minimal" icon="announcement" aria-label={t("bell.label", { count })} title={t("bell.title")} />
          {count > 0 ? (
            <span
              data-testid="announcements-badge"
              style={{
                position: "absolute",
                top: 0,
                right: 0,
                minWidth: 16,
                height: 16,
                padding: "0 4px",
                borderRadius: 8,
                background: "#cd4246",
                color: "#fff",
                fontSize: 10,
                lineHeight: "16px",
                textAlign: "center",
                pointerEvents: "none",
              }}
            >
              {count > 99 ? "99+" : count}
            </span>
          ) : null}
        </span>
      </Popover>
      <AnnouncementDetail announcement={detail} onClose={() => setDetail(null)} />
    </>
  );
}

export default AnnouncementsBell;
