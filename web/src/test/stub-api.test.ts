import { describe, expect, it } from "vitest";
import { stubApi } from "./stub-api.ts";

describe("stubApi", () => {
  it("answers by exact route, then by the longest '/*' prefix, else 404", async () => {
    const api = stubApi({
      "GET /items": () => ({ body: "list" }),
      "DELETE /items/*": (_b, call) => ({ body: `any ${call.path}` }),
      "DELETE /items/special/*": () => ({ status: 409, body: "special" }),
    });
    expect(await (await api.fetch("/items")).json()).toBe("list");
    expect(await (await api.fetch("/items/3", { method: "DELETE" })).json()).toBe("any /items/3");
    const special = await api.fetch("/items/special/1", { method: "DELETE" });
    expect([special.status, await special.json()]).toEqual([409, "special"]);
    const missing = await api.fetch("/items/3", { method: "PUT", body: "{}" });
    expect([missing.status, await missing.json()]).toEqual([404, { error: "ERR_NOT_FOUND" }]);
  });

  it("records every call with its query and parsed body, and hands it to the handler", async () => {
    const api = stubApi({ "POST /items": async (body, call) => ({ body: { got: body, page: call.url.searchParams.get("page") } }) });
    const res = await api.fetch(new Request("http://localhost/items?page=2", { method: "POST", body: JSON.stringify({ a: 1 }) }));
    expect(await res.json()).toEqual({ got: { a: 1 }, page: "2" });
    const form = new FormData();
    form.append("file", new File(["x"], "x.png"));
    await api.fetch("http://localhost/upload", { method: "POST", body: form });
    expect(api.calls.map(({ method, path, search }) => ({ method, path, search }))).toEqual([
      { method: "POST", path: "/items", search: "?page=2" },
      { method: "POST", path: "/upload", search: "" },
    ]);
    expect((api.calls[1]!.body as FormData).get("file")).toBeInstanceOf(File);
    expect(api.fetch).toHaveBeenCalledTimes(2);
  });
});
