import { describe, expect, it } from "vitest";
import { kernelErrors, sharedErrors } from "../../../core/errors.ts";
import type { PluginManifest } from "../../../core/plugin/manifest.ts";
import { commonResources, languages } from "./i18n.ts";

function keys(obj: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(obj).flatMap(([k, v]) => (v && typeof v === "object" ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

describe("shell translations", () => {
  it("every language has exactly the Portuguese keys", () => {
    const pt = keys(commonResources.pt).sort();
    for (const lang of languages) expect(keys(commonResources[lang]).sort(), lang).toEqual(pt);
  });

  it("no string is empty", () => {
    for (const lang of languages) {
      const flat = keys(commonResources[lang]);
      for (const key of flat) {
        const value = key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], commonResources[lang]);
        expect(typeof value === "string" && value.trim().length > 0, `${lang}:${key}`).toBe(true);
      }
    }
  });

  it("every error code of the server (the kernel's and each plugin's manifest) has a translation in every language", () => {
    const manifests = Object.values(import.meta.glob<{ manifest: PluginManifest }>("../../../plugins/*/plugin.ts", { eager: true })).map((m) => m.manifest);
    // A plugin may translate its own codes under `errors` in its locale files (registerTranslations merges them).
    const pluginLocales = import.meta.glob<{ errors?: Record<string, string> }>("../../../plugins/*/web/locales/*.json", { eager: true, import: "default" });
    const ownErrors = (id: string, lang: string) => pluginLocales[`../../../plugins/${id}/web/locales/${lang}.json`]?.errors ?? {};
    const codes = [
      ...[...Object.keys(kernelErrors), ...Object.keys(sharedErrors)].map((code) => ({ code, owner: null as string | null })),
      ...manifests.flatMap((m) => Object.keys(m.errors ?? {}).map((code) => ({ code, owner: m.id }))),
    ];
    expect(codes.map((c) => c.code)).toContain("ERR_NO_TICKET_FOUND");
    for (const lang of languages) {
      const errors = commonResources[lang].errors as Record<string, string>;
      for (const { code, owner } of codes) expect(errors[code] ?? (owner ? ownErrors(owner, lang)[code] : undefined), `${lang}:${code}`).toBeTruthy();
    }
  });
});
