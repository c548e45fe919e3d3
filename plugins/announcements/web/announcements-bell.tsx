import { useState } from "react";
import { Popover } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useRealtimeEvent } from "../../../web/src/realtime/realtime.ts";
import { useGetAnnouncementsQuery, type Announcement } from "./announcements-api.ts";
import { AnnouncementDetail } from "./announcement-detail.tsx";
import { AnnouncementsPopoverList } from "./announcements-popover-list.tsx";
import { BadgedIconButton } from "../../../web/src/ui/index.ts";

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
        <BadgedIconButton icon="announcement" label={t("bell.label", { count })} title={t("bell.title")} count={count} badgeTestId="announcements-badge" />
      </Popover>
      <AnnouncementDetail announcement={detail} onClose={() => setDetail(null)} />
    </>
  );
}

export default AnnouncementsBell;
