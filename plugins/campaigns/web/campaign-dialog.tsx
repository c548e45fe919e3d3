import { Button, FormGroup, HTMLSelect, InputGroup, Intent, Switch, Tab, Tabs, TextArea } from "@blueprintjs/core";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { RecordDialog, toastError, useRecordDialog } from "../../../web/src/ui/index.ts";
import { blankCampaign, type CampaignErrors, type CampaignForm, campaignPayload, campaignToForm, isEditable, previewText, VARIANTS, validateCampaign } from "./campaign-form.ts";
import {
  type Campaign,
  useCampaignConnectionOptionsQuery,
  useCampaignQueueOptionsQuery,
  useCampaignTagOptionsQuery,
  useCampaignUserOptionsQuery,
  useCreateCampaignMutation,
  useDeleteCampaignMediaMutation,
  useGetCampaignQuery,
  useGetContactListOptionsQuery,
  useUpdateCampaignMutation,
  useUploadCampaignMediaMutation,
} from "./campaigns-api.ts";

export interface CampaignDialogProps {
  isOpen: boolean;
  /** null creates a new campaign. */
  campaignId: number | null;
  onClose: () => void;
  onSaved?: (campaign: Campaign) => void;
}

const SAMPLE = { name: "Maria Silva", number: "5511999990001", email: "maria@example.com" };

/**
 * The campaign dialog (spec 002 §2.2): name, five messages and five confirmation messages (a
 * preview with a sample contact under each), connection, list, tag, schedule, confirmation,
 * open-ticket options (user and queue only when enabled), one attachment. Read-only outside the
 * §4.1 edit window, except that a cancelled campaign keeps its messages and save.
 */
