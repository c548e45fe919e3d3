import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import type { WaBoundary } from "../boundary/wa-socket.ts";
import type { LiveSession, SessionRegistry } from "./session-registry.ts";

/** TODO(session helper): the sessions this process drives. */
export class SessionManager implements SessionRegistry {
  constructor(
    private ctx: PluginContext,
    private boundary: WaBoundary,
  ) {}

  live(_whatsappId: number): LiveSession | undefined {
    return undefined;
  }

  connectedOf(_companyId: number): LiveSession[] {
    return [];
  }

  onSocket(_attach: (session: LiveSession) => (() => void) | void): void {}
}
