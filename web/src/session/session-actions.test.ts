import { afterEach, describe, expect, it, vi } from "vitest";
import { tokenStore } from "../api/api.ts";
import { makeStore } from "../store/store.ts";
import { testUser } from "../test/fixtures.ts";
import { bootSession, startSession } from "./session-actions.ts";
import { describeSession } from "./session.ts";

afterEach(() => vi.unstubAllGlobals());

describe("startup: the refresh cookie restores the session", () => {
  it("signs in with the refreshed token and user, with the user's theme and menu defaults", async () => {
    const fetchMock = vi.fn(async () => Response.json({ token: "fresh", user: testUser({ defaultTheme: "dark", defaultMenu: "closed" }) }));
    vi.stubGlobal("fetch", fetchMock);
    const store = makeStore();
    await store.dispatch(bootSession());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/auth/refresh_token");
    expect(init).toMatchObject({ method: "POST", credentials: "include" });
    expect(store.getState().session.status).toBe("signedIn");
    expect(tokenStore.get()).toBe("fresh");
    expect(store.getState().ui).toEqual({ theme: "dark", menuOpen: false });
  });

  it("without a valid cookie nobody is signed in and stale keys go", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ error: "ERR_SESSION_EXPIRED" }, { status: 401 })),
    );
    localStorage.setItem("token", JSON.stringify("stale"));
    const store = makeStore();
    await store.dispatch(bootSession());
    expect(store.getState().session.status).toBe("anonymous");
    expect(tokenStore.get()).toBeNull();
  });

  it("an unreachable server also ends on the login page rather than hanging", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const store = makeStore();
    await store.dispatch(bootSession());
    expect(store.getState().session.status).toBe("anonymous");
  });

  it("a token refresh mid-visit keeps the theme chosen this visit", () => {
    const store = makeStore();
    store.dispatch(startSession("a", testUser({ defaultTheme: "light" }), true));
    store.dispatch({ type: "ui/themeToggled" });
    store.dispatch(startSession("b", testUser({ defaultTheme: "light" }), false));
    expect(store.getState().ui.theme).toBe("dark");
  });
});

describe("useSession's view of the user", () => {
  it("derives settings, roles, rules and plan flags", () => {
    const s = describeSession({ status: "signedIn", token: "t", user: testUser({ profile: "user", permissions: ["contacts-page:deleteContact"] }) });
    expect(s.settings).toEqual({ scheduleType: "disabled", sendSignMessage: "enabled" });
    expect(s.isAdmin).toBe(false);
    expect(s.isSuper).toBe(false);
    expect(s.can("contacts-page:deleteContact")).toBe(true);
    expect(s.can("tickets-manager:showall")).toBe(false);
    expect(s.planFlags.useKanban).toBe(true);
    expect(s.company?.name).toBe("Empresa Teste");
  });

  it("a super user counts as admin; nobody signed in has nothing", () => {
    expect(describeSession({ status: "signedIn", token: "t", user: testUser({ profile: "user", super: true }) }).isAdmin).toBe(true);
    const none = describeSession({ status: "anonymous", token: null, user: null });
    expect(none).toMatchObject({ user: null, company: null, settings: {}, isAdmin: false, isSuper: false });
    expect(none.planFlags.useSchedules).toBe(false);
  });
});
