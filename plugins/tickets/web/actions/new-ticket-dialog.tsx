import { useEffect, useState } from "react";
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { useGetContactQuery } from "../../../contacts/web/public.ts";
import { useSession } from "../../../../web/src/session/session.ts";
import { toastError } from "../../../../web/src/ui/toast.ts";
import { useConnectionOptionsQuery } from "../extras-api.ts";
import { useCreateTicketMutation } from "../tickets-api.ts";
import { ContactPicker, type PickedContact } from "./contact-picker.tsx";
import { useQueueChoices } from "./queue-choices.ts";
import { QueueSelect } from "./queue-select.tsx";
import { TicketOpenDialog } from "./ticket-open-dialog.tsx";
import { useTicketConflict } from "./use-ticket-conflict.ts";

export interface NewTicketDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** Starts with this contact chosen (e.g. from the contacts page). */
  initialContactId?: number;
}

type Errors = Partial<Record<"contact" | "queue" | "connection", string>>;

/**
 * New ticket (spec 000 §4, §5): a contact, a queue (required, preselected when the person
 * has exactly one) and a connection (required) open a ticket for the caller, then go to it.
 */
export function NewTicketDialog({ isOpen, onClose, initialContactId }: NewTicketDialogProps) {
  const { t } = useTranslation("tickets");
  const { user } = useSession();
  const [, navigate] = useLocation();
  const { queues } = useQueueChoices({ skip: !isOpen });
  const { data: connections = [] } = useConnectionOptionsQuery(undefined, { skip: !isOpen });
  const { currentData: initialContact } = useGetContactQuery(initialContactId ?? 0, { skip: !isOpen || !initialContactId });
  const [create, creating] = useCreateTicketMutation();
  const conflict = useTicketConflict();
  const [contact, setContact] = useState<PickedContact | null>(null);
  const [queueId, setQueueId] = useState<number | null>(null);
  const [whatsappId, setWhatsappId] = useState<number | null>(null);
  const [errors, setErrors] = useState<Errors>({});

  useEffect(() => {
    if (!isOpen) return;
    setContact(null);
    setErrors({});
    setQueueId(null);
    setWhatsappId(null);
  }, [isOpen]);
  useEffect(() => {
    if (isOpen && initialContact) setContact({ id: initialContact.id, name: initialContact.name, number: initialContact.number });
  }, [isOpen, initialContact]);
  // spec 000 §4: the queue is preselected when the person has exactly one
  useEffect(() => {
    if (isOpen && queues.length === 1) setQueueId((q) => q ?? queues[0]!.id);
  }, [isOpen, queues]);
  // the person's own connection, else the only one, else the company default
  useEffect(() => {
    if (!isOpen || connections.length === 0) return;
    const preferred = connections.find((c) => c.id === user?.whatsappId) ?? (connections.length === 1 ? connections[0] : connections.find((c) => c.isDefault));
    if (preferred) setWhatsappId((w) => w ?? preferred.id);
  }, [isOpen, connections, user?.whatsappId]);

  const clear = (key: keyof Errors) => setErrors((e) => ({ ...e, [key]: undefined }));

  const submit = async () => {
    const found: Errors = {};
    if (!contact) found.contact = t("actions.newTicket.chooseContact");
    if (queueId === null) found.queue = t("actions.fields.chooseQueue");
    if (whatsappId === null) found.connection = t("actions.newTicket.chooseConnection");
    if (Object.keys(found).length) return setErrors(found);
    try {
      const ticket = await create({ contactId: contact!.id, queueId, whatsappId, userId: user?.id ?? null, status: "open" }).unwrap();
      onClose();
      navigate(`/tickets/${ticket.uuid}`);
    } catch (err) {
      const handled = conflict.handle(err);
      if (handled === "own") onClose();
      else if (!handled) toastError(err);
    }
  };

  const closeConflict = () => {
    conflict.close();
    onClose();
  };

  return (
    <>
      <Dialog
        isOpen={isOpen}
        onClose={creating.isLoading ? undefined : onClose}
        title={t("actions.newTicket.title")}
        icon="add"
        style={{ width: 480, maxWidth: "calc(100vw - 32px)" }}
      >
        <DialogBody>
          <ContactPicker
            value={contact}
            error={errors.contact}
            onChange={(c) => {
              setContact(c);
              clear("contact");
            }}
          />
          <QueueSelect
            id="new-ticket-queue"
            queues={queues}
            value={queueId}
            error={errors.queue}
            onChange={(id) => {
              setQueueId(id);
              clear("queue");
            }}
          />
          <FormGroup
            label={t("actions.fields.connection")}
            labelFor="new-ticket-connection"
            intent={errors.connection ? Intent.DANGER : Intent.NONE}
            helperText={errors.connection}
          >
            <HTMLSelect
              id="new-ticket-connection"
              fill
              value={whatsappId === null ? "" : String(whatsappId)}
              onChange={(e) => {
                setWhatsappId(e.currentTarget.value ? Number(e.currentTarget.value) : null);
                clear("connection");
              }}
              options={[{ value: "", label: t("actions.newTicket.chooseConnection") }, ...connections.map((c) => ({ value: String(c.id), label: c.name }))]}
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button variant="minimal" text={t("actions.cancel")} onClick={onClose} disabled={creating.isLoading} />
              <Button intent={Intent.PRIMARY} text={t("actions.newTicket.submit")} onClick={submit} loading={creating.isLoading} />
            </>
          }
        />
      </Dialog>
      <TicketOpenDialog conflict={conflict.conflict} onClose={closeConflict} />
    </>
  );
}
