import type { Announcement } from "./announcements-api.ts";

/** An announcement as the server answers it. */
export function announcement(over: Partial<Announcement> & { id: number }): Announcement {
  return {
    companyId: 1,
    title: `Aviso ${over.id}`,
    text: `Texto ${over.id}`,
    priority: 3,
    status: true,
    mediaPath: null,
    mediaName: null,
    mediaUrl: null,
    createdAt: `2025-03-0${over.id}T12:30:00.000Z`,
    updatedAt: `2025-03-0${over.id}T12:30:00.000Z`,
    ...over,
  };
}

/** CSS colours as the DOM may report them: "#CD4246" or "rgb(205, 66, 70)". */
export function sameColor(actual: string, hex: string): boolean {
  const n = Number.parseInt(hex.slice(1), 16);
  const rgb = `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
  const a = actual.replace(/\s+/g, " ").toLowerCase();
  return a.includes(hex.toLowerCase()) || a.includes(rgb);
}
