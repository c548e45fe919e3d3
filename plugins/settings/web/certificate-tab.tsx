import { useEffect, useState, type DragEvent, type FormEvent } from "react";
import { Button, Callout, FileInput, FormGroup, HTMLSelect, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { useSession } from "../../../web/src/session/session.ts";
import { toastError, toastSuccess } from "../../../web/src/ui/toast.ts";
import { useUploadCertificateMutation } from "./settings-api.ts";

/** Where a certificate is for; the server accepts exactly these. */
export const CERT_DESTINATIONS = ["efi-production", "efi-homologation"] as const;
/** Spec 001 §9: a denied visitor goes home after 500 ms. */
export const DENIED_REDIRECT_MS = 500;

const isP12 = (file: File) => file.name.toLowerCase().endsWith(".p12");

/**
 * Settings tab for the PIX certificate (super user): drag or choose a .p12 file, choose its
 * destination, send. The server keeps it outside the public media folder.
 */
export function CertificateTab() {
  const { t } = useTranslation("settings");
  const { isSuper } = useSession();
  const [, navigate] = useLocation();
  const [file, setFile] = useState<File | null>(null);
  const [destination, setDestination] = useState("");
  const [dragging, setDragging] = useState(false);
  const [upload, { isLoading }] = useUploadCertificateMutation();

  useEffect(() => {
    if (isSuper) return;
    toastError(t("certificate.noPermission"));
    const timer = setTimeout(() => navigate("/"), DENIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [isSuper, navigate, t]);
  if (!isSuper) return null;

  const pick = (chosen: File | undefined | null) => {
    if (!chosen) return;
    if (!isP12(chosen)) {
      setFile(null);
      toastError(t("certificate.onlyP12"));
      return;
    }
    setFile(chosen);
  };
  const drop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    pick(e.dataTransfer?.files?.[0]);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return toastError(t("certificate.chooseFile"));
    if (!destination) return toastError(t("certificate.chooseDestination"));
    try {
      await upload({ ref: destination, file }).unwrap();
      toastSuccess(t("certificate.sent"));
      setFile(null);
      setDestination("");
    } catch {
      toastError(t("certificate.invalid"));
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t("certificate.title")} style={{ maxWidth: 560 }}>
      <Callout intent={Intent.PRIMARY} icon="lock" style={{ marginBottom: 16 }}>
        {t("certificate.help")}
      </Callout>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for dragged files only; the FileInput inside is the keyboard and click path. */}
      <div
        data-testid="cert-dropzone"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        style={{
          border: `2px dashed ${dragging ? "#2d72d2" : "#abb3bf"}`,
          borderRadius: 6,
          padding: 24,
          textAlign: "center",
          marginBottom: 16,
        }}
      >
        <p>{file ? file.name : t("certificate.dropHere")}</p>
        <FileInput
          text={file?.name ?? t("certificate.choose")}
          buttonText={t("certificate.browse")}
          inputProps={{ accept: ".p12", "aria-label": t("certificate.file") }}
          onInputChange={(e) => {
            const input = e.target as HTMLInputElement;
            pick(input.files?.[0]);
            input.value = "";
          }}
        />
      </div>
      <FormGroup label={t("certificate.destination")} labelFor="cert-destination">
        <HTMLSelect id="cert-destination" fill value={destination} onChange={(e) => setDestination(e.target.value)}>
          <option value="">{t("certificate.selectDestination")}</option>
          {CERT_DESTINATIONS.map((d) => (
            <option key={d} value={d}>
              {t(`certificate.destinations.${d}`)}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <Button type="submit" intent={Intent.PRIMARY} icon="upload" text={t("certificate.send")} loading={isLoading} />
    </form>
  );
}

export default CertificateTab;
