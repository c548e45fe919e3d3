import type { Storage } from "../../../core/storage/storage.ts";
import type { ConnectionsService, ConnectionView } from "./connections.service.ts";

/** WhatsApp's own ceiling for video. */
export const GREETING_MEDIA_MAX_BYTES = 16 * 1024 * 1024;
/** Images and videos only (spec 001 §5); svg is left out because it can carry script. */
export const GREETING_MEDIA_EXTENSIONS = [".png", ".jpg", ".jpeg", ".gif", ".webp", ".mp4", ".3gp", ".mov", ".webm", ".mkv"] as const;

/** The greeting media of a connection: stored in the company's folder, one file at a time. */
export class GreetingMedia {
  constructor(
    private connections: ConnectionsService,
    private storage: Storage,
  ) {}

  async upload(companyId: number, id: number, file: File): Promise<ConnectionView> {
    await this.connections.get(companyId, id);
    const stored = await this.storage.save(companyId, file, {
      maxBytes: GREETING_MEDIA_MAX_BYTES,
      extensions: GREETING_MEDIA_EXTENSIONS,
      mimePrefixes: ["image/", "video/"],
    });
    const { view, previous } = await this.connections.setGreetingMedia(companyId, id, stored.url);
    await this.discard(companyId, previous);
    return view;
  }

  async remove(companyId: number, id: number): Promise<ConnectionView> {
    const { view, previous } = await this.connections.setGreetingMedia(companyId, id, null);
    await this.discard(companyId, previous);
    return view;
  }

  /** Removes a file only when it is in this company's own folder. */
  private async discard(companyId: number, url: string | null) {
    const prefix = `/public/company${companyId}/`;
    if (url?.startsWith(prefix)) await this.storage.remove(url.slice("/public/".length));
  }
}
