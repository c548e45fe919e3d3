import { describe, expect, it } from "vitest";
import { flowIssues } from "./flow-checks.ts";

describe("the editor's checks before save", () => {
  const start = { id: "s", type: "start", data: { label: "Inicio do fluxo" } };
  it("a connected, complete flow has none", () => {
    const nodes = [start, { id: "m", type: "message", data: { label: "oi" } }];
    expect(flowIssues(nodes, [{ source: "s", target: "m" }])).toEqual([]);
  });

  it("lists unreachable nodes, menu options without an exit, empty content and a question without a variable", () => {
    const nodes = [
      start,
      {
        id: "menu",
        type: "menu",
        data: {
          message: "Escolha",
          arrayOption: [
            { number: 1, value: "A" },
            { number: 2, value: "B" },
          ],
        },
      },
      { id: "q", type: "question", data: { typebotIntegration: { message: "Nome?", answerKey: "" } } },
      { id: "c", type: "singleBlock", data: { seq: ["interval1"], elements: [{ number: "interval1", type: "interval", value: "3" }] } },
      { id: "lost", type: "message", data: { label: "ninguém chega aqui" } },
    ];
    const edges = [
      { source: "s", target: "menu" },
      { source: "menu", target: "q", sourceHandle: "a1" },
      { source: "q", target: "c" },
      // A loop among unreachable nodes does not make them reachable.
      { source: "lost", target: "lost" },
    ];
    expect(flowIssues(nodes, edges)).toEqual([
      { nodeId: "menu", kind: "menuOptionWithoutExit", option: "2" },
      { nodeId: "q", kind: "questionWithoutVariable" },
      { nodeId: "c", kind: "emptyContent" },
      { nodeId: "lost", kind: "unreachable" },
    ]);
  });
});
