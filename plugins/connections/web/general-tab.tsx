import { useRef } from "react";
import { Button, Checkbox, FormGroup, H6, InputGroup, Intent, Switch } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { Channel } from "../shared/connection-rules.ts";
import type { NamedOption } from "./connections-api.ts";
import { MessageField, Row, SwitchField, TextField, useErrorText, type TabProps } from "./form-fields.tsx";

/** Greeting media: image or video only (spec 001 §5); the server checks again. */
export const GREETING_MEDIA_ACCEPT = "image/png,image/jpeg,image/gif,image/webp,video/mp4,video/3gpp,video/quicktime,video/webm,video/x-matroska";
export const isGreetingMedia = (file: File) => (file.type.startsWith("image/") ? file.type !== "image/svg+xml" : file.type.startsWith("video/"));

export interface GeneralTabProps extends TabProps {
  channel: Channel;
  isNew: boolean;
  /** Null hides the queue picker (GET /queue failed). */
  queues: NamedOption[] | null;
  token?: string;
  canManage: boolean;
  onRegenerate?: () => void;
  regenerating?: boolean;
  /** The saved media (a path) and the file picked to upload on save. */
  media: string | null;
  pendingMedia: File | null;
  onPickMedia: (file: File | null) => void;
  onRemoveMedia: () => void;
}

async function copyText(text: string) {
  await navigator.clipboard?.writeText(text);
}

/** General: name, default, queues, token, greeting media, groups and privacy. */
export function GeneralTab(props: GeneralTabProps) {
  const { form, errors, set, channel, isNew, queues, token, canManage, media, pendingMedia } = props;
  const { t } = useTranslation("connections");
  const errorText = useErrorText();
  const fileInput = useRef<HTMLInputElement>(null);
  const toggleQueue = (id: number, on: boolean) => set("queueIds", on ? [...form.queueIds, id] : form.queueIds.filter((q) => q !== id));
  const mediaName = pendingMedia?.name ?? (media ? media.split("/").pop() : null);

  return (
    <div>
      <Row>
        <TextField {...props} field="name" label={t("fields.name")} />
        <FormGroup label=" " style={{ alignSelf: "end" }}>
          <SwitchField form={form} set={set} field="isDefault" label={t("fields.isDefault")} />
        </FormGroup>
      </Row>
      {channel === "api" ? <TextField {...props} field="webhookUrl" label={t("fields.webhookUrl")} placeholder="https://" helper={t("help.webhookUrl")} /> : null}
      {queues ? (
        <FormGroup label={t("fields.queues")} helperText={errorText(errors.queueIds)} intent={errors.queueIds ? Intent.DANGER : Intent.NONE}>
          {queues.length === 0 ? (
            <span className="bp6-text-muted">{t("help.noQueues")}</span>
          ) : (
            <fieldset className="connections-queue-picks" aria-label={t("fields.queues")}>
              {queues.map((q) => (
                <Checkbox key={q.id} label={q.name} checked={form.queueIds.includes(q.id)} onChange={(e) => toggleQueue(q.id, e.currentTarget.checked)} />
              ))}
            </fieldset>
          )}
        </FormGroup>
      ) : null}
      {!isNew && token !== undefined ? (
        <FormGroup label={t("fields.token")} labelFor="connection-token">
          <div className="connections-token">
            <InputGroup id="connection-token" readOnly value={token} fill />
            <Button icon="duplicate" aria-label={t("actions.copyToken")} title={t("actions.copyToken")} onClick={() => void copyText(token)} />
            {canManage ? <Button icon="refresh" text={t("actions.regenerateToken")} loading={props.regenerating} onClick={props.onRegenerate} /> : null}
          </div>
        </FormGroup>
      ) : null}
      <FormGroup
        label={t("fields.greetingMedia")}
        helperText={errorText(errors.greetingMedia) ?? t("help.greetingMedia")}
        intent={errors.greetingMedia ? Intent.DANGER : Intent.NONE}
      >
        <div className="connections-token">
          <input
            ref={fileInput}
            type="file"
            accept={GREETING_MEDIA_ACCEPT}
            data-testid="greeting-media-input"
            style={{ display: "none" }}
            onChange={(e) => {
              props.onPickMedia(e.currentTarget.files?.[0] ?? null);
              e.currentTarget.value = "";
            }}
          />
          <Button icon="paperclip" text={t("actions.chooseMedia")} onClick={() => fileInput.current?.click()} />
          {mediaName ? (
            <>
              <span style={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", maxWidth: 260 }} title={mediaName}>
                {mediaName}
              </span>
              <Button icon="cross" variant="minimal" aria-label={t("actions.removeMedia")} onClick={props.onRemoveMedia} />
            </>
          ) : null}
        </div>
      </FormGroup>
      {channel === "whatsapp" ? (
        <>
          <H6 className="connections-section-title">{t("sections.groups")}</H6>
          <SwitchField form={form} set={set} field="allowGroup" label={t("fields.allowGroup")} />
          <Switch
            id="connection-groupAsTicket"
            label={t("fields.groupAsTicket")}
            checked={form.groupAsTicket === "enabled"}
            disabled={!form.allowGroup}
            onChange={(e) => set("groupAsTicket", e.currentTarget.checked ? "enabled" : "disabled")}
          />
        </>
      ) : null}
      <H6 className="connections-section-title">{t("sections.privacy")}</H6>
      <TextField {...props} field="privacyLink" label={t("fields.privacyLink")} placeholder="https://" />
      <MessageField {...props} field="privacyGreeting" label={t("fields.privacyGreeting")} />
      <SwitchField form={form} set={set} field="hideDeletedMessages" label={t("fields.hideDeletedMessages")} />
      <SwitchField form={form} set={set} field="alwaysAskConfirmation" label={t("fields.alwaysAskConfirmation")} />
    </div>
  );
}
