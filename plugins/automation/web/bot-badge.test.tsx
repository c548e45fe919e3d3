import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../web/src/test/render.tsx";
import type { TicketView } from "../../tickets/web/public.ts";
import automationPlugin from "./index.ts";
import { BotBadge } from "./bot-badge.tsx";

const ticket = (isBot: boolean) => ({ id: 1, isBot }) as TicketView;

describe("bot badge", () => {
  it("shows on a ticket the bot is talking with, and nowhere else", () => {
    const { unmount } = renderWithProviders(<BotBadge ticket={ticket(true)} />, { plugins: [automationPlugin] });
    expect(screen.getByTestId("bot-badge").textContent).toBe("Bot");
    expect(screen.getByTestId("bot-badge").getAttribute("title")).toContain("O bot está atendendo");
    unmount();
    renderWithProviders(<BotBadge ticket={ticket(false)} />, { plugins: [automationPlugin] });
    expect(screen.queryByTestId("bot-badge")).toBeNull();
  });

  it("is contributed to the ticket list rows; the header names the holder itself (tickets' who is answering)", () => {
    expect(automationPlugin.zones?.["tickets.listItemBadges"]).toContain(BotBadge);
    expect(automationPlugin.zones?.["tickets.headerActions"]).toBeUndefined();
  });
});
