/** The volume control's localStorage key (spec 000 §9: 0 to 1, step 0.1). */
export const VOLUME_KEY = "volume";

/** The stored volume, rounded to the 0.1 step and kept within 0..1; 1 when unset or unreadable. */
export function readVolume(storage: Pick<Storage, "getItem"> | undefined = globalThis.localStorage): number {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(VOLUME_KEY) ?? null;
  } catch {
    return 1;
  }
  if (raw === null || raw.trim() === "") return 1;
  const value = Number(raw);
  if (!Number.isFinite(value)) return 1;
  return Math.round(Math.min(1, Math.max(0, value)) * 10) / 10;
}

type AudioContextCtor = new () => AudioContext;

let shared: AudioContext | null = null;

/** One context for the page (browsers limit how many may exist). */
function context(): AudioContext | null {
  const g = globalThis as unknown as { AudioContext?: AudioContextCtor; webkitAudioContext?: AudioContextCtor };
  const Ctor = g.AudioContext ?? g.webkitAudioContext;
  if (!Ctor) return null;
  shared ??= new Ctor();
  return shared;
}

/**
 * A short two-tone chime made with WebAudio (no sound file to ship), at the stored volume.
 * Silent at volume 0, without WebAudio, or when the browser blocks audio before any
 * click on the page. Returns whether it played.
 */
export function playNotificationSound(volume: number = readVolume()): boolean {
  if (volume <= 0) return false;
  try {
    const ctx = context();
    if (!ctx) return false;
    if (ctx.state === "suspended") void ctx.resume().catch(() => {});
    const gain = ctx.createGain();
    gain.connect(ctx.destination);
    const start = ctx.currentTime;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(Math.max(0.0002, 0.4 * volume), start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.35);
    for (const [freq, at] of [
      [880, 0],
      [1320, 0.12],
    ] as const) {
      const osc = ctx.createOscillator();
      osc.type = "sine";
      osc.frequency.setValueAtTime(freq, start + at);
      osc.connect(gain);
      osc.start(start + at);
      osc.stop(start + at + 0.2);
    }
    return true;
  } catch {
    return false;
  }
}
