import { useEffect, useRef, useState } from "react";
import { Button } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { AUDIO_SPEED_STORAGE_KEY, nextSpeed, PLAYBACK_SPEEDS } from "./message-rules.ts";

function storedSpeed(): number {
  const v = Number(localStorage.getItem(AUDIO_SPEED_STORAGE_KEY));
  return (PLAYBACK_SPEEDS as readonly number[]).includes(v) ? v : 1;
}

/** An audio message: the browser's player plus a speed button cycling 0.5/1/1.5/2, remembered locally. */
export function AudioPlayer({ src }: { src: string }) {
  const { t } = useTranslation("tickets");
  const audio = useRef<HTMLAudioElement>(null);
  const [speed, setSpeed] = useState(storedSpeed);

  useEffect(() => {
    if (audio.current) audio.current.playbackRate = speed;
  }, [speed]);

  const cycle = () => {
    const next = nextSpeed(speed);
    localStorage.setItem(AUDIO_SPEED_STORAGE_KEY, String(next));
    setSpeed(next);
  };

  return (
    <div className="msg-audio">
      {/* biome-ignore lint/a11y/useMediaCaption: WhatsApp audio and voice notes come without a caption track; the bubble offers a transcription instead. */}
      <audio ref={audio} src={src} controls preload="metadata" onLoadedMetadata={(e) => (e.currentTarget.playbackRate = speed)} />
      <Button size="small" variant="outlined" text={`${speed}x`} aria-label={t("conversation.media.speed", { speed })} onClick={cycle} />
    </div>
  );
}
