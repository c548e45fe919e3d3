import type { NodeDialogProps } from "./node-dialog-shell.tsx";
import { ConditionDialog } from "./condition-dialog.tsx";
import { ContentDialog } from "./content-dialog.tsx";
import { HandOverDialog } from "./hand-over-dialog.tsx";
import { MediaDialog } from "./media-dialog.tsx";
import { IntervalDialog, RandomizerDialog } from "./number-dialogs.tsx";
import { MenuDialog, MessageDialog, QuestionDialog } from "./text-dialogs.tsx";
import { TicketDialog } from "./ticket-dialog.tsx";

export type { NodeDialogProps } from "./node-dialog-shell.tsx";

/** The dialog of a node's kind (spec 002 §2.7), in create or edit mode; null for the start node. */
export function NodeDialog({ type, ...props }: NodeDialogProps & { type: string }) {
  switch (type) {
    case "message":
      return <MessageDialog {...props} />;
    case "menu":
      return <MenuDialog {...props} />;
    case "question":
      return <QuestionDialog {...props} />;
    case "interval":
      return <IntervalDialog {...props} />;
    case "randomizer":
      return <RandomizerDialog {...props} />;
    case "condition":
      return <ConditionDialog {...props} />;
    case "ticket":
      return <TicketDialog {...props} />;
    case "typebot":
    case "openai":
      return <HandOverDialog kind={type} {...props} />;
    case "img":
    case "audio":
    case "video":
      return <MediaDialog kind={type} {...props} />;
    case "singleBlock":
      return <ContentDialog {...props} />;
    default:
      return null;
  }
}
