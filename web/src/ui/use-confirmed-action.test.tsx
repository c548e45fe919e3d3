import { act, renderHook } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toastError, toastSuccess } from "./toast.ts";
import { useConfirmedAction } from "./use-confirmed-action.ts";

vi.mock("./toast.ts", () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));
beforeEach(() => vi.clearAllMocks());

describe("useConfirmedAction", () => {
  it("opens on ask, runs on confirm, then toasts, calls onDone and closes", async () => {
    const run = vi.fn(async () => {});
    const onDone = vi.fn();
    const { result } = renderHook(() => useConfirmedAction(run, { success: "Excluído", onDone }));
    expect(result.current.dialog.isOpen).toBe(false);
    act(() => result.current.ask(4));
    expect([result.current.dialog.isOpen, result.current.target]).toEqual([true, 4]);
    await act(() => result.current.dialog.onConfirm());
    expect(run).toHaveBeenCalledWith(4);
    expect(onDone).toHaveBeenCalledWith(4);
    expect(toastSuccess).toHaveBeenCalledWith("Excluído");
    expect(result.current.dialog.isOpen).toBe(false);
  });

  it("a failure toasts the given text (or the error) and closes; cancel runs nothing", async () => {
    const err = { status: 409, data: { error: "ERR_IN_USE" } };
    const run = vi.fn(async () => Promise.reject(err));
    const { result, rerender } = renderHook(({ failure }: { failure?: string }) => useConfirmedAction(run, { success: "ok", failure }), { initialProps: {} });
    act(() => result.current.ask("a"));
    await act(() => result.current.dialog.onConfirm());
    expect(toastError).toHaveBeenLastCalledWith(err);
    rerender({ failure: "Não foi possível" });
    act(() => result.current.ask("b"));
    await act(() => result.current.dialog.onConfirm());
    expect(toastError).toHaveBeenLastCalledWith("Não foi possível");
    expect(toastSuccess).not.toHaveBeenCalled();
    act(() => result.current.ask("c"));
    act(() => result.current.dialog.onClose());
    expect(result.current.dialog.isOpen).toBe(false);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
