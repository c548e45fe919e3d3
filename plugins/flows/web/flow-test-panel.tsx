import { useEffect, useRef, useState } from "react";
import { Button, Callout, Card, Classes, Icon, InputGroup, Intent, Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { apiBase } from "../../../web/src/api/api.ts";
import { useAppSelector } from "../../../web/src/store/store.ts";
import type { FlowGraph } from "../shared/flow-engine.ts";
import { nodeSummary } from "./flow-editor-model.ts";
import { emptySession, pendingWait, resume, say, type TestEntry, type TestSession } from "./flow-test-session.ts";

export interface FlowTestPanelProps {
  onClose: () => void;
  /** The canvas as it is now (unsaved changes included): each turn runs the latest. */
  graph: FlowGraph;
  /** The node the conversation stands at (null: none), for the canvas to highlight. */
  onAt?: (nodeId: string | null) => void;
  /** The randomizer's draw (tests fix it). */
  random?: () => number;
}

/**
 * "Testar" (issue 26): the flow on the canvas as a chat beside it, run in the browser by the shared
 * engine. The user writes as the customer; messages, media, menus, waits (skippable), the
 * variables and where the flow ended show up. No channel, nothing stored.
 */
export function FlowTestPanel({ onClose, graph, onAt, random }: FlowTestPanelProps) {
  const { t } = useTranslation("flows");
  const companyId = useAppSelector((s) => s.session.user?.companyId ?? 0);
  const [session, setSession] = useState<TestSession>(emptySession);
  const [text, setText] = useState("");
  // The latest canvas, read when a timer fires (the graph may change while a wait runs).
  const graphRef = useRef(graph);
  graphRef.current = graph;
  const mediaUrl = (name: string) => `${apiBase}${name.startsWith("/public/") ? name : `/public/company${companyId}/${name}`}`;
  const mediaRef = useRef(mediaUrl);
  mediaRef.current = mediaUrl;
  const listRef = useRef<HTMLDivElement>(null);

  const wait = pendingWait(session);
  useEffect(() => {
    if (wait === null) return;
    const timer = setTimeout(() => setSession((s) => resume(graphRef.current, s, mediaRef.current, random)), wait * 1000);
    return () => clearTimeout(timer);
  }, [session, wait, random]);
  useEffect(() => onAt?.(session.ended ? null : session.at), [session.at, session.ended, onAt]);
  useEffect(() => {
    listRef.current?.lastElementChild?.scrollIntoView?.({ block: "end" });
  }, [session.entries.length]);

  const send = () => {
    const value = text.trim();
    if (!value) return;
    setSession((s) => say(graph, s, value, mediaUrl, random));
    setText("");
  };
  const restart = () => setSession(emptySession());
  const close = () => {
    onAt?.(null);
    onClose();
  };
  const nodeName = (id: string | null) => {
    const node = id ? graph.nodes.find((n) => n.id === id) : undefined;
    if (!node) return t("test.unknownNode");
    const summary = nodeSummary(node.type, node.data ?? {})
      .split("\n")[0]
      ?.slice(0, 40);
    return `${t(`nodes.${node.type}`, { defaultValue: node.type })}${summary ? ` “${summary}”` : ""}`;
  };
  const variables = Object.entries(session.variables);

  return (
    <aside
      aria-label={t("test.title")}
      data-testid="flow-test-panel"
      style={{ width: 360, flex: "none", display: "flex", flexDirection: "column", gap: 8, padding: 12, border: "1px solid #e1e4e8", borderLeft: "none", background: "#fafbfc" }}
    >
      <div style={{ display: "flex", alignItems: "center", gap: 6 }}>
        <Icon icon="chat" />
        <strong style={{ flex: 1 }}>{t("test.title")}</strong>
        <Button size="small" variant="minimal" icon="cross" aria-label={t("test.close")} onClick={close} />
      </div>
      <Callout compact icon="lab-test">
        {t("test.notice")}
      </Callout>
      <div ref={listRef} style={{ flex: 1, overflowY: "auto", display: "flex", flexDirection: "column", gap: 6 }} aria-live="polite" data-testid="flow-test-chat">
        {session.entries.length === 0 && <p className={Classes.TEXT_MUTED}>{t("test.hint")}</p>}
        {session.entries.map((e, i) => (
          <Entry
            // biome-ignore lint/suspicious/noArrayIndexKey: the chat only grows (a restart empties it), so a line's index never changes
            key={i}
            entry={e}
            t={t}
            nodeName={nodeName}
            onSkip={wait !== null && e.kind === "wait" && !e.done ? () => setSession((s) => resume(graph, s, mediaUrl, random)) : undefined}
          />
        ))}
      </div>
      <div data-testid="flow-test-variables">
        <strong>{t("test.variables")}</strong>{" "}
        {variables.length ? (
          variables.map(([k, v]) => (
            <Tag key={k} minimal style={{ margin: 2 }}>
              {`{{${k}}} = ${v}`}
            </Tag>
          ))
        ) : (
          <span className={Classes.TEXT_MUTED}>{t("test.noVariables")}</span>
        )}
      </div>
      <form
        style={{ display: "flex", gap: 6 }}
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <InputGroup fill value={text} onValueChange={setText} placeholder={t("test.placeholder")} aria-label={t("test.placeholder")} />
        <Button type="submit" intent={Intent.PRIMARY} icon="send-message" aria-label={t("test.send")} />
        <Button icon="refresh" aria-label={t("test.restart")} title={t("test.restart")} onClick={restart} />
      </form>
    </aside>
  );
}

type T = ReturnType<typeof useTranslation>["t"];

/** One line of the test chat: customer on the right, the flow on the left, notes centred. */
function Entry({ entry, t, nodeName, onSkip }: { entry: TestEntry; t: T; nodeName: (id: string | null) => string; onSkip?: () => void }) {
  const bubble = (mine: boolean, children: React.ReactNode, testId: string) => (
    <Card compact data-testid={testId} style={{ alignSelf: mine ? "flex-end" : "flex-start", maxWidth: "85%", whiteSpace: "pre-wrap", background: mine ? "#e7f6ec" : undefined }}>
      {children}
    </Card>
  );
  const note = (icon: Parameters<typeof Icon>[0]["icon"], children: React.ReactNode, testId: string, intent?: Intent) => (
    <Callout compact icon={icon} intent={intent} data-testid={testId} style={{ alignSelf: "center" }}>
      {children}
    </Callout>
  );
  switch (entry.kind) {
    case "customer":
      return bubble(
        true,
        <>
          {entry.text}
          {entry.ignored && <div className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>{t("test.ignored")}</div>}
        </>,
        "flow-test-customer",
      );
    case "bot":
      return bubble(false, entry.text, "flow-test-bot");
    case "media":
      return bubble(
        false,
        <>
          {entry.mediaType === "image" ? (
            <img src={entry.url} alt={t("test.media.image")} style={{ maxWidth: "100%", maxHeight: 160, display: "block" }} />
          ) : (
            <Icon icon={entry.mediaType === "audio" ? "music" : "video"} />
          )}{" "}
          {t(`test.media.${entry.mediaType}`)}
          {entry.record ? ` · ${t("test.voiceNote")}` : ""}
          <div className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>{entry.url.split("/").pop()}</div>
        </>,
        "flow-test-media",
      );
    case "wait":
      return note(
        "time",
        <>
          {t(entry.done ? "test.waited" : "test.waiting", { seconds: entry.seconds })}
          {onSkip && <Button size="small" variant="minimal" text={t("test.skip")} onClick={onSkip} style={{ marginLeft: 6 }} />}
        </>,
        "flow-test-wait",
      );
    case "queue":
      return note("people", t("test.queue", { name: entry.name }), "flow-test-queue", Intent.PRIMARY);
    case "handOver":
      return note("exchange", t(entry.target === "prompt" ? "test.prompt" : "test.integration", { name: entry.name }), "flow-test-handover", Intent.PRIMARY);
    case "skipped":
      return note("warning-sign", t(`test.skipped.${entry.reason}`, { node: nodeName(entry.nodeId), option: entry.option ?? "" }), "flow-test-skipped", Intent.WARNING);
    case "end":
      return note("flag", entry.nodeId ? t("test.ended", { node: nodeName(entry.nodeId) }) : t("test.endedEmpty"), "flow-test-end", Intent.SUCCESS);
  }
}
