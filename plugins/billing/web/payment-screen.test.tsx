import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../web/src/test/render.tsx";
import billingPlugin from "./index.ts";
import { COPIED_RESET_MS, PaymentScreen } from "./payment-screen.tsx";
import { pixAnswer } from "./test-data.ts";

afterEach(() => vi.useRealTimers());

describe("payment screen", () => {
  it("PIX: the QR code, the copy-and-paste text and a copy button that says 'Copiado!' for 1 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const answer = pixAnswer();
    renderWithProviders(<PaymentScreen payment={answer} />, { plugins: [billingPlugin] });
    expect(screen.getByTestId("qr-image")).toBeTruthy();
    expect((screen.getByRole("textbox", { name: "PIX copia e cola" }) as HTMLTextAreaElement).value).toBe(answer.qrcode!.qrcode);
    fireEvent.click(screen.getByRole("button", { name: "Copiar código" }));
    expect(await screen.findByRole("button", { name: "Copiado!" })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(answer.qrcode!.qrcode);
    act(() => vi.advanceTimersByTime(COPIED_RESET_MS));
    expect(await screen.findByRole("button", { name: "Copiar código" })).toBeTruthy();
  });

  it("a hosted checkout: the provider's link, and never a link that is not a web address", () => {
    const { unmount } = renderWithProviders(
      <PaymentScreen payment={pixAnswer({ provider: "stripe", qrcode: null, url: "https://checkout.example/cs_1", stripeURL: "https://checkout.example/cs_1" })} />,
      {
        plugins: [billingPlugin],
      },
    );
    const link = screen.getByText("Pagar com cartão").closest("a")!;
    expect(link.getAttribute("href")).toBe("https://checkout.example/cs_1");
    expect(link.getAttribute("rel")).toContain("noopener");
    unmount();
    renderWithProviders(<PaymentScreen payment={pixAnswer({ provider: "asaas", qrcode: null, url: "javascript:alert(1)", asaasURL: "javascript:alert(1)" })} />, {
      plugins: [billingPlugin],
    });
    expect(document.querySelector("a")).toBeNull();
  });
});
