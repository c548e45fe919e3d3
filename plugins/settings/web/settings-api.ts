import { api } from "../../../web/src/api/api.ts";
import type { CompanySettingPayload, CompanySettings, LogoMode, Setting, SettingChange } from "../shared/setting-types.ts";

export type { CompanySettings, LogoMode, Setting } from "../shared/setting-types.ts";

const tagged = api.enhanceEndpoints({ addTagTypes: ["CompanySettings", "Settings"] });

/** The settings plugin's calls (spec 001 §7 'Settings and branding'). */
export const settingsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getCompanySettings: build.query<CompanySettings, number>({
      query: (companyId) => `/companySettings/${companyId}`,
      providesTags: (_r, _e, id) => [{ type: "CompanySettings", id }],
    }),
    updateCompanySetting: build.mutation<Setting, CompanySettingPayload>({
      query: (body) => ({ url: "/companySettings", method: "PUT", body }),
    }),
    /** The company's options plus the platform settings the caller may read, as a map. */
    getSettings: build.query<Record<string, string>, void>({
      query: () => "/settings",
      transformResponse: (list: Setting[]) => Object.fromEntries(list.map((s) => [s.key, s.value])),
      providesTags: ["Settings"],
    }),
    updateSetting: build.mutation<Setting, { key: string } & SettingChange>({
      query: ({ key, value }) => ({ url: `/settings/${encodeURIComponent(key)}`, method: "PUT", body: { value } }),
    }),
    uploadLogo: build.mutation<string, { mode: LogoMode; file: File }>({
      query: ({ mode, file }) => {
        const body = new FormData();
        body.set("typeArch", "logo");
        body.set("mode", mode);
        body.set("file", file);
        return { url: "/settings-whitelabel/logo", method: "POST", body };
      },
      invalidatesTags: ["Settings"],
    }),
    uploadCertificate: build.mutation<string, { ref: string; file: File }>({
      query: ({ ref, file }) => {
        const body = new FormData();
        body.set("file", file);
        return { url: `/settings/cert-upload?ref=${encodeURIComponent(ref)}`, method: "POST", body, responseHandler: "text" };
      },
    }),
  }),
});

export const { useGetCompanySettingsQuery, useUpdateCompanySettingMutation, useGetSettingsQuery, useUpdateSettingMutation, useUploadLogoMutation, useUploadCertificateMutation } =
  settingsApi;
