import { useEffect, useMemo, useState } from "react";
import { FormGroup, HTMLSelect, Icon } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { TicketDrawerSectionProps, TicketHeaderActionProps, TicketView } from "../../tickets/web/public.ts";
import { useCompanyEvent } from "../../../web/src/realtime/realtime.ts";
import { useAppDispatch } from "../../../web/src/store/store.ts";
import { reloadLaneOptions, useLaneOptionsQuery } from "../../tags/web/public.ts";
import { laneOf, useMoveTicket } from "./use-move-ticket.ts";

/**
 * The ticket's kanban stage (spec 000 §4 "Kanban stage"): the lanes as choices, the current
 * one selected; choosing moves the ticket (old link removed, then the new one set), the empty
 * choice clears it. Shown as soon as the company has lanes.
 */
function StageSelect({ ticket, id, compact }: { ticket: TicketView; id: string; compact: boolean }) {
  const { t } = useTranslation("kanban");
  // The lanes without their ticket counts (the tags plugin's GET /tags/list?kanban=1): opening a conversation reads no ticket tags.
  const { data: lanes = [] } = useLaneOptionsQuery();
  // A lane created, renamed or deleted elsewhere: one refetch of the shared answer, however many selectors show it.
  const dispatch = useAppDispatch();
  useCompanyEvent("tag", () => void dispatch(reloadLaneOptions()));
  const laneIds = useMemo(() => new Set(lanes.map((l) => l.id)), [lanes]);
  const current = laneOf(ticket.tags, laneIds);
  const [value, setValue] = useState<number | null>(current);
  useEffect(() => setValue(current), [current, ticket.id]);
  const { move, busy } = useMoveTicket();
  if (!lanes.length) return null;

  const choose = async (next: number | null) => {
    const previous = value;
    setValue(next);
    if (!(await move(ticket, next))) setValue(previous);
  };
  const select = (
    <HTMLSelect
      id={id}
      aria-label={compact ? t("stage.label") : undefined}
      title={compact ? t("stage.label") : undefined}
      fill={!compact}
      style={compact ? { maxWidth: 190 } : undefined}
      disabled={busy}
      value={value === null ? "" : String(value)}
      onChange={(e) => void choose(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
      options={[{ value: "", label: compact ? `${t("stage.label")}: ${t("stage.none")}` : t("stage.none") }, ...lanes.map((l) => ({ value: String(l.id), label: l.name }))]}
    />
  );
  return compact ? (
    <span style={{ display: "inline-flex", alignItems: "center", gap: 6, flex: "0 0 auto" }}>
      <Icon icon="column-layout" className="bp6-text-muted" />
      {select}
    </span>
  ) : (
    <FormGroup label={t("stage.label")} labelFor={id}>
      {select}
    </FormGroup>
  );
}

/** `tickets.headerActions`: the stage selector in the conversation header. */
export function TicketHeaderStage({ ticket }: TicketHeaderActionProps) {
  return <StageSelect ticket={ticket} id="ticket-header-stage" compact />;
}

/** `tickets.drawerSections` (order 20): the stage selector in the contact drawer, where spec 000 §2 lists it. */
export function TicketDrawerStage({ ticket }: TicketDrawerSectionProps) {
  return <StageSelect ticket={ticket} id="ticket-drawer-stage" compact={false} />;
}
