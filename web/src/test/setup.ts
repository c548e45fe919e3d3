import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { initI18n } from "../i18n/i18n.ts";
import { clearToasts } from "../ui/toast.ts";

// Component tests run in Portuguese, the product's default language.
initI18n("pt");

/** Toasts live outside the rendered tree and fade out: wait until the last one is gone. */
async function toastsGone(timeoutMs = 2000) {
  clearToasts();
  const until = Date.now() + timeoutMs;
  while (document.querySelector(".bp6-toast") && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
}

afterEach(async () => {
  cleanup();
  await toastsGone();
  try {
    localStorage.clear();
  } catch {
    // no storage in this environment
  }
  initI18n("pt");
});
