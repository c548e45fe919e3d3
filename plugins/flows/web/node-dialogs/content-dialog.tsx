import { useState } from "react";
import { Button, ButtonGroup, Card, Checkbox, FormGroup, NumericInput, Spinner, TextArea } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../../web/src/ui/index.ts";
import { MAX_INTERVAL_SECONDS } from "../../shared/flow-engine.ts";
import { useUploadFlowContentMutation } from "../flows-api.ts";
import { compressImage } from "../image-compress.ts";
import { cardsOf, contentData, newCard } from "./content-model.ts";
import { MediaPicker } from "./media-picker.tsx";
import { NodeDialogShell, type NodeDialogProps } from "./node-dialog-shell.tsx";
import { type ContentCard, contentProblem } from "./node-validation.ts";
import { VariableTags } from "./variable-tags.tsx";

const CARD_BUTTONS: ContentCard["type"][] = ["message", "interval", "img", "audio", "video"];

/** The picked files of `cards`, uploaded together to POST /flowbuilder/content; answers the cards with their stored names. */
async function withUploads(cards: ContentCard[], upload: (form: FormData) => Promise<{ name: string; originalName: string }[]>): Promise<ContentCard[]> {
  const pending = cards.filter((c) => c.file);
  if (!pending.length) return cards;
  const form = new FormData();
  for (const c of pending) {
    const file = c.type === "img" ? await compressImage(c.file as File) : (c.file as File);
    form.append("medias", file, file.name);
    form.append("body", file.name);
  }
  const stored = await upload(form);
  let i = 0;
  return cards.map((c) => {
    if (!c.file) return c;
    const s = stored[i++];
    return { ...c, file: undefined, value: s?.name ?? "", original: s?.originalName ?? c.file.name };
  });
}

/**
 * The content node (`singleBlock {seq, elements}`, spec 002 §2.8): cards in order — Texto,
 * Intervalo, Imagem, Audio, Video — each with a remove icon. Media is uploaded on save, with
 * 'Subindo os arquivos e criando o conteúdo...'; empty media cards refuse the save.
 */
export function ContentDialog({ data, mode, variables, onClose, onSave }: NodeDialogProps) {
  const { t } = useTranslation("flows");
  const [upload] = useUploadFlowContentMutation();
  const [cards, setCards] = useState<ContentCard[]>(() => cardsOf(data));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const change = (key: string, patch: Partial<ContentCard>) => setCards((cs) => cs.map((c) => (c.key === key ? { ...c, ...patch } : c)));
  const save = async () => {
    const problem = contentProblem(cards);
    if (problem) return setError(t(`validation.${problem}`));
    setError(null);
    setBusy(true);
    try {
      const uploaded = await withUploads(cards, (form) => upload(form).unwrap());
      onSave({ ...data, ...contentData(uploaded) });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <NodeDialogShell kind="singleBlock" mode={mode} error={error} busy={busy} busyText={t("editor.uploading")} onClose={onClose} onSave={() => void save()}>
      {busy && <Spinner size={20} />}
      {cards.map((c, i) => (
        <Card key={c.key} compact style={{ marginBottom: 8 }} data-testid="content-card" data-type={c.type}>
          <div style={{ display: "flex", justifyContent: "space-between", alignItems: "center" }}>
            <strong>{t(`cards.${c.type}`)}</strong>
            <Button
              icon="trash"
              variant="minimal"
              aria-label={t("editor.removeCard", { n: i + 1 })}
              disabled={busy}
              onClick={() => setCards((cs) => cs.filter((x) => x.key !== c.key))}
            />
          </div>
          {c.type === "message" && (
            <>
              <TextArea aria-label={t("cards.message")} fill rows={3} value={c.value} onChange={(e) => change(c.key, { value: e.target.value })} />
              <VariableTags variables={variables} onPick={(p) => change(c.key, { value: c.value + p })} />
            </>
          )}
          {c.type === "interval" && (
            <FormGroup label={t("fields.secondsRange")} labelFor={`card-${c.key}`}>
              <NumericInput
                id={`card-${c.key}`}
                min={0}
                max={MAX_INTERVAL_SECONDS}
                clampValueOnBlur={false}
                value={c.value}
                onValueChange={(_n, s) => change(c.key, { value: s })}
              />
            </FormGroup>
          )}
          {(c.type === "img" || c.type === "audio" || c.type === "video") && (
            <>
              <MediaPicker
                kind={c.type}
                id={`card-${c.key}`}
                fileName={c.file?.name ?? (c.original || c.value)}
                onPick={(file) => {
                  setError(null);
                  change(c.key, { file, original: file.name });
                }}
                onProblem={setError}
              />
              {c.type === "audio" && <Checkbox label={t("fields.record")} checked={c.record} onChange={(e) => change(c.key, { record: e.currentTarget.checked })} />}
            </>
          )}
        </Card>
      ))}
      <ButtonGroup style={{ flexWrap: "wrap" }} aria-label={t("editor.addCard")}>
        {CARD_BUTTONS.map((type) => (
          <Button key={type} icon="add" text={t(`cards.${type}`)} disabled={busy} onClick={() => setCards((cs) => [...cs, newCard(type)])} />
        ))}
      </ButtonGroup>
    </NodeDialogShell>
  );
}
