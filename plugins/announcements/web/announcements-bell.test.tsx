import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { realtimeClient } from "../../../web/src/realtime/realtime.ts";
import { renderWithProviders } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import { formatDateTime } from "../../../web/src/ui/index.ts";
import type { Announcement } from "./announcements-api.ts";
import { AnnouncementsBell } from "./announcements-bell.tsx";
import plugin from "./index.ts";
import { PRIORITY_COLORS } from "./priority.tsx";
import { announcement, sameColor } from "./test-fixtures.ts";

let records: Announcement[];
let queries: URLSearchParams[];
beforeEach(() => {
  records = [
    announcement({ id: 3, title: "Manutenção urgente", priority: 1, mediaUrl: "/public/company1/banner.png", mediaName: "banner.png" }),
    announcement({ id: 2, title: "Nova versão", priority: 2 }),
    announcement({ id: 1, title: "Dica da semana", priority: 3 }),
  ];
  queries = [];
  const api = stubApi({
    "GET /announcements/": (_body, { url }) => {
      queries.push(url.searchParams);
      const term = (url.searchParams.get("searchParam") ?? "").toLowerCase();
      const found = records.filter((r) => r.title.toLowerCase().includes(term));
      return { body: { records: found, count: found.length, hasMore: false } };
    },
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

const render = () => renderWithProviders(<AnnouncementsBell />, { plugins: [plugin] });
const openPopover = async () => {
  fireEvent.click(await screen.findByRole("button", { name: /Informativos/ }));
  return screen.findAllByTestId("announcement-item");
};
const items = () => screen.queryAllByTestId("announcement-item");

describe("announcements popover", () => {
  it("shows the count on the badge", async () => {
    render();
    expect((await screen.findByTestId("announcements-badge")).textContent).toBe("3");
  });

  it("colours each announcement by priority: 1 red Alta, 2 orange Média, 3 grey Baixa", async () => {
    render();
    const list = await openPopover();
    expect(list).toHaveLength(3);
    const expected = [
      { priority: "1", color: PRIORITY_COLORS[1], label: "Alta" },
      { priority: "2", color: PRIORITY_COLORS[2], label: "Média" },
      { priority: "3", color: PRIORITY_COLORS[3], label: "Baixa" },
    ];
    expected.forEach(({ priority, color, label }, i) => {
      const item = list[i] as HTMLElement;
      expect(item.getAttribute("data-priority")).toBe(priority);
      expect(sameColor(item.getAttribute("style") ?? "", color)).toBe(true);
      const tag = within(item).getByTestId("announcement-priority");
      expect(tag.textContent).toContain(label);
      expect(sameColor(tag.getAttribute("style") ?? "", color)).toBe(true);
    });
    // the spec's colour families
    expect(PRIORITY_COLORS).toEqual({ 1: expect.any(String), 2: expect.any(String), 3: expect.any(String) });
    const [red, orange, grey] = [PRIORITY_COLORS[1], PRIORITY_COLORS[2], PRIORITY_COLORS[3]].map((h) => Number.parseInt(h.slice(1), 16));
    expect((red! >> 16) & 255).toBeGreaterThan(((red! >> 8) & 255) + 80); // red dominates
    expect((orange! >> 16) & 255).toBeGreaterThan(orange! & 255); // orange: red over blue, some green
    expect(((orange! >> 8) & 255) > 60).toBe(true);
    expect(Math.abs(((grey! >> 16) & 255) - (grey! & 255))).toBeLessThan(30); // grey: balanced
  });

  it("opens the detail with title, text, image and date", async () => {
    render();
    const [first] = await openPopover();
    fireEvent.click(within(first as HTMLElement).getByText("Manutenção urgente"));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Manutenção urgente")).toBeTruthy();
    expect(within(dialog).getByText("Texto 3")).toBeTruthy();
    expect(within(dialog).getByRole("img", { name: "banner.png" }).getAttribute("src")).toBe("/public/company1/banner.png");
    expect(within(dialog).getByTestId("announcement-date").textContent).toBe(formatDateTime("2025-03-03T12:30:00.000Z"));
    expect(within(dialog).getByText("Alta")).toBeTruthy();
  });

  it("searches (lowercased) and pages through the server", async () => {
    render();
    await openPopover();
    fireEvent.change(screen.getByRole("searchbox", { name: "Pesquisar" }), { target: { value: "NOVA" } });
    await waitFor(() => expect(items()).toHaveLength(1), { timeout: 2000 });
    expect(items()[0]!.textContent).toContain("Nova versão");
    expect(queries.at(-1)?.get("searchParam")).toBe("nova");
    expect(queries.at(-1)?.get("pageNumber")).toBe("1");
  });

  it("updates live from company-announcement events", async () => {
    render();
    await openPopover();
    act(() =>
      realtimeClient.deliver("company-announcement", { action: "create", record: announcement({ id: 4, title: "Ao vivo", priority: 2, createdAt: "2025-03-09T10:00:00.000Z" }) }),
    );
    await waitFor(() => expect(items()).toHaveLength(4));
    expect(items()[0]!.textContent).toContain("Ao vivo");
    act(() => realtimeClient.deliver("company-announcement", { action: "update", record: announcement({ id: 2, title: "Versão 2.0", priority: 1 }) }));
    await waitFor(() => expect(screen.getByText("Versão 2.0")).toBeTruthy());
    act(() => realtimeClient.deliver("company-announcement", { action: "update", record: announcement({ id: 1, status: false }) }));
    act(() => realtimeClient.deliver("company-announcement", { action: "delete", id: 3 }));
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(screen.queryByText("Manutenção urgente")).toBeNull();
    expect(screen.queryByText("Dica da semana")).toBeNull();
  });
});
