import { useEffect, useMemo, useRef, useState } from "react";
import { Button, Callout, InputGroup, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { useCompanyEvent } from "../../../web/src/realtime/realtime.ts";
import { useSession } from "../../../web/src/session/session.ts";
import { useAppDispatch } from "../../../web/src/store/store.ts";
import { EmptyState, LoadingState, PageLayout } from "../../../web/src/ui/index.ts";
import { dayWindow, localDay } from "./kanban-dates.ts";
import { kanbanApi, type KanbanTicket, useKanbanBoardQuery, useKanbanLanesQuery } from "./kanban-api.ts";
import { applyTicketEvent, type TicketEvent } from "./board-live.ts";
import { KanbanLane, type LaneColumn } from "./kanban-lane.tsx";
import { laneOf, useMoveTicket } from "./use-move-ticket.ts";
import "./kanban.css";

/** Live events arriving in a burst (a move re-announces the ticket once per call) refetch once. */
const REFETCH_DELAY_MS = 400;

/**
 * /kanban (spec 002 §2.17): a date range (default today) and 'Buscar', one lane per kanban tag
 * plus the default lane (tickets in no lane), the tickets as cards with 'Ver Ticket'. A card
 * dragged to another lane moves the ticket there (spec 002 §4.3). '+ Adicionar colunas' leads to
 * /TagsKanban for whoever may view the dashboard (admins, and users with showDashboard).
 * Ticket events patch the board in place and tag events refetch it, so other attendants'
 * moves and new messages show up live.
 */
export function KanbanPage() {
  const { t } = useTranslation("kanban");
  const { isAdmin, user } = useSession();
  const [, navigate] = useLocation();
  const [dates, setDates] = useState(() => ({ start: localDay(), end: localDay() }));
  const [query, setQuery] = useState(() => dayWindow(dates.start, dates.end));
  const lanesQuery = useKanbanLanesQuery();
  const board = useKanbanBoardQuery(query);
  const { move } = useMoveTicket();
  // A dropped card shows in its new lane at once; the refetch after the move confirms it.
  const [placed, setPlaced] = useState<ReadonlyMap<number, number | null>>(new Map());
  useEffect(() => setPlaced(new Map()), [board.data]);

  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refetchSoon = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void board.refetch(), REFETCH_DELAY_MS);
  };
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  // A ticket event patches the board in place (no request); what cannot be read refetches.
  const dispatch = useAppDispatch();
  useCompanyEvent("ticket", (payload) => {
    let applied = false;
    dispatch(kanbanApi.util.updateQueryData("kanbanBoard", query, (board) => void (applied = applyTicketEvent(board, payload as TicketEvent, query))));
    if (!applied) refetchSoon();
  });
  useCompanyEvent("tag", () => {
    void lanesQuery.refetch();
    refetchSoon();
  });

  const lanes = lanesQuery.data?.lista ?? [];
  const laneIds = useMemo(() => new Set(lanes.map((l) => l.id)), [lanes]);
  const names = new Map(lanes.map((l) => [l.id, l.name]));
  const columns: LaneColumn[] = [
    { id: null, name: t("defaultLane"), color: null, timer: null },
    ...lanes.map((l) => ({
      id: l.id,
      name: l.name,
      color: l.color,
      timer: l.timeLane > 0 && l.nextLaneId && names.has(l.nextLaneId) ? t("lane.timer", { hours: l.timeLane, next: names.get(l.nextLaneId) }) : null,
    })),
  ];
  const tickets = board.data?.tickets ?? [];
  const byLane = new Map<number | null, KanbanTicket[]>(columns.map((c) => [c.id, []]));
  for (const ticket of tickets) {
    const lane = placed.has(ticket.id) ? placed.get(ticket.id)! : laneOf(ticket.tags, laneIds);
    byLane.get(byLane.has(lane) ? lane : null)!.push(ticket);
  }

  const dropTicket = async (ticketId: number, laneId: number | null) => {
    const ticket = tickets.find((x) => x.id === ticketId);
    if (!ticket) return;
    const from = placed.has(ticketId) ? placed.get(ticketId)! : laneOf(ticket.tags, laneIds);
    if (from === laneId) return;
    setPlaced((m) => new Map(m).set(ticketId, laneId));
    const ok = await move(ticket, laneId);
    if (ok) void board.refetch();
    else
      setPlaced((m) => {
        const next = new Map(m);
        next.delete(ticketId);
        return next;
      });
  };

  const canAddColumns = isAdmin || user?.showDashboard === "enabled";
  const invalidRange = !dates.start || !dates.end || dates.start > dates.end;
  const actions = (
    <form
      className="kanban-filters"
      onSubmit={(e) => {
        e.preventDefault();
        if (invalidRange) return;
        const next = dayWindow(dates.start, dates.end);
        // A new range is fetched by the query's new arguments; refetching here would read the old range once more first.
        if (next.startDate === query.startDate && next.endDate === query.endDate) void board.refetch();
        else setQuery(next);
      }}
    >
      <label htmlFor="kanban-start">
        {t("filters.start")}
        <InputGroup id="kanban-start" type="date" value={dates.start} max={dates.end || undefined} onChange={(e) => setDates((d) => ({ ...d, start: e.target.value }))} />
      </label>
      <label htmlFor="kanban-end">
        {t("filters.end")}
        <InputGroup id="kanban-end" type="date" value={dates.end} min={dates.start || undefined} onChange={(e) => setDates((d) => ({ ...d, end: e.target.value }))} />
      </label>
      <Button type="submit" icon="search" intent={Intent.PRIMARY} text={t("filters.search")} disabled={invalidRange} loading={board.isFetching} />
      {canAddColumns ? <Button icon="add-column-right" text={t("addColumns")} onClick={() => navigate("/TagsKanban")} /> : null}
    </form>
  );

  const loading = (lanesQuery.isLoading || board.isLoading) && !board.data;
  return (
    <PageLayout title={t("title")} actions={actions}>
      {loading ? (
        <LoadingState label={t("states.loading")} fill />
      ) : board.isError || lanesQuery.isError ? (
        <EmptyState icon="error" title={t("messages.loadError")} action={<Button text={t("filters.search")} onClick={() => void board.refetch()} />} />
      ) : (
        <>
          {!lanes.length ? (
            <Callout className="kanban-notice" intent={Intent.PRIMARY} icon="info-sign">
              {t("states.noLanes")}
            </Callout>
          ) : null}
          {board.data?.hasMore ? (
            <Callout className="kanban-notice" intent={Intent.WARNING}>
              {t("states.more")}
            </Callout>
          ) : null}
          <div className="kanban-board">
            {columns.map((lane) => (
              <KanbanLane
                key={lane.id ?? "default"}
                lane={lane}
                tickets={byLane.get(lane.id) ?? []}
                laneIds={laneIds}
                columns={columns}
                onDropTicket={(id, to) => void dropTicket(id, to)}
                onOpen={(uuid) => navigate(`/tickets/${uuid}`)}
              />
            ))}
          </div>
        </>
      )}
    </PageLayout>
  );
}

export default KanbanPage;