export function CampaignDialog({ isOpen, campaignId, onClose, onSaved }: CampaignDialogProps) {
  const { t } = useTranslation("campaigns");
  const [create] = useCreateCampaignMutation();
  const [update] = useUpdateCampaignMutation();
  const [upload] = useUploadCampaignMediaMutation();
  const [removeMedia] = useDeleteCampaignMediaMutation();
  const skip = { skip: !isOpen };
  const { data: connections = [] } = useCampaignConnectionOptionsQuery(undefined, skip);
  const { data: lists = [] } = useGetContactListOptionsQuery(undefined, skip);
  const { data: tags = [] } = useCampaignTagOptionsQuery(undefined, skip);
  const { data: users = [] } = useCampaignUserOptionsQuery(undefined, skip);
  const { data: queues = [] } = useCampaignQueueOptionsQuery(undefined, skip);
  const [tab, setTab] = useState<string>("m1");
  const fileInput = useRef<HTMLInputElement>(null);
  // The opened campaign's status, for the save (a cancelled one sends only its messages).
  const status = useRef<Campaign["status"] | undefined>(undefined);
  const dialog = useRecordDialog({
    isOpen,
    id: campaignId,
    useRecord: useGetCampaignQuery,
    blank: blankCampaign,
    toForm: campaignToForm,
    validate: validateCampaign,
    save: (form, id): Promise<Campaign> => {
      const payload = campaignPayload(form);
      return (id === null ? create(payload) : update({ id, ...(status.current === "CANCELADA" ? messagesOf(payload) : payload) })).unwrap();
    },
    messages: { saved: t("messages.saved") },
    onClose,
    onSaved,
  });
  const { form, errors, set, record } = dialog;
  status.current = record?.status;
  const editable = isEditable(record);
  const messagesOnly = !editable && record?.status === "CANCELADA";
  const locked = !editable;
  const helper = (key: keyof CampaignErrors) => (errors[key] ? t(`validation.${errors[key]}`, { defaultValue: errors[key] }) : undefined);
  const intent = (key: keyof CampaignErrors) => (errors[key] ? Intent.DANGER : Intent.NONE);
  const options = (rows: { id: number; name: string }[], none = true) => [
    ...(none ? [{ value: "", label: t("dialog.none") }] : [{ value: "", label: t("dialog.choose") }]),
    ...rows.map((r) => ({ value: String(r.id), label: r.name })),
  ];
  const opens = form.openTicket === "enabled";

  const attach = async (file: File | undefined) => {
    if (!file || campaignId === null) return;
    try {
      await upload({ id: campaignId, file }).unwrap();
    } catch (err) {
      toastError(err);
    }
  };

  const textArea = (key: keyof CampaignForm, label: string) => (
    <FormGroup label={label} labelFor={`campaign-${key}`}>
      <TextArea id={`campaign-${key}`} fill rows={4} disabled={locked && !messagesOnly} value={String(form[key])} onChange={(e) => set(key, e.target.value as never)} />
      {String(form[key]).trim() ? (
        <output className="bp6-text-muted" style={{ display: "block", fontSize: 12, marginTop: 4 }} aria-label={t("dialog.preview")}>
          {previewText(String(form[key]), SAMPLE)}
        </output>
      ) : null}
    </FormGroup>
  );

  return (
    <RecordDialog {...dialog.frame} ns="campaigns" icon="send-message" width={760} readOnly={locked && !messagesOnly}>
      <div style={{ display: "flex", gap: 12 }}>
        <FormGroup label={t("fields.name")} labelFor="campaign-name" intent={intent("name")} helperText={helper("name")} style={{ flex: 2 }}>
          <InputGroup id="campaign-name" value={form.name} disabled={locked} autoFocus intent={intent("name")} onChange={(e) => set("name", e.target.value)} />
        </FormGroup>
        <FormGroup label={t("fields.confirmation")} labelFor="campaign-confirmation" style={{ flex: 1 }}>
          <Switch
            id="campaign-confirmation"
            checked={form.confirmation}
            disabled={locked}
            onChange={(e) => set("confirmation", e.currentTarget.checked)}
            label={form.confirmation ? t("dialog.enabled") : t("dialog.disabled")}
          />
        </FormGroup>
      </div>
      <div style={{ display: "flex", gap: 12 }}>
        <FormGroup label={t("fields.whatsapp")} labelFor="campaign-whatsapp" intent={intent("whatsappId")} helperText={helper("whatsappId")} style={{ flex: 1 }}>
          <HTMLSelect
            id="campaign-whatsapp"
            fill
            disabled={locked}
            value={form.whatsappId}
            onChange={(e) => set("whatsappId", e.currentTarget.value)}
            options={options(connections, false)}
          />
        </FormGroup>
        <FormGroup label={t("fields.contactList")} labelFor="campaign-list" style={{ flex: 1 }} intent={intent("contactListId")} helperText={helper("contactListId")}>
          <HTMLSelect id="campaign-list" fill disabled={locked} value={form.contactListId} onChange={(e) => set("contactListId", e.currentTarget.value)} options={options(lists)} />
        </FormGroup>
        <FormGroup label={t("fields.tag")} labelFor="campaign-tag" style={{ flex: 1 }}>
          <HTMLSelect id="campaign-tag" fill disabled={locked} value={form.tagListId} onChange={(e) => set("tagListId", e.currentTarget.value)} options={options(tags)} />
        </FormGroup>
        <FormGroup label={t("fields.scheduledAt")} labelFor="campaign-scheduled" style={{ flex: 1 }} intent={intent("scheduledAt")} helperText={helper("scheduledAt")}>
          <InputGroup id="campaign-scheduled" type="datetime-local" disabled={locked} value={form.scheduledAt} onChange={(e) => set("scheduledAt", e.target.value)} />
        </FormGroup>
      </div>
      <div style={{ display: "flex", gap: 12 }}>
        <FormGroup label={t("fields.openTicket")} labelFor="campaign-open-ticket" style={{ flex: 1 }}>
          <HTMLSelect
            id="campaign-open-ticket"
            fill
            disabled={locked}
            value={form.openTicket}
            onChange={(e) => set("openTicket", e.currentTarget.value as CampaignForm["openTicket"])}
            options={[
              { value: "enabled", label: t("dialog.enabled") },
              { value: "disabled", label: t("dialog.disabled") },
            ]}
          />
        </FormGroup>
        <FormGroup label={t("fields.user")} labelFor="campaign-user" style={{ flex: 1 }}>
          <HTMLSelect id="campaign-user" fill disabled={locked || !opens} value={form.userId} onChange={(e) => set("userId", e.currentTarget.value)} options={options(users)} />
        </FormGroup>
        <FormGroup label={t("fields.queue")} labelFor="campaign-queue" style={{ flex: 1 }} intent={intent("queueId")} helperText={helper("queueId")}>
          <HTMLSelect id="campaign-queue" fill disabled={locked || !opens} value={form.queueId} onChange={(e) => set("queueId", e.currentTarget.value)} options={options(queues)} />
        </FormGroup>
        <FormGroup label={t("fields.statusTicket")} labelFor="campaign-status-ticket" style={{ flex: 1 }}>
          <HTMLSelect
            id="campaign-status-ticket"
            fill
            disabled={locked || !opens}
            value={form.statusTicket}
            onChange={(e) => set("statusTicket", e.currentTarget.value as CampaignForm["statusTicket"])}
            options={(["closed", "pending", "open"] as const).map((s) => ({ value: s, label: t(`ticketStatus.${s}`) }))}
          />
        </FormGroup>
      </div>
      <Tabs id="campaign-messages" selectedTabId={tab} onChange={(id) => setTab(String(id))} renderActiveTabPanelOnly>
        {VARIANTS.map((n) => (
          <Tab key={`m${n}`} id={`m${n}`} title={t("dialog.messageTab", { n })} panel={textArea(`message${n}`, t("fields.message", { n }))} />
        ))}
        {form.confirmation
          ? VARIANTS.map((n) => (
              <Tab key={`c${n}`} id={`c${n}`} title={t("dialog.confirmationTab", { n })} panel={textArea(`confirmationMessage${n}`, t("fields.confirmationMessage", { n }))} />
            ))
          : null}
      </Tabs>
      <div className="bp6-text-muted" style={{ fontSize: 12 }}>
        {t("dialog.variables")}
      </div>
      {campaignId !== null && record ? (
        <div style={{ display: "flex", gap: 8, alignItems: "center", marginTop: 8 }}>
          <input ref={fileInput} type="file" hidden aria-label={t("dialog.attachment")} onChange={(e) => void attach(e.target.files?.[0])} />
          {record.mediaName ? (
            <>
              <span>{record.mediaName}</span>
              <Button
                icon="trash"
                variant="minimal"
                intent={Intent.DANGER}
                disabled={locked && !messagesOnly}
                aria-label={t("dialog.removeAttachment")}
                onClick={() => void removeMedia(record.id).unwrap().catch(toastError)}
              />
            </>
          ) : (
            <Button icon="paperclip" disabled={locked && !messagesOnly} onClick={() => fileInput.current?.click()} text={t("dialog.attach")} />
          )}
        </div>
      ) : null}
    </RecordDialog>
  );
}

/** A cancelled campaign takes only its messages (spec 002 §4.1). */
function messagesOf(payload: ReturnType<typeof campaignPayload>) {
  return Object.fromEntries(Object.entries(payload).filter(([k]) => /^(confirmationM|m)essage\d$/.test(k)));
}
