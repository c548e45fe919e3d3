import { useCallback, useEffect, useRef, useState } from "react";
import { audioFileName, isWhatsappFamily, keepRecording } from "./message-rules.ts";

export type RecorderState = "idle" | "recording";

/** The recording as a file to send, or null when it is too short to keep (discarded silently). */
export function recordedAudioFile(blob: Blob, channel: string, now: number = Date.now()): File | null {
  if (!keepRecording(blob.size)) return null;
  return new File([blob], audioFileName(channel, now), { type: blob.type || "audio/mpeg" });
}

/** The first container the browser can record in: Ogg/Opus for the WhatsApp family, MP4 for the others. */
function preferredMimeType(channel: string): string | undefined {
  const wanted = isWhatsappFamily(channel) ? ["audio/ogg;codecs=opus", "audio/webm;codecs=opus", "audio/mp4"] : ["audio/mp4", "audio/webm;codecs=opus", "audio/ogg;codecs=opus"];
  if (typeof MediaRecorder === "undefined" || typeof MediaRecorder.isTypeSupported !== "function") return undefined;
  return wanted.find((type) => MediaRecorder.isTypeSupported(type));
}

/**
 * The microphone (MediaRecorder): idle → recording (with elapsed seconds) → stopped with
 * a Blob, or cancelled. `start` rejects when the microphone cannot be used.
 */
export function useAudioRecorder(channel: string) {
  const [state, setState] = useState<RecorderState>("idle");
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const release = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
    for (const track of recorder.current?.stream.getTracks() ?? []) track.stop();
    recorder.current = null;
    setState("idle");
    setSeconds(0);
  }, []);

  useEffect(
    () => () => {
      if (recorder.current && recorder.current.state !== "inactive") recorder.current.stop();
      release();
    },
    [release],
  );

  const start = useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === "undefined") throw new Error("microphone unavailable");
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const mimeType = preferredMimeType(channel);
    const rec = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    chunks.current = [];
    rec.ondataavailable = (e) => e.data.size && chunks.current.push(e.data);
    rec.start();
    recorder.current = rec;
    setSeconds(0);
    setState("recording");
    timer.current = setInterval(() => setSeconds((s) => s + 1), 1000);
  }, [channel]);

  /** Stops and answers what was recorded. */
  const stop = useCallback(
    () =>
      new Promise<Blob | null>((resolve) => {
        const rec = recorder.current;
        if (!rec) return resolve(null);
        rec.onstop = () => {
          resolve(new Blob(chunks.current, { type: rec.mimeType || "audio/mpeg" }));
          chunks.current = [];
        };
        rec.stop();
        release();
      }),
    [release],
  );

  const cancel = useCallback(() => {
    const rec = recorder.current;
    if (rec) {
      rec.onstop = null;
      if (rec.state !== "inactive") rec.stop();
    }
    chunks.current = [];
    release();
  }, [release]);

  return { state, seconds, start, stop, cancel };
}
