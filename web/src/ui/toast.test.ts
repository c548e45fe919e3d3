import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { errorMessage, toastError, toastSuccess } from "./toast.ts";

describe("shared error toast: the fallback chain", () => {
  it("a known code shows its translation", () => {
    expect(errorMessage({ status: 401, data: { error: "ERR_INVALID_CREDENTIALS" } })).toBe("Erro de autenticação. Por favor, tente novamente.");
    expect(errorMessage({ response: { data: { error: "ERR_OUT_OF_HOURS" } } })).toBe("Fora do Horário de Expediente!");
    expect(errorMessage({ error: "ERR_NO_PERMISSION" })).toBe("Você não tem permissão para acessar este recurso.");
  });

  it("an unknown code shows the raw code", () => {
    expect(errorMessage({ status: 400, data: { error: "ERR_SOMETHING_NEW" } })).toBe("ERR_SOMETHING_NEW");
  });

  it("no code: the text when it is a string", () => {
    expect(errorMessage({ status: 500, data: "Bad gateway" })).toBe("Bad gateway");
    expect(errorMessage({ status: 500, data: { message: "Database is locked" } })).toBe("Database is locked");
    expect(errorMessage({ status: "FETCH_ERROR", error: "TypeError: Failed to fetch" })).toBe("TypeError: Failed to fetch");
    expect(errorMessage(new Error("boom"))).toBe("boom");
    expect(errorMessage("plain text")).toBe("plain text");
  });

  it("nothing usable: 'An error occurred!' in the current language", () => {
    expect(errorMessage({ status: 500, data: null })).toBe("Ocorreu um erro!");
    expect(errorMessage(undefined)).toBe("Ocorreu um erro!");
    expect(errorMessage({ status: 500, data: { error: 42 } })).toBe("Ocorreu um erro!");
  });

  it("shows the toast", async () => {
    toastError({ data: { error: "ERR_NO_TICKET_FOUND" } });
    expect(await screen.findByText("Nenhum ticket encontrado com este ID.")).toBeTruthy();
    toastSuccess("Operação realizada com sucesso!");
    expect(await screen.findByText("Operação realizada com sucesso!")).toBeTruthy();
  });
});
