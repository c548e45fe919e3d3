import { Button, FileInput, FormGroup, H4, InputGroup, Intent, TextArea } from "@blueprintjs/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage, toastError, toastSuccess } from "../../../web/src/ui/index.ts";
import { sendTest } from "./messages-api-client.ts";

type Errors = Partial<Record<"token" | "number" | "body" | "file", string>>;

/** Spec 002 §5: the test forms require token, number and the body (text) or a file (media). */
function required(values: Record<string, unknown>, t: (k: string) => string): Errors {
  const errors: Errors = {};
  for (const [key, value] of Object.entries(values)) if (value == null || (typeof value === "string" && !value.trim())) errors[key as keyof Errors] = t("form.required");
  return errors;
}

const fieldErrorsOf = (err: unknown): Errors => {
  const fields = err && typeof err === "object" && "fields" in err ? (err as { fields?: Record<string, string> }).fields : undefined;
  return fields ? { number: fields.number, body: fields.body, file: fields.medias } : {};
};

/** One test form: text (token, number, body) or media (token, number, file). */
export function TestForm({ kind }: { kind: "text" | "media" }) {
  const { t } = useTranslation("messages-api");
  const [token, setToken] = useState("");
  const [number, setNumber] = useState("");
  const [body, setBody] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const id = (name: string) => `messages-api-${kind}-${name}`;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const missing = required(kind === "text" ? { token, number, body } : { token, number, file }, t);
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      if (kind === "text") await sendTest(token, { number: number.trim(), body });
      else {
        const form = new FormData();
        form.append("number", number.trim());
        if (body.trim()) form.append("body", body);
        form.append("medias", file!);
        await sendTest(token, form);
      }
      toastSuccess(t("sent"));
      setBody("");
      setFile(null);
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      toastError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const intent = (key: keyof Errors) => (errors[key] ? Intent.DANGER : Intent.NONE);
  return (
    <form className="messages-api-form" onSubmit={submit} aria-label={t(`forms.${kind}.title`)} noValidate>
      <H4>{t(`forms.${kind}.title`)}</H4>
      <FormGroup label={t("form.token")} labelFor={id("token")} helperText={errors.token} intent={intent("token")}>
        <InputGroup id={id("token")} value={token} onChange={(e) => setToken(e.target.value)} intent={intent("token")} autoComplete="off" />
      </FormGroup>
      <FormGroup label={t("form.number")} labelFor={id("number")} helperText={errors.number ?? t("form.numberHelp")} intent={intent("number")}>
        <InputGroup id={id("number")} value={number} onChange={(e) => setNumber(e.target.value)} intent={intent("number")} inputMode="numeric" placeholder="5511987654321" />
      </FormGroup>
      <FormGroup label={t(kind === "text" ? "form.body" : "form.caption")} labelFor={id("body")} helperText={errors.body} intent={intent("body")}>
        <TextArea id={id("body")} value={body} onChange={(e) => setBody(e.target.value)} intent={intent("body")} fill rows={3} />
      </FormGroup>
      {kind === "media" ? (
        <FormGroup label={t("form.file")} labelFor={id("file")} helperText={errors.file} intent={intent("file")}>
          <FileInput
            fill
            text={file?.name ?? t("form.chooseFile")}
            buttonText={t("form.browse")}
            inputProps={{ id: id("file"), "aria-label": t("form.file") }}
            onInputChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
          />
        </FormGroup>
      ) : null}
      <Button type="submit" intent={Intent.PRIMARY} loading={busy} text={t("form.send")} />
    </form>
  );
}
