import { Button, Callout, Dialog, DialogBody, DialogFooter } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";

/** 'Senha com segurança baixa': asks before signing in with a password scored 2 or lower. */
export function WeakPasswordDialog({ isOpen, score, onProceed, onClose }: { isOpen: boolean; score: number; onProceed: () => void; onClose: () => void }) {
  const { t } = useTranslation("common");
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t("login.weakTitle")} icon="shield" style={{ maxWidth: "calc(100vw - 32px)" }}>
      <DialogBody>
        <Callout intent="warning" icon="warning-sign">
          {t("login.weakMessage", { score })}
        </Callout>
        <p className="app-weak-question">{t("login.weakQuestion")}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button variant="minimal" text={t("actions.cancel")} onClick={onClose} />
            <Button intent="warning" text={t("login.weakProceed")} onClick={onProceed} autoFocus />
          </>
        }
      />
    </Dialog>
  );
}
