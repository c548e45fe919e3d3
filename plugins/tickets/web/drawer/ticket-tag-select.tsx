import { useEffect, useState } from "react";
import { FormGroup, HTMLSelect } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { toastError, toastSuccess } from "../../../../web/src/ui/toast.ts";
import type { TagChip } from "../../shared/ticket-types.ts";
import { useClearTicketTagsMutation, useSetTicketTagMutation, useTicketTagOptionsQuery } from "../extras-api.ts";

/**
 * The ticket's kanban stage (spec 000 §4): choosing one first removes the ticket's current
 * tag link, then sets the new one; the empty choice only clears it.
 */
export function TicketTagSelect({ ticketId, tags }: { ticketId: number; tags: TagChip[] }) {
  const { t } = useTranslation("tickets");
  const { data: options = [] } = useTicketTagOptionsQuery();
  const [setTag, setting] = useSetTicketTagMutation();
  const [clearTags, clearing] = useClearTicketTagsMutation();
  const current = tags.find((tag) => options.some((o) => o.id === tag.id))?.id ?? null;
  const [value, setValue] = useState<number | null>(current);
  useEffect(() => setValue(current), [current, ticketId]);

  const choose = async (next: number | null) => {
    const previous = value;
    setValue(next);
    try {
      await clearTags(ticketId).unwrap();
      if (next === null) return toastSuccess(t("actions.drawer.ticketTagRemoved"));
      await setTag({ ticketId, tagId: next }).unwrap();
      toastSuccess(t("actions.drawer.ticketTagAdded"));
    } catch (err) {
      setValue(previous);
      toastError(err);
    }
  };

  return (
    <FormGroup label={t("actions.drawer.ticketTag")} labelFor="ticket-tag">
      <HTMLSelect
        id="ticket-tag"
        fill
        disabled={setting.isLoading || clearing.isLoading}
        value={value === null ? "" : String(value)}
        onChange={(e) => void choose(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
        options={[{ value: "", label: t("actions.drawer.noTicketTag") }, ...options.map((o) => ({ value: String(o.id), label: o.name }))]}
      />
    </FormGroup>
  );
}
