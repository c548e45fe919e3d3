import { useState } from "react";
import { MenuItem } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../web/src/session/session.ts";
import { UserDialog } from "./user-dialog.tsx";

/**
 * The user menu's "Perfil": the user dialog for the signed-in person. The shell keeps menu
 * items mounted while the menu is closed, so the dialog can live here.
 */
export function ProfileMenuItem() {
  const { t } = useTranslation("users");
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  if (!user) return null;
  return (
    <>
      <MenuItem icon="person" text={t("profileMenu")} onClick={() => setOpen(true)} />
      <UserDialog isOpen={open} userId={user.id} onClose={() => setOpen(false)} />
    </>
  );
}

export default ProfileMenuItem;
