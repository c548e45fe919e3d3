import { Button, Dialog, DialogBody, DialogFooter } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../web/src/ui/index.ts";
import type { Announcement } from "./announcements-api.ts";
import { mediaSrc } from "./media-url.ts";
import { PriorityTag } from "./priority.tsx";

/** One announcement in full: title, priority, date, text and image. */
export function AnnouncementDetail({ announcement, onClose }: { announcement: Announcement | null; onClose: () => void }) {
  const { t } = useTranslation("announcements");
  const src = mediaSrc(announcement?.mediaUrl);
  return (
    <Dialog isOpen={!!announcement} onClose={onClose} title={announcement?.title} icon="announcement" style={{ width: 560, maxWidth: "calc(100vw - 32px)" }}>
      {announcement ? (
        <DialogBody>
          <div style={{ display: "flex", alignItems: "center", gap: 8, marginBottom: 12 }}>
            <PriorityTag priority={announcement.priority} />
            <span className="bp6-text-muted" data-testid="announcement-date">
              {formatDateTime(announcement.createdAt)}
            </span>
          </div>
          {src ? <img src={src} alt={announcement.mediaName ?? announcement.title} style={{ maxWidth: "100%", borderRadius: 4, marginBottom: 12 }} /> : null}
          <p style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{announcement.text}</p>
        </DialogBody>
      ) : null}
      <DialogFooter actions={<Button text={t("actions.close")} onClick={onClose} />} />
    </Dialog>
  );
}
