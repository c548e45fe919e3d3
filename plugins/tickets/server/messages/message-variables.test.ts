import { describe, expect, it } from "vitest";
import { formatDate, formatHour, greeting, mayHoldVariables, protocol, resolveVariables, type VariableContext } from "./message-variables.ts";

const ctx = (now: Date): VariableContext => ({ contactName: "Ana Maria Souza", userName: "Bruno", ticketId: 42, queueName: "Vendas", connectionName: "Zap 1", now });

describe("message variables", () => {
  it("replaces every variable", () => {
    const now = new Date(2026, 2, 5, 9, 7);
    const text = "{{ms}}, {{firstName}}! Sou {{user}} ({{queue}}, {{connection}}). {{name}} #{{ticket_id}} {{protocol}} {{date}} {{hour}}";
    expect(resolveVariables(text, ctx(now))).toBe("Bom dia, Ana! Sou Bruno (Vendas, Zap 1). Ana Maria Souza #42 2026030542 05/03/2026 09:07");
  });

  it("greets by the hour", () => {
    expect(greeting(new Date(2026, 0, 1, 5, 0))).toBe("Bom dia");
    expect(greeting(new Date(2026, 0, 1, 11, 59))).toBe("Bom dia");
    expect(greeting(new Date(2026, 0, 1, 12, 0))).toBe("Boa tarde");
    expect(greeting(new Date(2026, 0, 1, 17, 59))).toBe("Boa tarde");
    expect(greeting(new Date(2026, 0, 1, 18, 0))).toBe("Boa noite");
    expect(greeting(new Date(2026, 0, 1, 2, 0))).toBe("Boa noite");
  });

  it("formats dates, hours and protocols with leading zeros", () => {
    const d = new Date(2026, 0, 2, 3, 4);
    expect(formatDate(d)).toBe("02/01/2026");
    expect(formatHour(d)).toBe("03:04");
    expect(protocol(d, 7)).toBe("202601027");
  });

  it("keeps unknown placeholders and accepts spaces inside the braces", () => {
    expect(resolveVariables("{{ firstName }} {{unknown}} {{constructor}}", ctx(new Date()))).toBe("Ana {{unknown}} {{constructor}}");
  });

  it("accepts the legacy dollar-brace forms of queue.name and user.name, keeping any other as written", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: legacy placeholders are plain text here
    const text = "Você foi transferido para ${queue.name} (${ user.name }). ${contact.name} ${queue}";
    // biome-ignore lint/suspicious/noTemplateCurlyInString: legacy placeholders are plain text here
    const kept = "${contact.name} ${queue}";
    expect(resolveVariables(text, ctx(new Date()))).toBe(`Você foi transferido para Vendas (Bruno). ${kept}`);
  });

  it("never expands a placeholder found inside a replaced value", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: legacy placeholders are plain text here
    const [text, name] = ["{{name}} ${queue.name}", "${user.name} {{user}}"];
    expect(resolveVariables(text, { ...ctx(new Date()), contactName: name })).toBe(`${name} Vendas`);
  });

  it("handles an empty contact name", () => {
    expect(resolveVariables("Olá {{firstName}}!", { ...ctx(new Date()), contactName: "" })).toBe("Olá !");
  });

  it("tells which texts may hold a placeholder, of either form (the look-ups are skipped for the rest)", () => {
    expect(mayHoldVariables("Olá {{name}}")).toBe(true);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: legacy placeholders are plain text here
    expect(mayHoldVariables("Fila ${queue.name}")).toBe(true);
    expect(mayHoldVariables("Olá, tudo bem? {name} $queue")).toBe(false);
  });
});
