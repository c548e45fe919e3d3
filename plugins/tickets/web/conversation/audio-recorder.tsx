import { Button } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../../web/src/ui/toast.ts";
import { recordedAudioFile, useAudioRecorder } from "./use-audio-recorder.ts";

const clock = (s: number) => `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;

export interface AudioRecorderProps {
  channel: string;
  disabled?: boolean;
  /** Sends the finished recording (already named .mp3 or .m4a by channel). */
  onRecorded: (file: File) => Promise<void>;
  /** Tells the composer a recording is running (it hides the text field meanwhile). */
  onRecordingChange?: (recording: boolean) => void;
}

/** The microphone button, then the timer with cancel and send while recording (spec 000 §2, §4). */
export function AudioRecorder({ channel, disabled, onRecorded, onRecordingChange }: AudioRecorderProps) {
  const { t } = useTranslation("tickets");
  const recorder = useAudioRecorder(channel);

  const start = async () => {
    try {
      await recorder.start();
      onRecordingChange?.(true);
    } catch (err) {
      console.warn("microphone access failed", err);
      toastError(t("conversation.audio.micError"));
    }
  };
  const cancel = () => {
    recorder.cancel();
    onRecordingChange?.(false);
  };
  const send = async () => {
    const blob = await recorder.stop();
    onRecordingChange?.(false);
    const file = blob ? recordedAudioFile(blob, channel) : null;
    // Under 10000 bytes the recording is dropped without a message (spec 000 §4).
    if (file) await onRecorded(file);
  };

  if (recorder.state === "recording") {
    return (
      <div className="composer-recording" role="status">
        <Button variant="minimal" intent="danger" icon="cross" aria-label={t("conversation.audio.cancel")} onClick={cancel} />
        <span className="composer-recording-dot" aria-hidden />
        <span className="composer-recording-time">{clock(recorder.seconds)}</span>
        <Button variant="minimal" intent="success" icon="tick" aria-label={t("conversation.audio.send")} onClick={() => void send()} />
      </div>
    );
  }
  return (
    <Button
      variant="minimal"
      icon="microphone"
      disabled={disabled}
      aria-label={t("conversation.audio.record")}
      title={t("conversation.audio.record")}
      onClick={() => void start()}
    />
  );
}
