import { useEffect, useState, type FormEvent } from "react";
import { Button, Callout, Dialog, DialogBody, DialogFooter, Intent, Spinner, Tab, Tabs } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../web/src/session/session.ts";
import { OfficeHoursEditor, type OfficeHoursProblems } from "../../office-hours/web/public.ts";
import { toastError, toastSuccess, toastWarning } from "../../../web/src/ui/toast.ts";
import type { Channel } from "../shared/connection-rules.ts";
import { ChatbotTab } from "./chatbot-tab.tsx";
import {
  firstTabWithError,
  formFromConnection,
  newConnectionForm,
  serverErrors,
  toPayload,
  validateConnection,
  type ConnectionForm,
  type FormErrors,
  type TabId,
} from "./connection-form.ts";
import {
  useCreateConnectionMutation,
  useGetConnectionQuery,
  useRegenerateTokenMutation,
  useRemoveGreetingMediaMutation,
  useUpdateConnectionMutation,
  useUploadGreetingMediaMutation,
  type Connection,
} from "./connections-api.ts";
import { GeneralTab, isGreetingMedia } from "./general-tab.tsx";
import { IntegrationsTab } from "./integrations-tab.tsx";
import { MessagesTab } from "./messages-tab.tsx";
import { NpsTab } from "./nps-tab.tsx";
import { useSupportingLists } from "./use-supporting-lists.ts";

export interface ConnectionDialogProps {
  isOpen: boolean;
  /** null adds a connection of `channel`. */
  connectionId: number | null;
  channel?: Channel;
  /** The super user's variant: reads the connection with GET /whatsapp-admin/{id}. */
  admin?: boolean;
  /** Adding for another company (the super user's per-company dialog of /allConnections). */
  companyId?: number;
  onClose: () => void;
  onSaved?: (connection: Connection) => void;
}

const errorCode = (err: unknown) => (err as { data?: { error?: string } } | null)?.data?.error;

/**
 * Add or edit a connection (spec 001 §2 'Connection dialog'): General, Integrations,
 * Messages, Chatbot, NPS and, when the company schedules by connection, Office hours.
 * The spec's form rules are checked before sending; the server's field errors show on
 * the same fields, and the dialog moves to the first tab with an error.
 */
