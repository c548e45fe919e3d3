/**
 * A help entry's video is a YouTube video code. Admins often paste a whole link, so the
 * common link shapes are accepted too; anything else yields null and no player is shown
 * (the code goes into URLs, so it must be exactly an id).
 */
export function videoId(code: string | null | undefined): string | null {
  const raw = (code ?? "").trim();
  if (!raw) return null;
  const id = /^[A-Za-z0-9_-]{6,20}$/;
  if (id.test(raw)) return raw;
  try {
    const url = new URL(raw);
    const host = url.hostname.replace(/^www\.|^m\./, "");
    let candidate: string | null = null;
    if (host === "youtu.be") candidate = url.pathname.slice(1).split("/")[0] ?? null;
    else if (host === "youtube.com" || host === "youtube-nocookie.com")
      candidate = url.searchParams.get("v") ?? /^\/(?:embed|shorts|live|v)\/([^/]+)/.exec(url.pathname)?.[1] ?? null;
    return candidate && id.test(candidate) ? candidate : null;
  } catch {
    return null;
  }
}

export const thumbnailUrl = (id: string) => `https://i.ytimg.com/vi/${id}/hqdefault.jpg`;
/** The privacy-enhanced player: no cookies until the person presses play. */
export const embedUrl = (id: string) => `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`;
export const watchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;
