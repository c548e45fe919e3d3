import type { Contact } from "@whiskeysockets/baileys";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../../../core/config.ts";
import type { WaSocketOptions } from "../../../plugins/whatsapp/server/boundary/wa-socket.ts";
import { FakeWaBoundary, type FakeWaSocket } from "../../../plugins/whatsapp/server/testing/fake-wa-socket.ts";

/**
 * WhatsApp for the browser end-to-end run (WHATSAPP_BOUNDARY_MODULE points here): every
 * socket shows one QR ("2@fake-qr-<whatsappId>-<n>") 100 ms after it opens, and is
 * 'scanned' when the test writes a phone number to `${DATA_DIR}/fake-whatsapp/pair-<whatsappId>`
 * (polled every 200 ms; the file is deleted when read). A session resumed from paired
 * credentials opens at once, as Baileys does. The phone's address book arrives as Baileys'
 * `contacts.upsert` when the test writes its JSON (a Contact[]) to
 * `${DATA_DIR}/fake-whatsapp/contacts-<whatsappId>.json`. Everything past this boundary is the real server.
 */
export function createBoundary(config: Pick<Config, "DATA_DIR">): FakeWaBoundary {
  return new E2eWaBoundary(join(config.DATA_DIR, "fake-whatsapp"));
}

class E2eWaBoundary extends FakeWaBoundary {
  private qrCount = new Map<number, number>();

  constructor(private pairDir: string) {
    super();
  }

  override makeSocket(options: WaSocketOptions): FakeWaSocket {
    const socket = super.makeSocket(options);
    const { creds } = options.auth;
    const gone = () => socket.ended || socket.loggedOut;
    const book = join(this.pairDir, `contacts-${options.whatsappId}.json`);
    const contacts = setInterval(() => {
      if (gone()) return clearInterval(contacts);
      if (!socket.user || !existsSync(book)) return;
      const list = JSON.parse(readFileSync(book, "utf8")) as Contact[];
      rmSync(book, { force: true });
      socket.emit("contacts.upsert", list);
    }, 200);
    if (creds.me?.id && (creds.registered || creds.account)) {
      setTimeout(() => {
        if (gone()) return;
        socket.user = { ...creds.me!, id: creds.me!.id };
        socket.emit("connection.update", { connection: "open" });
      }, 100);
      return socket;
    }
    const n = (this.qrCount.get(options.whatsappId) ?? 0) + 1;
    this.qrCount.set(options.whatsappId, n);
    setTimeout(() => !gone() && socket.emit("connection.update", { qr: `2@fake-qr-${options.whatsappId}-${n}` }), 100);
    const file = join(this.pairDir, `pair-${options.whatsappId}`);
    const poll = setInterval(() => {
      if (gone()) return clearInterval(poll);
      if (!existsSync(file)) return;
      const number = readFileSync(file, "utf8").replace(/\D/g, "");
      rmSync(file, { force: true });
      clearInterval(poll);
      socket.pair(number || "5500000000000");
    }, 200);
    return socket;
  }
}
