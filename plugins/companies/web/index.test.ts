import { describe, expect, it } from "vitest";
import plugin from "./index.ts";

describe("companies web entry", () => {
  it("adds the super user's /companies page and menu entry under administration", () => {
    expect(plugin.pages?.map((p) => p.path)).toEqual(["/companies"]);
    expect(plugin.menu).toEqual([expect.objectContaining({ path: "/companies", access: "super", section: "common:menu.administration" })]);
  });

  it("adds Hours (admins, only when scheduleType is company) and Companies (super) to the settings", () => {
    const tabs = plugin.zones?.settingsTabs ?? [];
    const hours = tabs.find((t) => t.id === "hours")!;
    expect(hours).toMatchObject({ access: "admin", order: 15 });
    expect(hours.visible?.({ scheduleType: "company" })).toBe(true);
    expect(hours.visible?.({ scheduleType: "queue" })).toBe(false);
    expect(hours.visible?.({})).toBe(false);
    expect(tabs.find((t) => t.id === "companies")).toMatchObject({ access: "super", order: 20 });
  });
});
