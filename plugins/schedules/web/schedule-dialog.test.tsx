import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import { stubApi } from "../../../web/src/test/stub-api.ts";
import { toastSuccess } from "../../../web/src/ui/toast.ts";
import schedulesPlugin from "./index.ts";
import { ScheduleDialog } from "./schedule-dialog.tsx";
import { blankSchedule, schedulePayload, toLocalInput, validateSchedule } from "./schedule-form.ts";
import { sampleSchedule } from "./test-data.ts";

vi.mock("../../../web/src/ui/toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastWarning: vi.fn(), toastInfo: vi.fn() }));

describe("schedule form rules (spec 000 §4, §5)", () => {
  it("a new schedule: one hour ahead, interval unit 1, times 1, day type 4, openTicket enabled, statusTicket closed", () => {
    const now = new Date(2030, 2, 4, 9, 15);
    expect(blankSchedule(now)).toMatchObject({
      sendAt: "2030-03-04T10:15",
      intervalo: 1,
      enviarQuantasVezes: 1,
      tipoDias: 4,
      openTicket: "enabled",
      statusTicket: "closed",
      contactId: null,
    });
    expect(blankSchedule(now, { id: 3, name: "Ana" })).toMatchObject({ contactId: 3, contactName: "Ana" });
  });

  it("body required and at least 5 long; contact and time required", () => {
    const form = blankSchedule(new Date());
    expect(validateSchedule({ ...form, body: " " })).toEqual({ body: "Obrigatório", contactId: "Obrigatório" });
    expect(validateSchedule({ ...form, body: "Oi!", contactId: 3, sendAt: "" })).toEqual({ body: "Mensagem muito curta", sendAt: "Obrigatório" });
    expect(validateSchedule({ ...form, body: "Olá, Ana", contactId: 3, enviarQuantasVezes: 2 })).toEqual({ valorIntervalo: "Obrigatório" });
    expect(validateSchedule({ ...form, body: "Olá, Ana", contactId: 3 })).toEqual({});
  });

  it("openTicket disabled sends no attendant, queue or signature; the local time goes as an instant", () => {
    const form = {
      ...blankSchedule(new Date()),
      body: " Olá, Ana ",
      contactId: 3,
      ticketUserId: "4",
      queueId: "5",
      assinar: true,
      sendAt: toLocalInput(new Date(2030, 2, 4, 9, 30)),
    };
    expect(schedulePayload(form)).toMatchObject({
      body: "Olá, Ana",
      contactId: 3,
      ticketUserId: "4",
      queueId: "5",
      assinar: true,
      sendAt: new Date(2030, 2, 4, 9, 30).toISOString(),
    });
    expect(schedulePayload({ ...form, openTicket: "disabled" })).toMatchObject({ ticketUserId: null, queueId: null, assinar: false, openTicket: "disabled" });
  });
});

let api: ReturnType<typeof stubApi>;
const routes = {
  "GET /users/list": () => ({ body: [{ id: 4, name: "Bruno", profile: "user", online: true, profileImage: null }] }),
  "GET /queue": () => ({ body: [{ id: 5, name: "Vendas", color: "#aa0000" }] }),
  "GET /whatsapp": () => ({ body: [{ id: 6, name: "Principal" }] }),
  "POST /schedules": (body) => ({ body: sampleSchedule({ id: 9, ...(body as object) }) }),
  "POST /schedules/9/media-upload": () => ({ body: sampleSchedule({ id: 9, mediaName: "boleto.pdf", mediaPath: "x.pdf" }) }),
  "GET /schedules/7": () => ({ body: sampleSchedule() }),
  "DELETE /schedules/7/media-upload": () => ({ body: sampleSchedule() }),
} satisfies Parameters<typeof stubApi>[0];
/** The API answers `routes`, with `changes` over them. */
function answer(changes: Parameters<typeof stubApi>[0] = {}) {
  api = stubApi({ ...routes, ...changes });
  vi.stubGlobal("fetch", api.fetch);
}
beforeEach(() => answer());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toastSuccess).mockClear();
});

const render = (ui: Parameters<typeof renderWithProviders>[0], settings: { key: string; value: string }[] = []) =>
  renderWithProviders(ui, { plugins: [schedulesPlugin], session: testUser({ company: { settings } }) });

