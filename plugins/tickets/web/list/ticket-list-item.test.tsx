import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders, testUser } from "../../../../web/src/test/render.tsx";
import ticketsPlugin from "../index.ts";
import { apiTicket } from "../test-tickets.ts";
import { TicketListItem } from "./ticket-list-item.tsx";

const render = (status: "nps" | "lgpd" | "open") =>
  renderWithProviders(<TicketListItem ticket={apiTicket(1, "Ana Lima", { status })} selected={false} showUser={false} onSelect={() => {}} />, {
    session: testUser(),
    plugins: [ticketsPlugin],
  });

describe("list item status (issue 14)", () => {
  it("a ticket waiting for its rating or for consent says so; an open one has no status tag", async () => {
    const { unmount } = render("nps");
    expect(await screen.findByText("Avaliação")).toBeTruthy();
    unmount();
    const second = render("lgpd");
    expect(await screen.findByText("LGPD")).toBeTruthy();
    second.unmount();
    render("open");
    await screen.findByText("Ana Lima");
    expect(document.querySelector(".tickets-item-status")).toBeNull();
  });
});
