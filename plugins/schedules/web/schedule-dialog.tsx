import { Button, Callout, Checkbox, FormGroup, HTMLSelect, InputGroup, Intent, NumericInput, Switch, Tag, TextArea } from "@blueprintjs/core";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../web/src/session/session.ts";
import { formatDateTime, RecordDialog, toastError, toastSuccess, useRecordDialog } from "../../../web/src/ui/index.ts";
import { ContactPicker } from "./contact-picker.tsx";
import { blankSchedule, messageKey, type ScheduleErrors, type ScheduleForm, schedulePayload, scheduleToForm, validateSchedule } from "./schedule-form.ts";
import {
  type ScheduleView,
  useCreateScheduleMutation,
  useDeleteScheduleMediaMutation,
  useGetScheduleQuery,
  useScheduleConnectionOptionsQuery,
  useScheduleQueueOptionsQuery,
  useScheduleUserOptionsQuery,
  useUpdateScheduleMutation,
  useUploadScheduleMediaMutation,
} from "./schedules-api.ts";

export interface ScheduleDialogProps {
  isOpen: boolean;
  /** null creates a new schedule. */
  scheduleId: number | null;
  /** A new schedule for this contact (`?contactId=`, the composer's button). */
  contact?: { id: number; name: string } | null;
  onClose: () => void;
  onSaved?: (schedule: ScheduleView) => void;
}

/**
 * Create or edit a schedule (spec 000 §4): contact, message, time (one hour ahead for a new
 * one), connection, the ticket it opens (disabling openTicket disables user, queue, status
 * and signature), recurrence, the business-day rule and one attachment (a new file is
 * uploaded once the schedule is saved; deleting the stored one is immediate). Once sent, it
 * is only shown: no submit.
 */
