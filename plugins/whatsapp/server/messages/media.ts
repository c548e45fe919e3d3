import type { WAMessage } from "@whiskeysockets/baileys";
import type { Config } from "../../../../core/config.ts";
import type { Logger } from "../../../../core/log.ts";
import type { SettingsService } from "../../../../core/settings/settings.ts";
import { mediaLimitBytes } from "../../../../core/storage/media-limits.ts";
import type { WaBoundary, WaSocketLike } from "../boundary/wa-socket.ts";
import type { MediaRef } from "./inbound-mapper.ts";
import { notices } from "./notices.ts";

export type FetchedMedia = { ok: true; media: { mimetype: string; fileName: string; data: Uint8Array } } | { ok: false; body: string; error: "too_large" | "download_failed" };

/**
 * Media bytes of an inbound message, within the platform's download limit. The size
 * WhatsApp announces is checked BEFORE downloading (a 2 GB video is never fetched); a
 * file over the limit or a failed download becomes an explanatory text, so the message
 * itself is never lost.
 */
export class MediaFetcher {
  constructor(
    private boundary: WaBoundary,
    private settings: SettingsService,
    private config: Pick<Config, "UPLOAD_MAX_BYTES">,
    private log: Logger,
  ) {}

  async fetch(message: WAMessage, socket: WaSocketLike, ref: MediaRef): Promise<FetchedMedia> {
    const limit = await mediaLimitBytes(this.settings, this.config);
    if (ref.fileLength !== undefined && ref.fileLength > limit) return { ok: false, body: notices.tooLarge(ref.fileName, ref.fileLength, limit), error: "too_large" };
    let data: Uint8Array;
    try {
      data = await this.boundary.downloadMedia(message, socket);
    } catch (err) {
      this.log.error(`ERR_WAPP_DOWNLOAD_MEDIA: media of message ${message.key.id} (${ref.mimetype}) could not be downloaded`, err);
      return { ok: false, body: notices.downloadFailed(ref.fileName), error: "download_failed" };
    }
    // WhatsApp's announced size may be missing or wrong: the bytes decide in the end.
    if (data.byteLength > limit) return { ok: false, body: notices.tooLarge(ref.fileName, data.byteLength, limit), error: "too_large" };
    return { ok: true, media: { mimetype: ref.mimetype, fileName: ref.fileName, data } };
  }
}
