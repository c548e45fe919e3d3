import { describe, expect, it } from "vitest";
import { applyTitleBadge, applyTitleName, stripTitleBadge, titleBadge, titleWithBadge } from "./title-badge.ts";

describe("title badge", () => {
  it("uses circled digits up to 20, then the count in parentheses", () => {
    expect(titleBadge(0)).toBe("");
    expect(titleBadge(1)).toBe("①");
    expect(titleBadge(10)).toBe("⑩");
    expect(titleBadge(20)).toBe("⑳");
    expect(titleBadge(21)).toBe("(21)");
    expect(titleBadge(-3)).toBe("");
  });
  it("replaces rather than stacks, and clears at zero", () => {
    expect(titleWithBadge("Atendechat", 2)).toBe("② Atendechat");
    expect(titleWithBadge("② Atendechat", 3)).toBe("③ Atendechat");
    expect(titleWithBadge("(25) Atendechat", 1)).toBe("① Atendechat");
    expect(titleWithBadge("⑤ Atendechat", 0)).toBe("Atendechat");
    expect(stripTitleBadge("(3) Atendechat")).toBe("Atendechat");
    document.title = "Atendechat";
    applyTitleBadge(22);
    expect(document.title).toBe("(22) Atendechat");
    applyTitleBadge(0);
    expect(document.title).toBe("Atendechat");
  });
  it("a new name keeps the badge in front", () => {
    document.title = "② Atendechat";
    applyTitleName("Minha Empresa");
    expect(document.title).toBe("② Minha Empresa");
    document.title = "Atendechat";
    applyTitleName("Minha Empresa");
    expect(document.title).toBe("Minha Empresa");
  });
});
