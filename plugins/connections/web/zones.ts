/** The connection fields that name another plugin's record (spec 001 §3 'Connection', Integrations). */
export type ConnectionHandlerField = "integrationId" | "promptId" | "flowIdWelcome" | "flowIdNotPhrase";

/**
 * `connections.dialog.handlers`: the connection dialog's Integrations tab, where the plugins that
 * act on a connection (queue integrations, AI prompts, flows) contribute their selectors. The
 * connections plugin reads none of their lists; without contributors the tab says there is
 * nothing to choose, and stored values are saved unchanged.
 */
export interface ConnectionHandlerProps {
  /** The fields as the form holds them: null for none. */
  values: Record<ConnectionHandlerField, number | null>;
  /** Sets one field (null clears it); sent with the connection. */
  set: (field: ConnectionHandlerField, id: number | null) => void;
  /** A field's error, already translated (e.g. the server's 'Invalid prompt'). */
  errors: Partial<Record<ConnectionHandlerField, string>>;
}

// The connection dialog's zone, declared by the connections plugin that renders it (README "Web").
declare module "../../../web/src/plugin/zone-types.ts" {
  interface ZoneProps {
    "connections.dialog.handlers": ConnectionHandlerProps;
  }
}
