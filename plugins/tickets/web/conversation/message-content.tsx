import { useState } from "react";
import { AnchorButton, Classes, Dialog, DialogBody, Icon } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { MessageView, TicketView } from "../../shared/ticket-types.ts";
import { AudioPlayer } from "./audio-player.tsx";
import { ContactCard, LocationCard } from "./contact-card.tsx";
import { InteractiveCard } from "./interactive-card.tsx";
import { isText, parseData } from "./message-rules.ts";
import { FormattedText } from "./formatted-text.tsx";

const fileNameOf = (url: string) => decodeURIComponent(url.split(/[?#]/)[0]?.split("/").pop() ?? "");

/** An image message: a thumbnail that opens a larger preview. */
function ImageMessage({ src, alt }: { src: string; alt: string }) {
  const { t } = useTranslation("tickets");
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="msg-image-button" onClick={() => setOpen(true)} aria-label={t("conversation.media.openImage")}>
        <img className="msg-image" src={src} alt={alt} loading="lazy" />
      </button>
      <Dialog isOpen={open} onClose={() => setOpen(false)} title={t("conversation.media.image")} style={{ width: "auto", maxWidth: "90vw" }}>
        <DialogBody>
          <img src={src} alt={alt} style={{ maxWidth: "85vw", maxHeight: "75vh", display: "block", margin: "0 auto" }} />
        </DialogBody>
      </Dialog>
    </>
  );
}

/** The caption of a media message (the server may store the file name as the body: not repeated). */
function Caption({ message }: { message: MessageView }) {
  const body = message.body?.trim();
  if (!body || (message.mediaUrl && body === fileNameOf(message.mediaUrl))) return null;
  return (
    <div className="msg-text">
      <FormattedText text={body} />
    </div>
  );
}

/** What a message shows inside its bubble, by media type (spec 000 §3). */
export function MessageContent({ message, ticket }: { message: MessageView; ticket: TicketView }) {
  const { t } = useTranslation("tickets");
  if (message.isDeleted) {
    return (
      <div className="msg-deleted">
        <Icon icon="disable" size={12} /> {message.deletedBy === "contact" ? t("conversation.message.deletedByContact") : t("conversation.message.deleted")}
      </div>
    );
  }
  const url = message.mediaUrl ?? "";
  switch (message.mediaType) {
    case "image":
      return url ? (
        <>
          <ImageMessage src={url} alt={message.body || t("conversation.media.image")} />
          <Caption message={message} />
        </>
      ) : (
        <div className="msg-text">
          <FormattedText text={message.body} />
        </div>
      );
    case "audio":
      return url ? (
        <AudioPlayer src={url} />
      ) : (
        <div className="msg-text">
          <FormattedText text={message.body} />
        </div>
      );
    case "video":
      return (
        <>
          {/* biome-ignore lint/a11y/useMediaCaption: WhatsApp videos come without a caption track; their text caption is shown below (Caption). */}
          {url ? <video className="msg-video" src={url} controls preload="metadata" /> : null}
          <Caption message={message} />
        </>
      );
    case "application":
    case "document":
      // A document whose file never reached this server (lost on the old one before an import): its name, no dead link.
      if (!url)
        return (
          <div className="msg-text msg-unavailable">
            <Icon icon="document" size={12} /> {message.body} <span className={Classes.TEXT_MUTED}>({t("conversation.media.unavailable")})</span>
          </div>
        );
      return (
        <>
          <AnchorButton
            className="msg-document"
            icon="document"
            endIcon="download"
            href={url}
            target="_blank"
            download
            variant="outlined"
            text={fileNameOf(url) || t("conversation.media.download")}
          />
          <Caption message={message} />
        </>
      );
    case "locationMessage":
      return <LocationCard message={message} />;
    case "contactMessage":
      return <ContactCard message={message} ticket={ticket} />;
    case "listMessage":
    case "interactiveMessage":
    case "buttonsMessage": {
      const data = parseData(message);
      return data ? (
        <InteractiveCard data={data} />
      ) : (
        <div className="msg-text">
          <FormattedText text={message.body} />
        </div>
      );
    }
    case "call_log":
      return (
        <div className="msg-text">
          <Icon icon="phone" size={12} /> {message.body || t("conversation.message.call")}
        </div>
      );
    default:
      if (!isText(message) && url) {
        return (
          <AnchorButton
            className="msg-document"
            icon="document"
            endIcon="download"
            href={url}
            target="_blank"
            download
            variant="outlined"
            text={fileNameOf(url) || t("conversation.media.download")}
          />
        );
      }
      return (
        <div className="msg-text">
          <FormattedText text={message.body} />
        </div>
      );
  }
}
