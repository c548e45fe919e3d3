import { describe, expect, it } from "vitest";
import { loadOrder } from "./load-order.ts";

describe("plugin load order", () => {
  it("puts dependencies first and keeps independent plugins in given order", () => {
    const order = loadOrder([{ id: "a", dependsOn: ["c"] }, { id: "b" }, { id: "c" }]).map((n) => n.id);
    expect(order).toEqual(["c", "a", "b"]);
  });
  it("names a missing dependency", () => {
    expect(() => loadOrder([{ id: "users", dependsOn: ["plans"] }])).toThrow('Plugin "users" depends on "plans", which is not installed');
  });
  it("names the cycle", () => {
    expect(() =>
      loadOrder([
        { id: "a", dependsOn: ["b"] },
        { id: "b", dependsOn: ["a"] },
      ]),
    ).toThrow("Plugin dependency cycle: a -> b -> a");
  });
  it("refuses a plugin installed twice", () => {
    expect(() => loadOrder([{ id: "a" }, { id: "a" }])).toThrow('Plugin "a" is installed twice');
  });
});
