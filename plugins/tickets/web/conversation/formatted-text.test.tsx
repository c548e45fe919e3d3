import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FormattedText, plainWhatsAppText } from "./formatted-text.tsx";

const html = (text: string) => render(<FormattedText text={text} />).container.innerHTML;

describe("WhatsApp text marks", () => {
  it("bolds the signature and keeps the rest as text", () => {
    expect(html("*Ana:*\nBom dia")).toBe("<strong>Ana:</strong>\nBom dia");
  });
  it("italic, strike, monospace and nesting", () => {
    expect(html("_oi_ ~não~ ```x=1``` *muito _bom_*")).toBe("<em>oi</em> <s>não</s> <code>x=1</code> <strong>muito <em>bom</em></strong>");
  });
  it("leaves snake_case words and lone marks alone, and never renders markup from the text", () => {
    expect(html("arquivo_final_v2.pdf custa 5 * 3")).toBe("arquivo_final_v2.pdf custa 5 * 3");
    expect(html("<b>x</b>")).toBe("&lt;b&gt;x&lt;/b&gt;");
  });
  it("links bare URLs without the trailing punctuation", () => {
    expect(html("veja https://exemplo.com/a?b=1.")).toBe('veja <a href="https://exemplo.com/a?b=1" target="_blank" rel="noopener noreferrer">https://exemplo.com/a?b=1</a>.');
  });
  it("previews drop the marks", () => {
    expect(plainWhatsAppText("*Ana:* preciso de _ajuda_ ~já~ com arquivo_v2")).toBe("Ana: preciso de ajuda já com arquivo_v2");
  });
});
