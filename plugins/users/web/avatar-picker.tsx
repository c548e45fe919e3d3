import { useEffect, useState, type FormEvent } from "react";
import { FileInput, FormGroup, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { UserAvatar } from "./user-avatar.tsx";

/** What the server accepts for a profile image (it checks again, by content too). */
export const AVATAR_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"];
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** Why a chosen file cannot be an avatar, as an i18n key; null when it can. */
export function avatarProblem(file: File): "avatar.invalidType" | "avatar.tooLarge" | null {
  if (!AVATAR_TYPES.includes(file.type) && !/\.(png|jpe?g|gif|webp)$/i.test(file.name)) return "avatar.invalidType";
  if (file.size > AVATAR_MAX_BYTES) return "avatar.tooLarge";
  return null;
}

export interface AvatarPickerProps {
  name: string;
  current: string | null;
  file: File | null;
  onChange: (file: File | null) => void;
}

/** The dialog's profile-image field: preview, choose a file; the dialog uploads it on save. */
export function AvatarPicker({ name, current, file, onChange }: AvatarPickerProps) {
  const { t } = useTranslation("users");
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== "function") return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (e: FormEvent<HTMLInputElement>) => {
    const chosen = (e.target as HTMLInputElement).files?.[0] ?? null;
    const why = chosen ? avatarProblem(chosen) : null;
    setProblem(why);
    onChange(why ? null : chosen);
  };

  return (
    <FormGroup label={t("fields.profileImage")} labelFor="user-avatar" intent={problem ? Intent.DANGER : Intent.NONE} helperText={problem ? t(problem) : t("avatar.hint")}>
      <div style={{ display: "flex", gap: 12, alignItems: "center" }}>
        <UserAvatar name={name} src={preview ?? current} size={48} />
        <FileInput
          fill
          text={file?.name ?? t("avatar.choose")}
          buttonText={t("avatar.browse")}
          inputProps={{ id: "user-avatar", accept: AVATAR_TYPES.join(","), "aria-label": t("fields.profileImage") }}
          onInputChange={choose}
        />
      </div>
    </FormGroup>
  );
}