describe("schedule dialog", () => {
  it("shows 'Obrigatório' and 'Mensagem muito curta' and sends nothing", async () => {
    render(<ScheduleDialog isOpen scheduleId={null} onClose={vi.fn()} />);
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    expect((await screen.findAllByText("Obrigatório")).length).toBe(2);
    fireEvent.change(screen.getByLabelText("Mensagem"), { target: { value: "Oi!" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Mensagem muito curta")).toBeTruthy();
    expect(api.calls.filter((c) => c.path === "/schedules")).toHaveLength(0);
  });

  it("disabling openTicket disables user, queue, status and signature", async () => {
    render(<ScheduleDialog isOpen scheduleId={null} contact={{ id: 3, name: "Ana Souza" }} onClose={vi.fn()} />, [{ key: "sendSignMessage", value: "enabled" }]);
    const fields = () =>
      [screen.getByLabelText("Usuário"), screen.getByLabelText("Fila"), screen.getByLabelText("Status do ticket"), screen.getByLabelText("Assinar")] as HTMLInputElement[];
    expect(fields().map((f) => f.disabled)).toEqual([false, false, false, false]);
    fireEvent.click(screen.getByLabelText("Abrir ticket"));
    expect(fields().map((f) => f.disabled)).toEqual([true, true, true, true]);
  });

  it("offers the signature only when the company's sendSignMessage is enabled", () => {
    render(<ScheduleDialog isOpen scheduleId={null} onClose={vi.fn()} />);
    expect(screen.queryByLabelText("Assinar")).toBeNull();
  });

  it("creates for the given contact, one hour ahead, then uploads the picked file", async () => {
    const onSaved = vi.fn();
    render(<ScheduleDialog isOpen scheduleId={null} contact={{ id: 3, name: "Ana Souza" }} onClose={vi.fn()} onSaved={onSaved} />);
    expect((screen.getByLabelText("Contato") as HTMLInputElement).value).toBe("Ana Souza");
    const sendAt = (screen.getByLabelText("Data do agendamento") as HTMLInputElement).value;
    expect(Math.abs(new Date(sendAt).getTime() - (Date.now() + 3_600_000))).toBeLessThan(61_000);
    fireEvent.change(screen.getByLabelText("Mensagem"), { target: { value: "Olá, Ana!" } });
    fireEvent.change(screen.getByTestId("schedule-file"), { target: { files: [new File(["%PDF"], "meu boleto.pdf", { type: "application/pdf" })] } });
    expect(screen.getByText("meu_boleto.pdf")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [create, upload] = api.calls.filter((c) => c.method === "POST");
    expect(create!.body).toMatchObject({ body: "Olá, Ana!", contactId: 3, openTicket: "enabled", statusTicket: "closed", intervalo: 1, enviarQuantasVezes: 1, tipoDias: 4 });
    expect(upload!.path).toBe("/schedules/9/media-upload");
    expect(((upload!.body as FormData).get("file") as File).name).toBe("meu boleto.pdf");
    expect(toastSuccess).toHaveBeenCalledWith("Agendamento salvo com sucesso!");
  });

  it("a sent schedule is shown without a submit button", async () => {
    answer({ "GET /schedules/7": () => ({ body: sampleSchedule({ sentAt: "2030-03-04T12:30:05.000Z", status: "ENVIADA", timesSent: 1 }) }) });
    render(<ScheduleDialog isOpen scheduleId={7} onClose={vi.fn()} />);
    expect(await screen.findByText(/Enviado em/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Salvar" })).toBeNull();
    expect(screen.getByRole("button", { name: "Fechar" })).toBeTruthy();
    expect((screen.getByLabelText("Mensagem") as HTMLTextAreaElement).disabled).toBe(true);
  });

  it("deletes the stored attachment at once, with the spec's toast", async () => {
    answer({ "GET /schedules/7": () => ({ body: sampleSchedule({ mediaName: "boleto.pdf", mediaPath: "abc.pdf", mediaUrl: "/public/company2/abc.pdf" }) }) });
    render(<ScheduleDialog isOpen scheduleId={7} onClose={vi.fn()} />);
    expect(await screen.findByText("boleto.pdf")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Excluir anexo" }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Anexo excluído com sucesso!"));
    expect(screen.queryByText("boleto.pdf")).toBeNull();
  });
});

describe("composer schedule button (tickets.composerTools)", () => {
  it("opens a new schedule for the ticket's contact", async () => {
    const { ScheduleComposerTool } = await import("./schedule-composer-tool.tsx");
    // Only what the tool reads of the zone's props (the ticket's contact).
    const props = { ticket: { contact: { id: 3, name: "Ana Souza" } } } as unknown as Parameters<typeof ScheduleComposerTool>[0];
    render(<ScheduleComposerTool {...props} />);
    fireEvent.click(screen.getByRole("button", { name: "Agendar mensagem" }));
    expect(await screen.findByText("Novo agendamento")).toBeTruthy();
    expect((screen.getByLabelText("Contato") as HTMLInputElement).value).toBe("Ana Souza");
  });
});
