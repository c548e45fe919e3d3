import { useEffect, useMemo, useState } from "react";
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent, Menu, MenuItem, TextArea } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useDebouncedValue } from "../../../../web/src/ui/use-debounced-value.ts";
import { useUserOptionsQuery, type UserOption } from "../extras-api.ts";
import { useQueueChoices } from "./queue-choices.ts";
import { QueueSelect } from "./queue-select.tsx";

/** Spec 000 §5, §9: user search in dialogs starts at 3 typed characters. */
export const MIN_SEARCH = 3;

export interface TransferChoice {
  queueId: number;
  userId: number | null;
  msgTransfer: string;
}

export interface TransferDialogProps {
  isOpen: boolean;
  onClose: () => void;
  onTransfer: (choice: TransferChoice) => void;
  loading?: boolean;
}

/** Transfer (spec 000 §4): a queue is required; a user and a transfer message are optional. */
export function TransferDialog({ isOpen, onClose, onTransfer, loading }: TransferDialogProps) {
  const { t } = useTranslation("tickets");
  const { queues } = useQueueChoices({ skip: !isOpen, all: true });
  const [queueId, setQueueId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [search, setSearch] = useState("");
  const [user, setUser] = useState<UserOption | null>(null);
  const [message, setMessage] = useState("");
  const term = useDebouncedValue(search.trim());
  const searching = term.length >= MIN_SEARCH;
  const { data: users = [] } = useUserOptionsQuery(undefined, { skip: !isOpen || !searching });

  useEffect(() => {
    if (!isOpen) return;
    setQueueId(null);
    setError(null);
    setSearch("");
    setUser(null);
    setMessage("");
  }, [isOpen]);

  const matches = useMemo(() => (searching ? users.filter((u) => u.name.toLowerCase().includes(term.toLowerCase())).slice(0, 20) : []), [users, term, searching]);

  const submit = () => {
    if (queueId === null) return setError(t("actions.fields.chooseQueue"));
    onTransfer({ queueId, userId: user?.id ?? null, msgTransfer: message.trim() });
  };

  return (
    <Dialog isOpen={isOpen} onClose={loading ? undefined : onClose} title={t("actions.transfer.title")} icon="exchange" style={{ width: 480, maxWidth: "calc(100vw - 32px)" }}>
      <DialogBody>
        <QueueSelect
          id="transfer-queue"
          queues={queues}
          value={queueId}
          error={error}
          onChange={(id) => {
            setQueueId(id);
            setError(null);
          }}
        />
        <FormGroup label={t("actions.transfer.user")} labelFor="transfer-user" helperText={user ? undefined : t("actions.transfer.userHint", { count: MIN_SEARCH })}>
          {user ? (
            <InputGroup
              id="transfer-user"
              readOnly
              value={user.name}
              rightElement={<Button variant="minimal" icon="cross" aria-label={t("actions.transfer.clearUser")} onClick={() => setUser(null)} />}
            />
          ) : (
            <InputGroup id="transfer-user" leftIcon="search" value={search} placeholder={t("actions.transfer.userPlaceholder")} onChange={(e) => setSearch(e.target.value)} />
          )}
        </FormGroup>
        {!user && matches.length ? (
          <Menu aria-label={t("actions.transfer.userResults")} style={{ maxHeight: 180, overflowY: "auto", marginTop: -8, marginBottom: 12 }}>
            {matches.map((u) => (
              <MenuItem key={u.id} text={u.name} icon={u.online ? "full-circle" : "circle"} onClick={() => setUser(u)} />
            ))}
          </Menu>
        ) : null}
        <FormGroup label={t("actions.transfer.message")} labelFor="transfer-message">
          <TextArea id="transfer-message" fill rows={3} value={message} onChange={(e) => setMessage(e.target.value)} />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button variant="minimal" text={t("actions.cancel")} onClick={onClose} disabled={loading} />
            <Button intent={Intent.PRIMARY} text={t("actions.transfer.confirm")} onClick={submit} loading={loading} />
          </>
        }
      />
    </Dialog>
  );
}
