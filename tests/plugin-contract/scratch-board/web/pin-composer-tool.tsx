import { Button } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { ComposerToolProps } from "../../../../plugins/tickets/web/public.ts";
import { toastError, toastSuccess } from "../../../../web/src/ui/toast.ts";
import { useCreateScratchCardMutation } from "./cards-api.ts";

/** Contributed to the ticket workspace's `tickets.composerTools` zone: pins what the attendant typed as a card. */
export function PinComposerTool({ text, disabled }: ComposerToolProps) {
  const { t } = useTranslation("scratch-board");
  const [create, { isLoading }] = useCreateScratchCardMutation();
  const pin = async () => {
    const result = await create({ title: text });
    if (result.error) toastError(result.error);
    else toastSuccess(t("pinned"));
  };
  return <Button icon="pin" variant="minimal" text={t("actions.pin")} disabled={disabled || isLoading || !text.trim()} onClick={() => void pin()} />;
}
