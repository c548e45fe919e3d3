import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { initI18n } from "../i18n/i18n.ts";
import { clearToasts } from "../ui/toast.ts";

// findBy*/waitFor give up after 1 s by default. CI runs the web files in parallel on two cores
// next to the server suites, and a lazily loaded page then takes longer than that to appear
// (a signed-in redirect to / failed this way): wait up to 5 s. Passing checks still end at once.
configure({ asyncUtilTimeout: 5_000 });

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
