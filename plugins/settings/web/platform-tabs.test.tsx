import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import { toastSuccess } from "../../../web/src/ui/toast.ts";
import settingsPlugin from "./index.ts";
import PlatformTab from "./platform-tab.tsx";
import WhitelabelTab from "./whitelabel-tab.tsx";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

const settings = [
  { key: "userCreation", value: "enabled" },
  { key: "allowSignup", value: "enabled" },
  { key: "downloadLimit", value: "64" },
  { key: "mpaccesstoken", value: "APP_USR-1" },
  { key: "primaryColorLight", value: "#0000FF" },
  { key: "primaryColorDark", value: "#39ACE7" },
  { key: "appName", value: "" },
  { key: "appLogoLight", value: "/public/company1/abcdefghijklmnopqrstu.png" },
  { key: "appLogoDark", value: "" },
  { key: "appLogoFavicon", value: "" },
];

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  vi.clearAllMocks();
  api = stubApi({
    "GET /settings": () => ({ body: settings }),
    "PUT /settings/downloadLimit": (body) => ({ body: { key: "downloadLimit", value: (body as { value: string }).value } }),
    "PUT /settings/primaryColorLight": (body) => ({ body: { key: "primaryColorLight", value: (body as { value: string }).value } }),
    "POST /settings-whitelabel/logo": () => ({ body: "new.png" }),
  });
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => vi.unstubAllGlobals());

const superUser = testUser({ super: true, companyId: 1, company: { id: 1 } });
const render = (ui: React.ReactElement) => renderWithProviders(ui, { session: superUser, plugins: [settingsPlugin], route: "/settings" });

describe("platform tab", () => {
  it("offers the download limits 32 to 2048 MB and saves the choice", async () => {
    render(<PlatformTab />);
    const limit = (await screen.findByLabelText("Limite de download")) as HTMLSelectElement;
    expect([...limit.options].map((o) => o.value)).toEqual(["32", "64", "128", "256", "512", "1024", "2048"]);
    fireEvent.change(limit, { target: { value: "2048" } });
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Operação atualizada com sucesso."));
    expect(api.calls.find((c) => c.method === "PUT")).toMatchObject({ path: "/settings/downloadLimit", body: { value: "2048" } });
  });

  it("credentials are masked fields", async () => {
    render(<PlatformTab />);
    const token = (await screen.findByLabelText(/^Access token/)) as HTMLInputElement;
    expect(token.type).toBe("password");
    expect(token.autocomplete).toBe("off");
  });
});

describe("whitelabel tab", () => {
  it("shows the logos and saves a colour when the field is left", async () => {
    render(<WhitelabelTab />);
    expect((await screen.findByAltText("Logo (tema claro)")).getAttribute("src")).toBe("/public/company1/abcdefghijklmnopqrstu.png");
    const light = screen.getByLabelText(/^Cor primária \(tema claro\)/, { selector: "input:not([type=color])" }) as HTMLInputElement;
    fireEvent.change(light, { target: { value: "blue" } });
    expect(await screen.findByText("Use uma cor hexadecimal, ex.: #0000FF")).toBeTruthy();
    fireEvent.change(light, { target: { value: "#112233" } });
    fireEvent.blur(light);
    await waitFor(() => expect(api.calls.some((c) => c.method === "PUT" && c.path === "/settings/primaryColorLight")).toBe(true));
  });

  it("uploads a logo with its mode", async () => {
    render(<WhitelabelTab />);
    const input = await screen.findByLabelText("Favicon", { selector: "input[type=file]" });
    fireEvent.change(input, { target: { files: [new File([new Uint8Array([0, 0, 1, 0])], "f.ico", { type: "image/x-icon" })] } });
    await waitFor(() => expect(api.calls.some((c) => c.path === "/settings-whitelabel/logo")).toBe(true));
    const form = api.calls.find((c) => c.path === "/settings-whitelabel/logo")!.body as FormData;
    expect(form.get("mode")).toBe("Favicon");
    expect(form.get("typeArch")).toBe("logo");
  });
});
