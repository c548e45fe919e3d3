import { useState } from "react";
import { AnchorButton, Card, Dialog, DialogBody, DialogFooter, Elevation, H5, Icon } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { EmptyState, LoadingState } from "../../../web/src/ui/index.ts";
import { useGetHelpsQuery, type Help } from "./helps-api.ts";
import { embedUrl, thumbnailUrl, videoId, watchUrl } from "./video-code.ts";

const grid = { display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(260px, 1fr))", gap: 16 } as const;
const thumbBox = { position: "relative", aspectRatio: "16 / 9", background: "#1c2127", borderRadius: 4, overflow: "hidden", marginBottom: 12 } as const;

/** One entry: title, description and, when it has a valid video code, the video's thumbnail. */
function HelpCard({ help, onPlay }: { help: Help; onPlay: (id: string, title: string) => void }) {
  const { t } = useTranslation("helps");
  const id = videoId(help.video);
  return (
    <Card elevation={Elevation.ONE} data-testid="help-card">
      {id ? (
        <button
          type="button"
          onClick={() => onPlay(id, help.title)}
          aria-label={t("centre.play", { title: help.title })}
          style={{ ...thumbBox, display: "block", width: "100%", border: 0, padding: 0, cursor: "pointer" }}
        >
          <img src={thumbnailUrl(id)} alt="" loading="lazy" style={{ width: "100%", height: "100%", objectFit: "cover" }} />
          <Icon icon="play" size={48} color="#fff" style={{ position: "absolute", top: "50%", left: "50%", transform: "translate(-50%, -50%)" }} />
        </button>
      ) : null}
      <H5>{help.title}</H5>
      {help.description ? <p style={{ whiteSpace: "pre-wrap", marginBottom: 0 }}>{help.description}</p> : null}
    </Card>
  );
}

/** The help centre every user sees: a card per help entry, videos played in a dialog. */
export function HelpCentre() {
  const { t } = useTranslation("helps");
  const { data, isLoading, isError } = useGetHelpsQuery();
  const [playing, setPlaying] = useState<{ id: string; title: string } | null>(null);

  if (isLoading) return <LoadingState />;
  if (isError) return <EmptyState icon="error" title={t("messages.loadError")} />;
  if (!data?.length) return <EmptyState icon="help" title={t("centre.empty")} />;
  return (
    <>
      <div style={grid}>
        {data.map((help) => (
          <HelpCard key={help.id} help={help} onPlay={(id, title) => setPlaying({ id, title })} />
        ))}
      </div>
      <Dialog isOpen={!!playing} title={playing?.title} onClose={() => setPlaying(null)} style={{ width: 720, maxWidth: "calc(100vw - 32px)" }}>
        <DialogBody>
          {playing ? (
            <div style={{ aspectRatio: "16 / 9" }}>
              <iframe
                src={embedUrl(playing.id)}
                title={playing.title}
                style={{ width: "100%", height: "100%", border: 0 }}
                allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
                allowFullScreen
              />
            </div>
          ) : null}
        </DialogBody>
        <DialogFooter
          actions={playing ? <AnchorButton href={watchUrl(playing.id)} target="_blank" rel="noopener noreferrer" icon="share" text={t("centre.openOnYoutube")} /> : null}
        />
      </Dialog>
    </>
  );
}
