import { api } from "./api.ts";

/** The public-settings answer may be the bare value or a { key, value } record; both mean the value. */
export function settingValue(body: unknown): string | null {
  if (typeof body === "string") return body;
  if (body && typeof body === "object" && "value" in body) {
    const value = (body as { value: unknown }).value;
    return typeof value === "string" ? value : value == null ? null : String(value);
  }
  return null;
}

/** Endpoints the shell itself reads: the server version and the public (whitelabel) settings. */
export const shellApi = api.injectEndpoints({
  endpoints: (build) => ({
    getVersion: build.query<string, void>({
      query: () => "/version",
      transformResponse: (body: { version?: string }) => body?.version ?? "",
    }),
    /** A missing or unreadable setting answers null, so callers fall back to their default. */
    getPublicSetting: build.query<string | null, string>({
      queryFn: async (key, _api, _extra, baseQuery) => {
        const res = await baseQuery(`/public-settings/${encodeURIComponent(key)}`);
        return { data: res.error ? null : settingValue(res.data) };
      },
    }),
  }),
});

export const { useGetVersionQuery, useGetPublicSettingQuery } = shellApi;
