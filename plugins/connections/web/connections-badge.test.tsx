import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { realtimeClient } from "../../../web/src/realtime/realtime.ts";
import { renderWithProviders } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import { ConnectionsBadge } from "./connections-badge.tsx";
import connectionsPlugin from "./index.ts";
import { apiConnection } from "./test-data.ts";

afterEach(() => vi.unstubAllGlobals());

describe("connections menu badge", () => {
  it("shows '!' while a connection needs attention, following the live events", async () => {
    vi.stubGlobal("fetch", stubApi({ "GET /whatsapp/": () => ({ body: [apiConnection({ id: 1, status: "CONNECTED" }), apiConnection({ id: 2, status: "CONNECTED" })] }) }).fetch);
    renderWithProviders(<ConnectionsBadge />, { plugins: [connectionsPlugin] });
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(screen.queryByTestId("connections-badge")).toBeNull();
    for (const status of ["qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING"]) {
      act(() => realtimeClient.deliver("company-2-whatsappSession", { action: "update", session: { id: 2, status } }));
      expect((await screen.findByTestId("connections-badge")).textContent).toBe("!");
      act(() => realtimeClient.deliver("company-2-whatsappSession", { action: "update", session: { id: 2, status: "CONNECTED" } }));
      await waitFor(() => expect(screen.queryByTestId("connections-badge")).toBeNull());
    }
    act(() => realtimeClient.deliver("company-2-whatsapp", { action: "update", whatsapp: apiConnection({ id: 3, status: "DISCONNECTED" }) }));
    await screen.findByTestId("connections-badge");
    act(() => realtimeClient.deliver("company-2-whatsapp", { action: "delete", whatsappId: 3 }));
    await waitFor(() => expect(screen.queryByTestId("connections-badge")).toBeNull());
  });
});