export function ScheduleDialog({ isOpen, scheduleId, contact, onClose, onSaved }: ScheduleDialogProps) {
  const { t } = useTranslation("schedules");
  const { settings } = useSession();
  const [createSchedule] = useCreateScheduleMutation();
  const [updateSchedule] = useUpdateScheduleMutation();
  const [upload] = useUploadScheduleMediaMutation();
  const [deleteMedia, deletingMedia] = useDeleteScheduleMediaMutation();
  const { data: users = [] } = useScheduleUserOptionsQuery(undefined, { skip: !isOpen });
  const { data: queues = [] } = useScheduleQueueOptionsQuery(undefined, { skip: !isOpen });
  const { data: connections = [] } = useScheduleConnectionOptionsQuery(undefined, { skip: !isOpen });
  const [file, setFile] = useState<File | null>(null);
  const [mediaGone, setMediaGone] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const dialog = useRecordDialog({
    isOpen,
    id: scheduleId,
    useRecord: useGetScheduleQuery,
    blank: () => blankSchedule(new Date(), contact),
    toForm: scheduleToForm,
    validate: validateSchedule,
    save: async (form, id) => {
      const payload = schedulePayload(form);
      let saved = await (id === null ? createSchedule(payload) : updateSchedule({ id, ...payload })).unwrap();
      if (file) saved = await upload({ id: saved.id, file }).unwrap();
      return saved;
    },
    messages: { saved: t("messages.saved"), loadError: t("messages.loadError") },
    onOpen: () => {
      setFile(null);
      setMediaGone(false);
    },
    onClose,
    onSaved,
  });
  const { form, errors, set, record } = dialog;
  const sent = Boolean(record?.sentAt);
  const ticketOff = form.openTicket === "disabled" || sent;
  const intentOf = (key: keyof ScheduleErrors) => (errors[key] ? Intent.DANGER : Intent.NONE);
  const helper = (key: keyof ScheduleErrors) => (errors[key] ? t(messageKey(errors[key]!)) : undefined);
  const storedMedia = record?.mediaName && !mediaGone ? record.mediaName : null;
  const attachment = file ? file.name.replace(/\s/g, "_") : storedMedia;

  const removeAttachment = async () => {
    if (file) return setFile(null);
    if (!record) return;
    try {
      const updated = await deleteMedia(record.id).unwrap();
      setMediaGone(true);
      toastSuccess(t("messages.mediaDeleted"));
      onSaved?.(updated);
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <RecordDialog {...dialog.frame} ns="schedules" icon="calendar" width={560} readOnly={sent}>
      {sent && record && (
        <Callout intent={Intent.SUCCESS} icon="tick" style={{ marginBottom: 12 }}>
          {t("fields.sentAt", { date: formatDateTime(record.sentAt) })}
        </Callout>
      )}
      {record?.status === "ERRO" && record.lastError && (
        <Callout intent={Intent.DANGER} style={{ marginBottom: 12 }}>
          {t("fields.lastError", { error: t(`errors.${record.lastError}`, { ns: "common", defaultValue: record.lastError }) })}
        </Callout>
      )}
      <FormGroup label={t("fields.contact")} labelFor="schedule-contact" intent={intentOf("contactId")} helperText={helper("contactId")}>
        <ContactPicker
          id="schedule-contact"
          value={form.contactId == null ? null : { id: form.contactId, name: form.contactName }}
          onChange={(c) => {
            set("contactId", c?.id ?? null);
            set("contactName", c?.name ?? "");
          }}
          disabled={sent}
          intent={intentOf("contactId")}
        />
      </FormGroup>
      <FormGroup label={t("fields.body")} labelFor="schedule-body" intent={intentOf("body")} helperText={helper("body")}>
        <TextArea id="schedule-body" fill rows={4} value={form.body} disabled={sent} intent={intentOf("body")} onChange={(e) => set("body", e.target.value)} />
      </FormGroup>
      <div style={{ display: "flex", gap: 12, flexWrap: "wrap" }}>
        <FormGroup label={t("fields.sendAt")} labelFor="schedule-send-at" intent={intentOf("sendAt")} helperText={helper("sendAt")} style={{ flex: 1 }}>
          <InputGroup id="schedule-send-at" type="datetime-local" value={form.sendAt} disabled={sent} intent={intentOf("sendAt")} onChange={(e) => set("sendAt", e.target.value)} />
        </FormGroup>
        <FormGroup label={t("fields.whatsapp")} labelFor="schedule-whatsapp" style={{ flex: 1 }}>
          <HTMLSelect id="schedule-whatsapp" fill value={form.whatsappId} disabled={sent} onChange={(e) => set("whatsappId", e.target.value)}>
            <option value="">{t("fields.defaultWhatsapp")}</option>
            {connections.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      </div>
      <Switch
        label={t("fields.openTicket")}
        checked={form.openTicket === "enabled"}
        disabled={sent}
        onChange={(e) => set("openTicket", e.currentTarget.checked ? "enabled" : "disabled")}
      />
      <div style={{ display: "flex", gap: 12, flexWrap: "wrap" }}>
        <FormGroup label={t("fields.ticketUser")} labelFor="schedule-user" style={{ flex: 1 }}>
          <HTMLSelect id="schedule-user" fill value={form.ticketUserId} disabled={ticketOff} onChange={(e) => set("ticketUserId", e.target.value)}>
            <option value="">{t("fields.none")}</option>
            {users.map((u) => (
              <option key={u.id} value={String(u.id)}>
                {u.name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t("fields.queue")} labelFor="schedule-queue" style={{ flex: 1 }}>
          <HTMLSelect id="schedule-queue" fill value={form.queueId} disabled={ticketOff} onChange={(e) => set("queueId", e.target.value)}>
            <option value="">{t("fields.none")}</option>
            {queues.map((q) => (
              <option key={q.id} value={String(q.id)}>
                {q.name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t("fields.statusTicket")} labelFor="schedule-status" style={{ flex: 1 }}>
          <HTMLSelect
            id="schedule-status"
            fill
            value={form.statusTicket}
            disabled={ticketOff}
            onChange={(e) => set("statusTicket", e.target.value as ScheduleForm["statusTicket"])}
          >
            <option value="closed">{t("fields.statusClosed")}</option>
            <option value="open">{t("fields.statusOpen")}</option>
          </HTMLSelect>
        </FormGroup>
      </div>
      {/* Spec 000 §6: the signature option shows only when the company's sendSignMessage is enabled. */}
      {settings.sendSignMessage === "enabled" && (
        <Checkbox label={t("fields.assinar")} checked={form.assinar} disabled={ticketOff} onChange={(e) => set("assinar", e.currentTarget.checked)} />
      )}
      <div style={{ display: "flex", gap: 12, flexWrap: "wrap" }}>
        <FormGroup label={t("fields.intervalo")} labelFor="schedule-intervalo" style={{ flex: 1 }}>
          <HTMLSelect id="schedule-intervalo" fill value={form.intervalo} disabled={sent} onChange={(e) => set("intervalo", Number(e.target.value) as ScheduleForm["intervalo"])}>
            {([1, 2, 3, 4] as const).map((u) => (
              <option key={u} value={u}>
                {t(`units.${u}`)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t("fields.valorIntervalo")} labelFor="schedule-valor" intent={intentOf("valorIntervalo")} helperText={helper("valorIntervalo")} style={{ flex: 1 }}>
          <NumericInput
            id="schedule-valor"
            fill
            min={0}
            max={10_000}
            value={form.valorIntervalo}
            disabled={sent}
            intent={intentOf("valorIntervalo")}
            onValueChange={(n) => set("valorIntervalo", Number.isFinite(n) ? Math.max(0, Math.trunc(n)) : 0)}
          />
        </FormGroup>
        <FormGroup label={t("fields.enviarQuantasVezes")} labelFor="schedule-vezes" style={{ flex: 1 }}>
          <NumericInput
            id="schedule-vezes"
            fill
            min={1}
            max={1_000}
            value={form.enviarQuantasVezes}
            disabled={sent}
            onValueChange={(n) => set("enviarQuantasVezes", Number.isFinite(n) ? Math.max(1, Math.trunc(n)) : 1)}
          />
        </FormGroup>
      </div>
      <FormGroup label={t("fields.tipoDias")} labelFor="schedule-tipo-dias">
        <HTMLSelect id="schedule-tipo-dias" fill value={form.tipoDias} disabled={sent} onChange={(e) => set("tipoDias", Number(e.target.value) as ScheduleForm["tipoDias"])}>
          {([4, 5, 6] as const).map((d) => (
            <option key={d} value={d}>
              {t(`dayRules.${d}`)}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup label={t("fields.attachment")}>
        {attachment ? (
          <div style={{ display: "flex", gap: 8, alignItems: "center" }}>
            <Tag icon="paperclip" minimal large>
              {attachment}
            </Tag>
            {!sent && (
              <Button
                icon="trash"
                variant="minimal"
                intent={Intent.DANGER}
                aria-label={t("fields.removeAttachment")}
                loading={deletingMedia.isLoading}
                onClick={() => void removeAttachment()}
              />
            )}
          </div>
        ) : (
          !sent && <Button icon="paperclip" text={t("fields.attach")} onClick={() => fileInput.current?.click()} />
        )}
        <input
          ref={fileInput}
          type="file"
          hidden
          data-testid="schedule-file"
          onChange={(e) => {
            const picked = e.target.files?.[0];
            if (picked) setFile(picked);
            e.target.value = "";
          }}
        />
      </FormGroup>
    </RecordDialog>
  );
}