export function ConnectionDialog({ isOpen, connectionId, channel: newChannel = "whatsapp", admin = false, companyId, onClose, onSaved }: ConnectionDialogProps) {
  const { t } = useTranslation("connections");
  const session = useSession();
  const isNew = connectionId === null;
  const loaded = useGetConnectionQuery({ id: connectionId ?? 0, admin }, { skip: !isOpen || isNew, refetchOnMountOrArgChange: true });
  const connection = isNew ? undefined : loaded.currentData;
  // The driver (channelKind): an API connection answers channel whatsapp for the spec's clients.
  const channel: Channel = connection?.channelKind ?? newChannel;
  // Another company's connection (super variant): this company's lists do not apply to it.
  const ownCompany = session.user?.companyId;
  const foreign = (!!connection && !!session.user && connection.companyId !== ownCompany) || (isNew && companyId !== undefined && companyId !== ownCompany);
  const lists = useSupportingLists(isOpen && !foreign);
  const npsEnabled = session.settings.userRating === "enabled";
  const withSchedules = session.settings.scheduleType === "connection";
  const canManage = session.isAdmin || session.can("connections-page:addConnection");

  const [form, setForm] = useState<ConnectionForm>(newConnectionForm);
  const [errors, setErrors] = useState<FormErrors>({});
  const [scheduleProblems, setScheduleProblems] = useState<OfficeHoursProblems>([]);
  const [tab, setTab] = useState<TabId>("general");
  const [token, setToken] = useState<string | undefined>(undefined);
  const [media, setMedia] = useState<string | null>(null);
  const [pendingMedia, setPendingMedia] = useState<File | null>(null);
  const [dropMedia, setDropMedia] = useState(false);
  const [createConnection, creating] = useCreateConnectionMutation();
  const [updateConnection, updating] = useUpdateConnectionMutation();
  const [regenerate, regenerating] = useRegenerateTokenMutation();
  const [uploadMedia, uploading] = useUploadGreetingMediaMutation();
  const [removeMedia, removing] = useRemoveGreetingMediaMutation();

  useEffect(() => {
    if (!isOpen) return;
    setErrors({});
    setScheduleProblems([]);
    setTab("general");
    setPendingMedia(null);
    setDropMedia(false);
    if (isNew) {
      setForm(newConnectionForm());
      setToken(undefined);
      setMedia(null);
    }
  }, [isOpen, isNew, connectionId]);
  useEffect(() => {
    if (!isOpen || !connection) return;
    setForm(formFromConnection(connection));
    setToken(connection.token);
    setMedia(connection.greetingMediaAttachment);
  }, [isOpen, connection]);
  useEffect(() => {
    if (loaded.isError) toastError(loaded.error);
  }, [loaded.isError, loaded.error]);

  const set = <K extends keyof ConnectionForm>(key: K, value: ConnectionForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => {
      if (!(key in e)) return e;
      const { [key]: _dropped, ...rest } = e;
      return rest;
    });
  };

  const show = (found: FormErrors) => {
    setErrors(found);
    const first = firstTabWithError(found);
    if (first && !(first === "schedules" && !withSchedules)) setTab(first);
  };

  const resetWarning = !isNew && channel === "whatsapp" && connection?.status === "CONNECTED";

  const pickMedia = (file: File | null) => {
    if (file && !isGreetingMedia(file)) {
      setErrors((e) => ({ ...e, greetingMedia: "mediaType" }));
      return;
    }
    setErrors(({ greetingMedia: _g, ...rest }) => rest);
    setPendingMedia(file);
    setDropMedia(false);
  };

  /** The greeting media after the connection exists: upload the picked file, or drop the old one. */
  const syncMedia = async (saved: Connection): Promise<Connection> => {
    if (pendingMedia) return uploadMedia({ id: saved.id, file: pendingMedia }).unwrap();
    if (dropMedia && saved.greetingMediaAttachment) return removeMedia(saved.id).unwrap();
    return saved;
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const { errors: found, schedules } = validateConnection(form, { npsEnabled, channel, withSchedules });
    setScheduleProblems(schedules);
    if (Object.keys(found).length) return show(found);
    const body = toPayload(form, { channel, isNew, withSchedules });
    if (isNew && companyId !== undefined) body.companyId = companyId;
    let saved: Connection;
    try {
      saved = isNew ? await createConnection(body).unwrap() : await updateConnection({ id: connectionId, body }).unwrap();
    } catch (err) {
      const fields = serverErrors(err);
      if (fields) return show(fields);
      if (errorCode(err) === "ERR_WAPP_GREETING_REQUIRED") show({ greetingMessage: "greetingRequired" });
      return toastError(err);
    }
    try {
      saved = await syncMedia(saved);
    } catch (err) {
      toastError(err);
    }
    toastSuccess(t("messages.saved"));
    // Editing a connected WhatsApp with import on drops its session: say so until dismissed (spec 001 §4).
    if (resetWarning && form.enableImportMessage && saved.status === "qrcode") toastWarning(t("messages.sessionReset"), 0);
    onSaved?.(saved);
    onClose();
  };

  const onRegenerate = async () => {
    if (connectionId === null) return;
    try {
      const updated = await regenerate(connectionId).unwrap();
      setToken(updated.token);
      onSaved?.(updated);
      toastSuccess(t("messages.tokenRegenerated"));
    } catch (err) {
      toastError(err);
    }
  };

  const busy = creating.isLoading || updating.isLoading || uploading.isLoading || removing.isLoading;
  const tabProps = { form, errors, set };
  const title = isNew ? t("dialog.addTitle", { channel: t(`channels.${channel}`) }) : t("dialog.editTitle", { name: connection?.name ?? "" });
  const loading = !isNew && !connection;

  return (
    <Dialog
      isOpen={isOpen}
      onClose={busy ? undefined : onClose}
      title={title}
      icon="mobile-phone"
      className="connections-dialog"
      style={{ width: 820, maxWidth: "calc(100vw - 32px)" }}
    >
      <form onSubmit={submit} noValidate aria-label={title}>
        <DialogBody>
          {loading ? (
            <Spinner size={32} />
          ) : (
            <>
              {resetWarning && form.enableImportMessage ? (
                <Callout intent="warning" icon="warning-sign" style={{ marginBottom: 12 }}>
                  {t("help.importResetsSession")}
                </Callout>
              ) : null}
              <Tabs id="connection-dialog-tabs" selectedTabId={tab} onChange={(id) => setTab(id as TabId)} renderActiveTabPanelOnly>
                <Tab
                  id="general"
                  title={t("tabs.general")}
                  panel={
                    <GeneralTab
                      {...tabProps}
                      channel={channel}
                      isNew={isNew}
                      queues={lists.queues}
                      token={token}
                      canManage={canManage}
                      onRegenerate={onRegenerate}
                      regenerating={regenerating.isLoading}
                      media={dropMedia ? null : media}
                      pendingMedia={pendingMedia}
                      onPickMedia={pickMedia}
                      onRemoveMedia={() => {
                        setPendingMedia(null);
                        setDropMedia(true);
                      }}
                    />
                  }
                />
                <Tab id="integrations" title={t("tabs.integrations")} panel={<IntegrationsTab {...tabProps} />} />
                <Tab id="messages" title={t("tabs.messages")} panel={<MessagesTab {...tabProps} />} />
                <Tab id="chatbot" title={t("tabs.chatbot")} panel={<ChatbotTab {...tabProps} channel={channel} queues={lists.queues} />} />
                <Tab id="nps" title={t("tabs.nps")} panel={<NpsTab {...tabProps} npsEnabled={npsEnabled} />} />
                {withSchedules ? (
                  <Tab
                    id="schedules"
                    title={t("tabs.schedules")}
                    panel={<OfficeHoursEditor week={form.schedules} problems={scheduleProblems} onChange={(week) => set("schedules", week)} />}
                  />
                ) : null}
              </Tabs>
            </>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t("dialog.cancel")} variant="minimal" onClick={onClose} disabled={busy} />
              <Button type="submit" intent={Intent.PRIMARY} text={isNew ? t("dialog.add") : t("dialog.save")} loading={busy} disabled={loading} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
