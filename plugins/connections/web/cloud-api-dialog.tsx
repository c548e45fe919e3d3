import { useEffect, useState, type FormEvent } from "react";
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { toastError, toastSuccess } from "../../../web/src/ui/toast.ts";
import { NAME_MAX, NAME_MIN } from "../shared/connection-rules.ts";
import { serverErrors } from "./connection-form.ts";
import { useCreateCloudApiMutation, type Connection } from "./connections-api.ts";
import { useErrorText } from "./form-fields.tsx";

type Field = "name" | "phoneNumberId" | "wabaId" | "accessToken";

export interface CloudApiDialogProps {
  isOpen: boolean;
  onClose: () => void;
  onCreated?: (connection: Connection) => void;
}

/** A WhatsApp Cloud API number (POST /channels/whatsappapi): name, phone number id, WABA id and access token. */
export function CloudApiDialog({ isOpen, onClose, onCreated }: CloudApiDialogProps) {
  const { t } = useTranslation("connections");
  const errorText = useErrorText();
  const [values, setValues] = useState<Record<Field, string>>({ name: "", phoneNumberId: "", wabaId: "", accessToken: "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [create, creating] = useCreateCloudApiMutation();

  useEffect(() => {
    if (!isOpen) return;
    setValues({ name: "", phoneNumberId: "", wabaId: "", accessToken: "" });
    setErrors({});
  }, [isOpen]);

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _f, ...rest }) => rest);
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const name = values.name.trim();
    const found: Partial<Record<Field, string>> = {};
    if (!name) found.name = "required";
    else if (name.length < NAME_MIN) found.name = "tooShort";
    else if (name.length > NAME_MAX) found.name = "tooLong";
    if (!values.phoneNumberId.trim()) found.phoneNumberId = "required";
    if (!values.accessToken.trim()) found.accessToken = "required";
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      const created = await create({
        name,
        phoneNumberId: values.phoneNumberId.trim(),
        wabaId: values.wabaId.trim() || undefined,
        accessToken: values.accessToken.trim(),
      }).unwrap();
      toastSuccess(t("messages.saved"));
      onCreated?.(created);
      onClose();
    } catch (err) {
      const fields = serverErrors(err);
      if (fields) setErrors(fields as Partial<Record<Field, string>>);
      else toastError(err);
    }
  };

  const field = (key: Field, type = "text") => {
    const error = errorText(errors[key]);
    return (
      <FormGroup label={t(`cloud.${key}`)} labelFor={`cloud-${key}`} helperText={error} intent={error ? Intent.DANGER : Intent.NONE}>
        <InputGroup id={`cloud-${key}`} type={type} value={values[key]} onValueChange={(v) => set(key, v)} intent={error ? Intent.DANGER : Intent.NONE} />
      </FormGroup>
    );
  };

  const title = t("cloud.title");
  return (
    <Dialog isOpen={isOpen} onClose={creating.isLoading ? undefined : onClose} title={title} icon="cloud" style={{ width: 520, maxWidth: "calc(100vw - 32px)" }}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <DialogBody>
          <Callout icon="info-sign" style={{ marginBottom: 12 }}>
            {t("cloud.help")}
          </Callout>
          {field("name")}
          {field("phoneNumberId")}
          {field("wabaId")}
          {field("accessToken", "password")}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t("dialog.cancel")} variant="minimal" onClick={onClose} disabled={creating.isLoading} />
              <Button type="submit" intent={Intent.PRIMARY} text={t("dialog.add")} loading={creating.isLoading} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
