import { Button, Dialog, DialogBody, DialogFooter } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../web/src/ui/index.ts";
import type { Connection } from "./connections-api.ts";
import { ConnectionsTable } from "./connections-table.tsx";

export interface CompanyConnectionsDialogProps {
  isOpen: boolean;
  companyName: string;
  connections: Connection[];
  onClose: () => void;
  onShowQr: (c: Connection) => void;
  onEdit: (c: Connection) => void;
  onDelete: (c: Connection) => void;
  /** Adds a WhatsApp connection to this company. */
  onAdd: () => void;
}

/** One company's connections for the super user (spec 001 §2 'All connections'). */
export function CompanyConnectionsDialog({ isOpen, companyName, connections, onClose, onShowQr, onEdit, onDelete, onAdd }: CompanyConnectionsDialogProps) {
  const { t } = useTranslation("connections");
  const title = t("all.companyTitle", { name: companyName });
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title} icon="office" style={{ width: 1000, maxWidth: "calc(100vw - 32px)" }}>
      <DialogBody>
        <div className="connections-company-actions">
          <Button icon="add" intent="primary" text={t("all.addWhatsapp")} onClick={onAdd} />
        </div>
        {connections.length === 0 ? (
          <EmptyState icon="mobile-phone" title={t("empty.title")} />
        ) : (
          <ConnectionsTable connections={connections} canManage admin onShowQr={onShowQr} onEdit={onEdit} onDelete={onDelete} />
        )}
      </DialogBody>
      <DialogFooter actions={<Button text={t("dialog.close")} onClick={onClose} />} />
    </Dialog>
  );
}
