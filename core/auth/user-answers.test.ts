import { describe, expect, it } from "vitest";
import type { UserRow } from "../db/rows.ts";
import { UserAnswers } from "./user-answers.ts";

const row = (id: number): UserRow =>
  ({ id, companyId: 1, name: `U${id}`, email: `u${id}@x.test`, passwordHash: "secret-hash", tokenVersion: 3, resetCodeHash: "code" }) as unknown as UserRow;

describe("user answers", () => {
  it("asks each extension once for the whole list, keeps the order and fills defaults", async () => {
    const answers = new UserAnswers();
    const asked: number[][] = [];
    answers.extend({
      defaults: { whatsappId: null },
      load: async (rows) => {
        asked.push(rows.map((r) => r.id));
        return new Map([[2, { whatsappId: 7 }]]);
      },
    });
    answers.extend({ defaults: { defaultTicketsManagerWidth: 550 }, load: async () => new Map([[3, { defaultTicketsManagerWidth: 640 }]]) });
    const out = await answers.of([row(3), row(1), row(2)]);
    expect(asked).toEqual([[3, 1, 2]]);
    expect(out.map((u) => [u.id, u.whatsappId, u.defaultTicketsManagerWidth])).toEqual([
      [3, null, 640],
      [1, null, 550],
      [2, 7, 550],
    ]);
  });

  it("never answers the secrets of the row, and asks nothing for no users", async () => {
    const answers = new UserAnswers();
    let calls = 0;
    answers.extend({
      defaults: { whatsappId: null },
      load: async () => {
        calls += 1;
        return new Map();
      },
    });
    const one = await answers.one(row(1));
    expect(one).not.toHaveProperty("passwordHash");
    expect(one).not.toHaveProperty("tokenVersion");
    expect(one).not.toHaveProperty("resetCodeHash");
    expect(await answers.of([])).toEqual([]);
    expect(calls).toBe(1);
  });
});
