import { useState, type CSSProperties, type DragEvent } from "react";
import { Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { KanbanTicket } from "./kanban-api.ts";
import { KanbanCard } from "./kanban-card.tsx";

export interface LaneColumn {
  /** null: the default lane (tickets in no lane). */
  id: number | null;
  name: string;
  color: string | null;
  /** "After N h → next", when the lane moves tickets on by itself. */
  timer: string | null;
}

/** One column of the board: a drop target for cards (native HTML5 drag and drop). */
export function KanbanLane({
  lane,
  tickets,
  laneIds,
  columns,
  onDropTicket,
  onOpen,
}: {
  lane: LaneColumn;
  tickets: KanbanTicket[];
  laneIds: ReadonlySet<number>;
  /** Every lane of the board (the cards' "move to" menu offers the others). */
  columns: LaneColumn[];
  onDropTicket: (ticketId: number, laneId: number | null) => void;
  onOpen: (uuid: string) => void;
}) {
  const { t } = useTranslation("kanban");
  const [over, setOver] = useState(false);
  const accept = (e: DragEvent) => {
    e.preventDefault();
    e.dataTransfer.dropEffect = "move";
    if (!over) setOver(true);
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const id = Number(e.dataTransfer.getData("text/plain"));
    if (Number.isInteger(id) && id > 0) onDropTicket(id, lane.id);
  };
  return (
    <section
      className={over ? "kanban-lane kanban-lane-over" : "kanban-lane"}
      style={lane.color ? ({ "--kanban-lane-color": lane.color } as CSSProperties) : undefined}
      aria-label={t("lane.label", { name: lane.name })}
      data-lane-id={lane.id ?? "default"}
      onDragOver={accept}
      onDragEnter={accept}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={drop}
    >
      <header className="kanban-lane-header">
        <span className="kanban-lane-name" title={lane.name}>
          {lane.name}
        </span>
        <Tag round minimal aria-label={t("lane.count", { count: tickets.length })}>
          {tickets.length}
        </Tag>
      </header>
      {lane.timer ? <div className="kanban-lane-timer">{lane.timer}</div> : null}
      <div className="kanban-lane-cards">
        {tickets.length ? (
          tickets.map((ticket) => (
            <KanbanCard key={ticket.id} ticket={ticket} laneIds={laneIds} moves={columns.filter((c) => c.id !== lane.id)} onOpen={onOpen} onMove={onDropTicket} />
          ))
        ) : (
          <div className="kanban-lane-empty">{t("lane.empty")}</div>
        )}
      </div>
    </section>
  );
}
