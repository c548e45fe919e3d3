import { Button } from "@blueprintjs/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ComposerToolProps } from "../../tickets/web/public.ts";
import { ScheduleDialog } from "./schedule-dialog.tsx";

/**
 * The composer's schedule button (spec 000 §2 conversation screen), contributed to the
 * `tickets.composerTools` zone: a new schedule for the ticket's contact, what the attendant
 * typed as its message.
 */
export function ScheduleComposerTool({ ticket }: ComposerToolProps) {
  const { t } = useTranslation("schedules");
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon="time" variant="minimal" aria-label={t("actions.schedule")} title={t("actions.schedule")} onClick={() => setOpen(true)} />
      <ScheduleDialog isOpen={open} scheduleId={null} contact={{ id: ticket.contact.id, name: ticket.contact.name }} onClose={() => setOpen(false)} />
    </>
  );
}
