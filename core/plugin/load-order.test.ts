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
  it("loads an installed optional dependency first, and runs without a missing one", () => {
    const order = loadOrder([{ id: "users", optionalDependsOn: ["queues", "tickets"] }, { id: "queues", dependsOn: ["office-hours"] }, { id: "office-hours" }]).map((n) => n.id);
    expect(order).toEqual(["office-hours", "queues", "users"]);
  });
  it("names a cycle closed by an optional dependency (it orders the load like dependsOn)", () => {
    expect(() =>
      loadOrder([
        { id: "tickets", dependsOn: ["users"] },
        { id: "users", optionalDependsOn: ["tickets"] },
      ]),
    ).toThrow("Plugin dependency cycle: tickets -> users -> tickets");
  });
  it("refuses a plugin installed twice", () => {
    expect(() => loadOrder([{ id: "a" }, { id: "a" }])).toThrow('Plugin "a" is installed twice');
  });
});
