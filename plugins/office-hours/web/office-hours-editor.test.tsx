import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../web/src/test/render.tsx";
import plugin from "./index.ts";
import { defaultOfficeHours, fullWeek, hasProblems, type OfficeHours, OfficeHoursEditor, officeHoursProblems } from "./public.ts";

/** The editor with its own state, as the Hours tab and the connection dialog hold it. */
function Editor({ initial, onChange }: { initial: OfficeHours[]; onChange: (week: OfficeHours[]) => void }) {
  const [week, setWeek] = useState(initial);
  return (
    <OfficeHoursEditor
      week={week}
      problems={officeHoursProblems(week)}
      onChange={(next) => {
        setWeek(next);
        onChange(next);
      }}
    />
  );
}

describe("office hours editor", () => {
  it("shows the seven days with this plugin's wording and reports an edit", () => {
    const onChange = vi.fn();
    renderWithProviders(<Editor initial={defaultOfficeHours()} onChange={onChange} />, { plugins: [plugin] });
    expect(screen.getByRole("table", { name: "Horários de atendimento" })).toBeTruthy();
    const monday = screen.getByLabelText("Segunda-feira Início (turno 1)") as HTMLInputElement;
    expect(monday.value).toBe("08:00");
    expect(screen.getByLabelText("Domingo Fim (turno 2)")).toBeTruthy();
    fireEvent.change(monday, { target: { value: "07:30" } });
    expect(onChange).toHaveBeenLastCalledWith(expect.arrayContaining([expect.objectContaining({ weekdayEn: "monday", startTimeA: "07:30" })]));
  });

  it("shows the server's rules as translated problems under the field", () => {
    renderWithProviders(<Editor initial={defaultOfficeHours()} onChange={() => {}} />, { plugins: [plugin] });
    fireEvent.change(screen.getByLabelText("Terça-feira Fim (turno 1)"), { target: { value: "07:00" } });
    expect(screen.getByText("O fim deve ser depois do início")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Quarta-feira Início (turno 2)"), { target: { value: "" } });
    expect(screen.getByText("Informe o início e o fim do turno")).toBeTruthy();
  });

  it("fills a partial week with closed days, Monday first; problems are per day", () => {
    const week = fullWeek([{ weekday: "Sábado", weekdayEn: "saturday", startTimeA: "09:00", endTimeA: "13:00", startTimeB: "", endTimeB: "" }]);
    expect(week.map((d) => d.weekdayEn)).toEqual(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]);
    expect(week[0]).toMatchObject({ startTimeA: "", endTimeB: "" });
    expect(hasProblems(officeHoursProblems(week))).toBe(false);
    expect(hasProblems(officeHoursProblems([{ ...week[0]!, startTimeA: "10:00", endTimeA: "09:00" }]))).toBe(true);
  });
});
