import { Tag } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { MomentTicketView } from "../shared/report-types.ts";

/** How often the panel re-reads the clock: a ticket crosses 80 % of its target with no event at all. */
export const SLA_TICK_MS = 15_000;

/** The state at `now` from the server's instants (warning from warnAt, breached from dueAt). */
export function slaStateAt(sla: NonNullable<MomentTicketView["sla"]>, now: number): "ok" | "warning" | "breached" {
  return now >= Date.parse(sla.dueAt) ? "breached" : now >= Date.parse(sla.warnAt) ? "warning" : "ok";
}

/** The panel's mark on a ticket about to breach (or past) its queue's first-response target; nothing while ok. */
export function SlaMark({ sla }: { sla: MomentTicketView["sla"] }) {
  const { t } = useTranslation("reports");
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!sla) return;
    const timer = setInterval(() => setNow(Date.now()), SLA_TICK_MS);
    return () => clearInterval(timer);
  }, [sla]);
  if (!sla) return null;
  const state = slaStateAt(sla, now);
  if (state === "ok") return null;
  const minutes = Math.max(0, Math.round(Math.abs(Date.parse(sla.dueAt) - now) / 60_000));
  return (
    <Tag round intent={state === "breached" ? "danger" : "warning"} icon="time" data-testid="sla-mark" data-state={state}>
      {state === "breached" ? t("sla.breached", { minutes }) : t("sla.warning", { minutes })}
    </Tag>
  );
}
