import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCompanyWithAdmin } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { defaultOfficeHours } from "../../office-hours/office-hours.contract.ts";

let t: TestKernel;
beforeEach(async () => {
  t = await createTestKernel();
});
afterEach(() => t.close());

const put = (token: string, companyId: number, schedules: unknown) => t.call("PUT", `/companies/${companyId}/schedules`, { token, body: { schedules } });

describe("office hours: happy", () => {
  it("a company admin saves the week and reads it back", async () => {
    const a = await createCompanyWithAdmin(t, "Loja A");
    const week = defaultOfficeHours().map((d) => (d.weekdayEn === "sunday" ? { ...d, startTimeA: "", endTimeA: "", startTimeB: "", endTimeB: "" } : d));
    week[0] = { ...week[0]!, startTimeA: "07:30", endTimeA: "11:45" };
    const res = await put(a.token, a.company.id, week);
    expect(res.status).toBe(200);
    expect(res.body.schedules).toEqual(week);
    const again = await t.call("GET", `/companies/${a.company.id}`, { token: a.token });
    expect(again.body.schedules).toEqual(week);
  });

  it("omitted times mean no shift", async () => {
    const a = await createCompanyWithAdmin(t, "Loja A");
    const res = await put(a.token, a.company.id, [{ weekday: "Sábado", weekdayEn: "saturday", startTimeA: "09:00", endTimeA: "13:00" }]);
    expect(res.status).toBe(200);
    expect(res.body.schedules).toEqual([{ weekday: "Sábado", weekdayEn: "saturday", startTimeA: "09:00", endTimeA: "13:00", startTimeB: "", endTimeB: "" }]);
  });
});

describe("office hours: errors", () => {
  it("times must be HH:MM, in pairs, start before end", async () => {
    const a = await createCompanyWithAdmin(t, "Loja A");
    const res = await put(a.token, a.company.id, [
      { weekday: "Segunda-feira", weekdayEn: "monday", startTimeA: "8h", endTimeA: "24:00", startTimeB: "13:00", endTimeB: "" },
      { weekday: "Terça-feira", weekdayEn: "tuesday", startTimeA: "12:00", endTimeA: "08:00" },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({
      "schedules.0.startTimeA": "Horário inválido (HH:MM)",
      "schedules.0.endTimeA": "Horário inválido (HH:MM)",
      "schedules.0.endTimeB": "Informe o início e o fim do turno",
      "schedules.1.endTimeA": "O fim deve ser depois do início",
    });
  });

  it("unknown weekdays, repeated days and a missing list are refused", async () => {
    const a = await createCompanyWithAdmin(t, "Loja A");
    expect((await put(a.token, a.company.id, [{ weekday: "X", weekdayEn: "funday" }])).body.fields).toMatchObject({ "schedules.0.weekdayEn": "Dia da semana inválido" });
    const twice = [defaultOfficeHours()[0], defaultOfficeHours()[0]];
    expect((await put(a.token, a.company.id, twice)).body.fields).toMatchObject({ schedules: "Cada dia da semana só pode aparecer uma vez" });
    const missing = await t.call("PUT", `/companies/${a.company.id}/schedules`, { token: a.token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toMatchObject({ schedules: "Required" });
  });

  it("the super user gets 404 for a company that does not exist", async () => {
    const { token } = await t.login();
    expect((await put(token, 999, defaultOfficeHours())).status).toBe(404);
  });
});
