import { Button, ButtonGroup, Spinner, Tag } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatTime, type LivePage, useLiveList } from "../../../web/src/ui/index.ts";
import { byDay, dayKey, monthGrid } from "./month-grid.ts";
import { statusIntent } from "./schedule-status.ts";
import { type ScheduleView, useGetSchedulesPageQuery } from "./schedules-api.ts";

const BORDER = "1px solid rgba(128,128,128,.25)";

export interface ScheduleCalendarProps {
  onOpen: (schedule: ScheduleView) => void;
}

/** A month of schedules (spec 000 §2 "calendar of scheduled messages"), Sunday first, each entry opening its dialog. */
export function ScheduleCalendar({ onOpen }: ScheduleCalendarProps) {
  const { t, i18n } = useTranslation("schedules");
  const today = new Date();
  const [month, setMonth] = useState({ year: today.getFullYear(), month: today.getMonth() });
  const move = (delta: number) => {
    const first = new Date(month.year, month.month + delta, 1);
    setMonth({ year: first.getFullYear(), month: first.getMonth() });
  };
  const monthName = new Date(month.year, month.month, 1).toLocaleDateString(i18n.language, { month: "long", year: "numeric" });
  // "novembro de 2026" -> "Novembro de 2026" (CSS capitalize would also raise "de").
  const title = monthName.charAt(0).toUpperCase() + monthName.slice(1);

  return (
    <section aria-label={title}>
      <div style={{ display: "flex", alignItems: "center", gap: 8, marginBottom: 8 }}>
        <ButtonGroup>
          <Button icon="chevron-left" aria-label={t("calendar.previous")} onClick={() => move(-1)} />
          <Button text={t("calendar.today")} onClick={() => setMonth({ year: today.getFullYear(), month: today.getMonth() })} />
          <Button icon="chevron-right" aria-label={t("calendar.next")} onClick={() => move(1)} />
        </ButtonGroup>
        <h3 style={{ margin: 0 }}>{title}</h3>
      </div>
      {/* A month is its own list: keyed, so moving starts a fresh one. */}
      <MonthGrid key={`${month.year}-${month.month}`} year={month.year} month={month.month} title={title} onOpen={onOpen} />
    </section>
  );
}

/**
 * The weeks of one month with every schedule whose time falls in them: the days shown
 * (from the Sunday before the 1st) bound GET /schedules with from/to, every page is loaded,
 * and the company's schedule events keep it live (one moved into these weeks appears).
 */
function MonthGrid({ year, month, title, onOpen }: { year: number; month: number; title: string; onOpen: (s: ScheduleView) => void }) {
  const { t, i18n } = useTranslation("schedules");
  const days = monthGrid(year, month);
  const first = days[0]!;
  const last = days.at(-1)!;
  const from = first.toISOString();
  const to = new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1).toISOString();
  const list = useLiveList({
    query: useGetSchedulesPageQuery,
    args: (_search, pageNumber) => ({ from, to, pageNumber }),
    page: (p): LivePage<ScheduleView> => ({ records: p.schedules, count: p.count, hasMore: p.hasMore }),
    topic: "schedule",
    payloadKey: "schedule",
    accepts: (s) => s.sendAt >= from && s.sendAt < to,
    insertOn: "upsert",
    loadError: t("messages.loadError"),
  });
  // A calendar shows the whole month: read every page, not only on scroll.
  const { hasMore, loading, loadMore } = list;
  useEffect(() => {
    if (hasMore && !loading) loadMore();
  }, [hasMore, loading, loadMore]);
  const grouped = byDay(list.records, (s) => s.sendAt);
  const weekdays = days.slice(0, 7).map((d) => d.toLocaleDateString(i18n.language, { weekday: "short" }));
  const weeks = Array.from({ length: days.length / 7 }, (_, i) => days.slice(i * 7, i * 7 + 7));
  const todayKey = dayKey(new Date());

  return (
    <>
      <table style={{ width: "100%", tableLayout: "fixed", borderCollapse: "collapse" }} aria-label={title} aria-busy={loading}>
        <thead>
          <tr>
            {weekdays.map((w) => (
              <th key={w} style={{ padding: 4, border: BORDER }}>
                {w}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={dayKey(week[0]!)}>
              {week.map((d) => {
                const key = dayKey(d);
                return (
                  <td key={key} aria-label={key} style={{ height: 84, padding: 4, verticalAlign: "top", border: BORDER, opacity: d.getMonth() === month ? 1 : 0.45 }}>
                    <div style={{ fontWeight: key === todayKey ? 700 : 400 }}>{d.getDate()}</div>
                    {(grouped.get(key) ?? []).map((s) => (
                      <Tag key={s.id} interactive minimal intent={statusIntent(s.status)} fill style={{ marginTop: 2 }} onClick={() => onOpen(s)} title={s.body}>
                        {formatTime(s.sendAt)} {s.contact.name}
                      </Tag>
                    ))}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {loading && <Spinner size={20} style={{ marginTop: 8 }} />}
    </>
  );
}
