import { describe, expect, it } from "vitest";
import { notifiesForStatus } from "../ticket-notifications.ts";

describe("showNotificationPending (issue 14)", () => {
  it("waiting tickets (pending, lgpd) notify only with the setting on; attended always; nps and closed never", () => {
    expect(notifiesForStatus("pending", false)).toBe(false);
    expect(notifiesForStatus("lgpd", false)).toBe(false);
    expect(notifiesForStatus("pending", true)).toBe(true);
    expect(notifiesForStatus("lgpd", true)).toBe(true);
    expect(notifiesForStatus("open", false)).toBe(true);
    expect(notifiesForStatus("group", false)).toBe(true);
    expect(notifiesForStatus("nps", true)).toBe(false);
    expect(notifiesForStatus("closed", true)).toBe(false);
  });
});
