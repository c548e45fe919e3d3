import type { ReferenceKind } from "../shared/reference-kinds.ts";

/** The queue fields that name another plugin's record (spec 001 §3 'Queue'). */
export type QueueHandlerField = "integrationId" | "fileListId";

/**
 * `queues.dialog.handlers`: the queue dialog's selectors of the plugins that act on a queue
 * (queue integrations, file lists), shown below the queue's data. Without contributors the
 * fields are not shown and a stored value is saved unchanged.
 */
export interface QueueHandlerProps {
  /** The fields as the form holds them: null for none. */
  values: Record<QueueHandlerField, number | null>;
  /** Sets one field (null clears it); sent with the queue. */
  set: (field: QueueHandlerField, id: number | null) => void;
  /** A field's error, already translated (e.g. the server's 'Invalid integration'). */
  errors: Partial<Record<QueueHandlerField, string>>;
}

/**
 * `queues.option.reference.integration` / `queues.option.reference.fileList`: the selector of a
 * chatbot option's target when its type is "Integração" / "Arquivo", contributed by the plugin
 * that registered that reference kind (`queues.registerReference`). The editor says so itself
 * when no plugin registered the kind.
 */
export interface OptionReferenceProps {
  /** The id the editor's label points at (`<label for>`): give it to the select. */
  inputId: string;
  kind: ReferenceKind;
  value: number | null;
  onChange: (id: number | null) => void;
  /** The option's target is refused (its error shows under the field). */
  invalid: boolean;
}

// The queue dialog's zones, declared by the queues plugin that renders them (README "Web zones").
declare module "../../../web/src/plugin/zone-types.ts" {
  interface ZoneProps {
    "queues.dialog.handlers": QueueHandlerProps;
    "queues.option.reference.integration": OptionReferenceProps;
    "queues.option.reference.fileList": OptionReferenceProps;
  }
}
