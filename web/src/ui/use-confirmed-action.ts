import { useState } from "react";
import { toastError, toastSuccess } from "./toast.ts";

export interface ConfirmedActionOptions<T> {
  /** The success toast. */
  success: string;
  /** The failure toast; by default the shared error text of what went wrong. */
  failure?: string;
  /** Runs after the action succeeded (drop the row, reset a form...). */
  onDone?: (target: T) => void;
}

/**
 * An action behind a yes/no question, most often a deletion: `ask(target)` opens the
 * question, confirming runs the action, toasts success or failure, then closes it.
 * @example
 *   const deletion = useConfirmedAction((row: Plan) => deletePlan(row.id).unwrap(), { success: t("messages.deleted") });
 *   <Button icon="trash" onClick={() => deletion.ask(row)} />
 *   <ConfirmDialog {...deletion.dialog} title={t("confirm.title")} message={t("confirm.message")} loading={deleting.isLoading} />
 */
export function useConfirmedAction<T>(run: (target: T) => Promise<unknown>, { success, failure, onDone }: ConfirmedActionOptions<T>) {
  const [target, setTarget] = useState<T | null>(null);
  const close = () => setTarget(null);
  const confirm = async () => {
    if (target === null) return;
    try {
      await run(target);
      onDone?.(target);
      toastSuccess(success);
    } catch (err) {
      toastError(failure ?? err);
    } finally {
      close();
    }
  };
  return {
    /** What the open question is about (null when closed). */
    target,
    ask: (next: T) => setTarget(() => next),
    /** The ConfirmDialog's isOpen, onConfirm and onClose. */
    dialog: { isOpen: target !== null, onConfirm: confirm, onClose: close },
  };
}
