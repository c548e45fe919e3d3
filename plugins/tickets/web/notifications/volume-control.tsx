import { useState } from "react";
import { Button, Popover, Slider } from "@blueprintjs/core";
import type { IconName } from "@blueprintjs/icons";
import { useTranslation } from "react-i18next";
import { readVolume, VOLUME_KEY } from "../notification-sound.ts";

/** Keeps the 0.1 step exact (0.1 + 0.2 is not 0.3 in floating point) and within 0..1. */
export const roundVolume = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 10) / 10;

/** Stores the volume where the chime reads it (spec 000 §9: stored locally). */
export function saveVolume(value: number, storage: Pick<Storage, "setItem"> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(VOLUME_KEY, String(roundVolume(value)));
  } catch {
    // Storage may be full or blocked (private mode): the volume then lasts only for this page.
  }
}

const iconFor = (volume: number): IconName => (volume <= 0 ? "volume-off" : volume < 0.5 ? "volume-down" : "volume-up");

/** The top-bar volume button: a popover with a 0–1 slider in 0.1 steps; a mute icon at 0. */
export function VolumeControl() {
  const { t } = useTranslation("tickets");
  const [volume, setVolume] = useState(() => readVolume());
  const change = (next: number) => {
    const value = roundVolume(next);
    setVolume(value);
    saveVolume(value);
  };

  return (
    <Popover
      placement="bottom-end"
      content={
        <div style={{ width: 200, padding: "12px 16px 4px" }}>
          <Slider
            min={0}
            max={1}
            stepSize={0.1}
            labelStepSize={0.5}
            labelPrecision={1}
            value={volume}
            onChange={change}
            handleHtmlProps={{ "aria-label": t("notifications.volume") }}
          />
        </div>
      }
    >
      <Button
        variant="minimal"
        icon={iconFor(volume)}
        aria-label={volume <= 0 ? t("notifications.muted") : t("notifications.volumeLevel", { percent: Math.round(volume * 100) })}
        title={t("notifications.volume")}
        data-icon={iconFor(volume)}
      />
    </Popover>
  );
}

export default VolumeControl;
