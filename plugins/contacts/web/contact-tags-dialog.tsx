import { useEffect, useState, type FormEvent } from "react";
import { Button, Classes, ControlGroup, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, Icon, InputGroup, Intent, Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { toastError, toastSuccess } from "../../../web/src/ui/toast.ts";
import { useGetTagOptionsQuery, useSyncContactTagsMutation, type ContactTag, type SyncTag } from "./contacts-api.ts";

/** Spec 000 §5: a new tag typed here needs at least 3 characters. */
export const MIN_NEW_TAG = 3;

export interface ContactTagsDialogProps {
  isOpen: boolean;
  contact: { id: number; name: string; tags: ContactTag[] } | null;
  onClose: () => void;
  onSaved?: (tags: ContactTag[]) => void;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The contact tags editor: keep or remove the contact's tags, add existing ones, or type
 * a new one; saving replaces the contact's tags (POST /tags/sync creates the new names).
 */
export function ContactTagsDialog({ isOpen, contact, onClose, onSaved }: ContactTagsDialogProps) {
  const { t } = useTranslation("contacts");
  const { data: options = [] } = useGetTagOptionsQuery(undefined, { skip: !isOpen });
  const [sync, syncing] = useSyncContactTagsMutation();
  const [selected, setSelected] = useState<SyncTag[]>([]);
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!isOpen || !contact) return;
    setSelected(contact.tags.map(({ id, name, color }) => ({ id, name, color })));
    setTyped("");
    setError(null);
  }, [isOpen, contact]);

  const has = (tag: SyncTag) => selected.some((s) => (tag.id && s.id === tag.id) || sameName(s.name, tag.name));
  const add = (tag: SyncTag) => {
    if (!has(tag)) setSelected((list) => [...list, tag]);
  };

  const addTyped = (e?: FormEvent) => {
    e?.preventDefault();
    const name = typed.trim();
    if (name.length < MIN_NEW_TAG) return setError(t("tags.tooShort"));
    add(options.find((o) => sameName(o.name, name)) ?? { name });
    setTyped("");
    setError(null);
  };

  const save = async () => {
    if (!contact) return;
    try {
      const res = await sync({ contactId: contact.id, tags: selected }).unwrap();
      toastSuccess(t("tags.saved"));
      onSaved?.(res.tags);
      onClose();
    } catch (err) {
      toastError(err);
    }
  };

  const available = options.filter((o) => !has(o));
  const title = t("tags.title", { name: contact?.name ?? "" });

  return (
    <Dialog isOpen={isOpen} onClose={syncing.isLoading ? undefined : onClose} title={title} icon="tag" style={{ width: 480, maxWidth: "calc(100vw - 32px)" }}>
      <DialogBody>
        <ul aria-label={t("tags.current")} style={{ display: "flex", flexWrap: "wrap", gap: 6, minHeight: 24, margin: "0 0 12px", padding: 0, listStyle: "none" }}>
          {selected.length === 0 ? <li className="bp6-text-muted">{t("tags.none")}</li> : null}
          {selected.map((tag) => (
            <li key={tag.id ?? `new-${tag.name}`}>
              <Tag round style={tag.color ? { background: tag.color, color: "#fff" } : undefined}>
                {tag.name}
                {/* Blueprint's own remove button has a fixed English label; this one names the tag */}
                <button
                  type="button"
                  className={Classes.TAG_REMOVE}
                  aria-label={t("tags.remove", { name: tag.name })}
                  onClick={() => setSelected((list) => list.filter((s) => s !== tag))}
                >
                  <Icon icon="small-cross" />
                </button>
              </Tag>
            </li>
          ))}
        </ul>
        {available.length ? (
          <FormGroup label={t("tags.existing")} labelFor="contact-tags-existing">
            <HTMLSelect
              id="contact-tags-existing"
              fill
              value=""
              onChange={(e) => {
                const tag = options.find((o) => String(o.id) === e.currentTarget.value);
                if (tag) add({ id: tag.id, name: tag.name, color: tag.color });
              }}
              options={[{ value: "", label: t("tags.choose") }, ...available.map((o) => ({ value: String(o.id), label: o.name }))]}
            />
          </FormGroup>
        ) : null}
        <form onSubmit={addTyped} noValidate>
          <FormGroup label={t("tags.new")} labelFor="contact-tags-new" intent={error ? Intent.DANGER : Intent.NONE} helperText={error ?? undefined}>
            <ControlGroup fill>
              <InputGroup
                id="contact-tags-new"
                value={typed}
                intent={error ? Intent.DANGER : Intent.NONE}
                onChange={(e) => {
                  setTyped(e.target.value);
                  setError(null);
                }}
              />
              <Button type="submit" icon="add" text={t("tags.add")} style={{ flexGrow: 0 }} />
            </ControlGroup>
          </FormGroup>
        </form>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t("dialog.cancel")} variant="minimal" onClick={onClose} disabled={syncing.isLoading} />
            <Button intent={Intent.PRIMARY} text={t("dialog.save")} loading={syncing.isLoading} onClick={save} />
          </>
        }
      />
    </Dialog>
  );
}
