import { Button, Menu, MenuDivider, MenuItem, Popover } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";

export interface TicketMoreMenuProps {
  useIntegration: boolean;
  canDelete: boolean;
  exporting: boolean;
  onDelete: () => void;
  onToggleIntegration: () => void;
  onShowLog: () => void;
  onExportPdf: () => void;
}

/** The header's 'more' menu (spec 000 §4 'Other ticket actions'). */
export function TicketMoreMenu({ useIntegration, canDelete, exporting, onDelete, onToggleIntegration, onShowLog, onExportPdf }: TicketMoreMenuProps) {
  const { t } = useTranslation("tickets");
  return (
    <Popover
      placement="bottom-end"
      content={
        <Menu aria-label={t("actions.header.more")}>
          <MenuItem icon="history" text={t("actions.header.log")} onClick={onShowLog} />
          <MenuItem icon="document" text={t("actions.header.exportPdf")} onClick={onExportPdf} disabled={exporting} />
          <MenuItem
            icon={useIntegration ? "disable" : "data-connection"}
            text={useIntegration ? t("actions.header.disableIntegration") : t("actions.header.enableIntegration")}
            onClick={onToggleIntegration}
          />
          {canDelete ? (
            <>
              <MenuDivider />
              <MenuItem icon="trash" intent="danger" text={t("actions.header.delete")} onClick={onDelete} />
            </>
          ) : null}
        </Menu>
      }
    >
      <Button variant="minimal" icon="more" aria-label={t("actions.header.more")} loading={exporting} />
    </Popover>
  );
}
