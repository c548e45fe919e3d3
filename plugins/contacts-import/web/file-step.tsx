import { Button, Callout, Card, FileInput, FormGroup, H5, HTMLSelect, Intent, Spinner } from "@blueprintjs/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../web/src/ui/toast.ts";
import { IMPORT_EXTENSIONS } from "../shared/columns.ts";
import { type ContactImport, type ImportPreview, useGetImportConnectionsQuery, useStartWhatsappImportMutation, useUploadContactsFileMutation } from "./contacts-import-api.ts";
import { TagChooser } from "./tag-chooser.tsx";

/** The first step: a spreadsheet to upload (its preview comes back), or a connected WhatsApp's address book. */
export function FileStep({ onPreview, onStarted }: { onPreview: (preview: ImportPreview) => void; onStarted: (started: ContactImport) => void }) {
  const { t } = useTranslation("contacts-import");
  const [upload, uploading] = useUploadContactsFileMutation();
  const pick = async (file: File | undefined) => {
    if (!file) return;
    try {
      onPreview(await upload(file).unwrap());
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <div className="contacts-import-start">
      <Card>
        <H5>{t("file.title")}</H5>
        <FormGroup helperText={t("file.help")}>
          <FileInput
            fill
            text={uploading.isLoading ? t("file.reading") : t("file.choose")}
            buttonText={t("file.browse")}
            disabled={uploading.isLoading}
            inputProps={{ accept: IMPORT_EXTENSIONS.join(","), "aria-label": t("file.choose") }}
            onInputChange={(e) => pick((e.target as HTMLInputElement).files?.[0])}
          />
        </FormGroup>
      </Card>
      <WhatsappCard onStarted={onStarted} />
    </div>
  );
}

/** "Import from WhatsApp": the phone's saved contacts of a connected connection. */
function WhatsappCard({ onStarted }: { onStarted: (started: ContactImport) => void }) {
  const { t } = useTranslation("contacts-import");
  const { data: connections = [], isLoading } = useGetImportConnectionsQuery();
  const connected = connections.filter((c) => c.channelKind === "whatsapp" && c.status === "CONNECTED");
  const [chosen, setChosen] = useState<number | null>(null);
  const [tags, setTags] = useState<number[]>([]);
  const [start, starting] = useStartWhatsappImportMutation();
  const whatsappId = chosen ?? connected[0]?.id ?? null;
  const go = async () => {
    if (whatsappId === null) return;
    try {
      onStarted(await start({ whatsappId, tags }).unwrap());
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <Card>
      <H5>{t("whatsapp.title")}</H5>
      <p>{t("whatsapp.help")}</p>
      {isLoading ? (
        <Spinner size={20} />
      ) : !connected.length ? (
        <Callout intent={Intent.WARNING} icon="offline">
          {t("whatsapp.none")}
        </Callout>
      ) : (
        <>
          <FormGroup label={t("whatsapp.connection")} labelFor="contacts-import-connection">
            <HTMLSelect
              id="contacts-import-connection"
              value={whatsappId ?? ""}
              onChange={(e) => setChosen(Number(e.target.value))}
              options={connected.map((c) => ({ value: c.id, label: c.name }))}
            />
          </FormGroup>
          <TagChooser value={tags} onChange={setTags} />
          <Button icon="mobile-phone" intent={Intent.PRIMARY} text={t("whatsapp.start")} loading={starting.isLoading} disabled={whatsappId === null} onClick={go} />
        </>
      )}
    </Card>
  );
}
