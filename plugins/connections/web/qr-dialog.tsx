import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent, Spinner } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../web/src/ui/toast.ts";
import { useStartSessionMutation, type LiveConnection } from "./connections-api.ts";
import { QrImage } from "./qr-image.tsx";

export interface QrDialogProps {
  isOpen: boolean;
  /** The connection as the (live) list holds it. */
  connection: LiveConnection | undefined;
  onClose: () => void;
}

/**
 * The QR code of a WhatsApp session (spec 001 §2): updated live from the session events,
 * closed by itself once the code is read (the code empties, or the session connects).
 * "Pair with a phone number" asks the server for a pairing code instead and shows it big.
 */
export function QrDialog({ isOpen, connection, onClose }: QrDialogProps) {
  const { t } = useTranslation("connections");
  const [pairing, setPairing] = useState(false);
  const [phone, setPhone] = useState("");
  const [answeredCode, setAnsweredCode] = useState("");
  const [startSession, starting] = useStartSessionMutation();
  const hadCode = useRef(false);
  const qrcode = connection?.qrcode ?? "";
  const status = connection?.status;
  const pairingCode = connection?.pairingCode || answeredCode;

  useEffect(() => {
    if (!isOpen) return;
    hadCode.current = false;
    setPairing(false);
    setPhone("");
    setAnsweredCode("");
  }, [isOpen, connection?.id]);

  useEffect(() => {
    if (!isOpen) return;
    if (status === "CONNECTED") return onClose();
    if (qrcode) hadCode.current = true;
    else if (hadCode.current && !pairing) onClose();
  }, [isOpen, qrcode, status, pairing, onClose]);

  const requestCode = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!connection) return;
    const digits = phone.replace(/\D/g, "");
    if (digits.length < 8) return;
    try {
      const answer = await startSession({ id: connection.id, phoneNumber: digits }).unwrap();
      setAnsweredCode(answer?.pairingCode ?? "");
    } catch (err) {
      toastError(err);
    }
  };

  const digits = phone.replace(/\D/g, "");
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t("qr.title", { name: connection?.name ?? "" })} icon="camera" style={{ width: 440, maxWidth: "calc(100vw - 32px)" }}>
      <DialogBody>
        {!pairing ? (
          <div className="connections-qr-panel">
            <p>{t("qr.instructions")}</p>
            {qrcode ? (
              <div className="connections-qr-frame">
                <QrImage value={qrcode} size={264} label={t("qr.imageLabel")} />
              </div>
            ) : (
              <>
                <Spinner size={48} />
                <span className="bp6-text-muted">{t("qr.waiting")}</span>
              </>
            )}
            <Button variant="minimal" icon="mobile-phone" text={t("qr.usePhone")} onClick={() => setPairing(true)} />
          </div>
        ) : (
          <form className="connections-qr-panel" onSubmit={requestCode} aria-label={t("qr.usePhone")}>
            <p>{t("qr.phoneInstructions")}</p>
            <FormGroup label={t("qr.phone")} labelFor="connection-pairing-phone" helperText={t("qr.phoneHelp")} style={{ width: "100%", textAlign: "left" }}>
              <InputGroup id="connection-pairing-phone" value={phone} inputMode="tel" placeholder="5511999999999" onValueChange={setPhone} />
            </FormGroup>
            <Button type="submit" intent={Intent.PRIMARY} text={t("qr.getCode")} loading={starting.isLoading} disabled={digits.length < 8} />
            {pairingCode ? (
              <>
                <span>{t("qr.codeLabel")}</span>
                <div className="connections-pairing-code" data-testid="pairing-code">
                  {pairingCode}
                </div>
              </>
            ) : null}
            <Button variant="minimal" icon="grid-view" text={t("qr.useQr")} onClick={() => setPairing(false)} />
          </form>
        )}
      </DialogBody>
      <DialogFooter actions={<Button text={t("dialog.close")} onClick={onClose} />} />
    </Dialog>
  );
}
