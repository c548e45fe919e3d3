import { useEffect, useState } from "react";
import { Button, Intent, Spinner, Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../web/src/ui/toast.ts";
import { IMPORT_PREPARING_MS, hasPhoneSession } from "./connection-status.ts";
import { useCloseImportedMutation, useDisconnectSessionMutation, useNewQrCodeMutation, useStartSessionMutation, type Connection } from "./connections-api.ts";

/** The import's progress as `importMessages-{companyId}` reports it. */
export interface ImportProgress {
  this?: number;
  all?: number;
  state?: string;
}

export interface SessionActionsProps {
  connection: Connection;
  /** The super user's variant: disconnect with DELETE /whatsappsession/admin/{id}. */
  admin?: boolean;
  onShowQr: (connection: Connection) => void;
  importProgress?: ImportProgress | null;
}

/** True for the 35 seconds after `running` turns on (spec 001 §4 'preparing'). */
function usePreparing(running: boolean): boolean {
  const [preparing, setPreparing] = useState(running);
  useEffect(() => {
    if (!running) return setPreparing(false);
    setPreparing(true);
    const timer = setTimeout(() => setPreparing(false), IMPORT_PREPARING_MS);
    return () => clearTimeout(timer);
  }, [running]);
  return preparing;
}

/**
 * The session cell of a row, by status (spec 001 §4): qrcode -> 'QR code'; DISCONNECTED ->
 * 'try again' and 'new QR'; CONNECTED, PAIRING, TIMEOUT -> 'disconnect' (plus the message
 * import's 'preparing' and 'close imported tickets'); OPENING -> a disabled 'connecting'.
 */
export function SessionActions({ connection: c, admin = false, onShowQr, importProgress }: SessionActionsProps) {
  const { t } = useTranslation("connections");
  const [start, starting] = useStartSessionMutation();
  const [newQr, renewing] = useNewQrCodeMutation();
  const [disconnect, disconnecting] = useDisconnectSessionMutation();
  const [closeImported, closing] = useCloseImportedMutation();
  const importing = c.statusImportMessages === "Running";
  const preparing = usePreparing(importing);

  const run = async (action: () => Promise<unknown>, showQr = false) => {
    try {
      await action();
      if (showQr) onShowQr(c);
    } catch (err) {
      toastError(err);
    }
  };

  if (!hasPhoneSession(c.channelKind)) return null;
  const label = (key: string) => ({ "aria-label": `${t(key)} ${c.name}` });
  switch (c.status) {
    case "qrcode":
      return <Button size="small" intent={Intent.PRIMARY} icon="grid-view" text={t("session.qrcode")} {...label("session.qrcode")} onClick={() => onShowQr(c)} />;
    case "DISCONNECTED":
      return (
        <span className="connections-session-cell">
          <Button
            size="small"
            intent={Intent.PRIMARY}
            icon="refresh"
            text={t("session.retry")}
            {...label("session.retry")}
            loading={starting.isLoading}
            onClick={() => run(() => start({ id: c.id }).unwrap(), true)}
          />
          <Button
            size="small"
            icon="grid-view"
            text={t("session.newQr")}
            {...label("session.newQr")}
            loading={renewing.isLoading}
            onClick={() => run(() => newQr(c.id).unwrap(), true)}
          />
        </span>
      );
    case "OPENING":
      return <Button size="small" disabled icon={<Spinner size={14} />} text={t("session.connecting")} {...label("session.connecting")} />;
    default:
      return (
        <span className="connections-session-cell">
          <Button
            size="small"
            intent={Intent.DANGER}
            variant="outlined"
            icon="disable"
            text={t("session.disconnect")}
            {...label("session.disconnect")}
            loading={disconnecting.isLoading}
            onClick={() => run(() => disconnect({ id: c.id, admin }).unwrap())}
          />
          {importing && preparing ? <Button size="small" disabled loading text={t("session.preparing")} aria-label={t("session.preparing")} /> : null}
          {importing && !preparing ? (
            <Tag minimal intent={Intent.PRIMARY}>
              {importProgress?.all ? t("session.importing", { done: importProgress.this ?? 0, total: importProgress.all }) : t("session.importRunning")}
            </Tag>
          ) : null}
          {c.statusImportMessages === "Finished" ? (
            <Button
              size="small"
              icon="tick"
              text={t("session.closeImported")}
              {...label("session.closeImported")}
              loading={closing.isLoading}
              onClick={() => run(() => closeImported(c.id).unwrap())}
            />
          ) : null}
        </span>
      );
  }
}
