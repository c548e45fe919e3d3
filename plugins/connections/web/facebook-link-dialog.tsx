import { useEffect, useState, type FormEvent } from "react";
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent, Switch } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { toastError, toastSuccess } from "../../../web/src/ui/toast.ts";
import { useLinkFacebookMutation, type Connection } from "./connections-api.ts";

export interface FacebookLinkDialogProps {
  isOpen: boolean;
  /** Instagram starts with "also link Instagram" on. */
  instagram: boolean;
  onClose: () => void;
  onLinked?: (connections: Connection[]) => void;
}

/**
 * Links the Facebook pages (and, with addInstagram, their Instagram accounts) an admin
 * manages: the Meta app id is not exposed to the browser, so the admin pastes the user id
 * and a user access token (POST /facebook; a success toast, spec 001 §7).
 */
export function FacebookLinkDialog({ isOpen, instagram, onClose, onLinked }: FacebookLinkDialogProps) {
  const { t } = useTranslation("connections");
  const [userId, setUserId] = useState("");
  const [token, setToken] = useState("");
  const [addInstagram, setAddInstagram] = useState(instagram);
  const [errors, setErrors] = useState<{ userId?: boolean; token?: boolean }>({});
  const [link, linking] = useLinkFacebookMutation();

  useEffect(() => {
    if (!isOpen) return;
    setUserId("");
    setToken("");
    setErrors({});
    setAddInstagram(instagram);
  }, [isOpen, instagram]);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const found = { userId: !userId.trim(), token: !token.trim() };
    setErrors(found);
    if (found.userId || found.token) return;
    try {
      const answer = await link({ facebookUserId: userId.trim(), facebookUserToken: token.trim(), addInstagram }).unwrap();
      toastSuccess(answer?.message || t("meta.linked"));
      onLinked?.(answer?.connections ?? []);
      onClose();
    } catch (err) {
      toastError(err);
    }
  };

  const title = instagram ? t("meta.instagramTitle") : t("meta.facebookTitle");
  return (
    <Dialog
      isOpen={isOpen}
      onClose={linking.isLoading ? undefined : onClose}
      title={title}
      icon={instagram ? "camera" : "social-media"}
      style={{ width: 520, maxWidth: "calc(100vw - 32px)" }}
    >
      <form onSubmit={submit} noValidate aria-label={title}>
        <DialogBody>
          <Callout icon="info-sign" style={{ marginBottom: 12 }}>
            {t("meta.help")}
          </Callout>
          <FormGroup
            label={t("meta.userId")}
            labelFor="meta-user-id"
            helperText={errors.userId ? t("validation.required") : undefined}
            intent={errors.userId ? Intent.DANGER : Intent.NONE}
          >
            <InputGroup id="meta-user-id" value={userId} onValueChange={setUserId} intent={errors.userId ? Intent.DANGER : Intent.NONE} />
          </FormGroup>
          <FormGroup
            label={t("meta.userToken")}
            labelFor="meta-user-token"
            helperText={errors.token ? t("validation.required") : undefined}
            intent={errors.token ? Intent.DANGER : Intent.NONE}
          >
            <InputGroup id="meta-user-token" type="password" value={token} onValueChange={setToken} intent={errors.token ? Intent.DANGER : Intent.NONE} />
          </FormGroup>
          <Switch label={t("meta.addInstagram")} checked={addInstagram} onChange={(e) => setAddInstagram(e.currentTarget.checked)} />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t("dialog.cancel")} variant="minimal" onClick={onClose} disabled={linking.isLoading} />
              <Button type="submit" intent={Intent.PRIMARY} text={t("meta.link")} loading={linking.isLoading} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
