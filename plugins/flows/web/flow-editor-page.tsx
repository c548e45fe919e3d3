import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { Button, ButtonGroup, Callout, Intent, Switch, Tag } from "@blueprintjs/core";
import {
  addEdge,
  Background,
  type Connection,
  Controls,
  type Edge,
  Handle,
  type Node,
  type NodeProps,
  Position,
  ReactFlow,
  ReactFlowProvider,
  useEdgesState,
  useNodesState,
} from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { useTranslation } from "react-i18next";
import { useParams } from "wouter";
import { ConfirmDialog, errorMessage, LoadingState, PageLayout, toastError, toastSuccess } from "../../../web/src/ui/index.ts";
import { menuOptions, questionOf } from "../shared/flow-engine.ts";
import { type FlowIssue, flowIssues } from "./flow-checks.ts";
import { FlowTestPanel } from "./flow-test-panel.tsx";
import { addedNode, duplicateOf, EXTRA_KINDS, FLOW_NODE_KINDS, type FlowNodeKind, nodeSummary, SPEED_DIAL, toSaved } from "./flow-editor-model.ts";
import { replaceVariable, savedVariables } from "./flow-variables.ts";
import type { FlowDraft, FlowWithGraph } from "./flows-api.ts";
import {
  useDiscardFlowDraftMutation,
  useGetFlowCountersQuery,
  useGetFlowDraftQuery,
  useGetFlowGraphQuery,
  useSaveFlowDraftMutation,
  useSaveFlowGraphMutation,
} from "./flows-api.ts";
import { countersHidden, setCountersHidden } from "./flow-counters.ts";
import { NodeDialog } from "./node-dialogs/node-dialog.tsx";

type Data = Record<string, unknown>;
type EditorNode = Node<Data>;
type StoredGraph = NonNullable<FlowWithGraph["flow"]["flow"]> | FlowDraft;

/** A stored graph (published or draft) as canvas nodes and edges; none: a new flow's start node. */
function canvasOf(graph: StoredGraph | null): { nodes: EditorNode[]; edges: Edge[] } {
  if (!graph) return { nodes: [addedNode("start", [])], edges: [] };
  return {
    nodes: graph.nodes.map((n) => ({ id: n.id, type: n.type, position: n.position ?? { x: 0, y: 0 }, data: n.data ?? {} })) as EditorNode[],
    edges: graph.connections.map((e, i) => ({
      id: e.id ?? `e${i}`,
      source: e.source,
      target: e.target,
      sourceHandle: e.sourceHandle ?? null,
      targetHandle: e.targetHandle ?? null,
    })),
  };
}

/** The pre-save issues per node id, for the canvas to highlight. */
const IssuesContext = createContext<Map<string, string[]>>(new Map());
/** The node the test panel's conversation stands at (highlighted). */
const TestAtContext = createContext<string | null>(null);
/** Conversations that reached each node in the last 30 days; null: not shown (hidden, or no counters). */
const CountersContext = createContext<Record<string, number> | null>(null);

/** One node on the canvas: its kind, a summary, handles left (in) and right (out; a menu's per option). */
function FlowNodeView({ id, type, data, selected }: NodeProps<EditorNode>) {
  const { t } = useTranslation("flows");
  const options = type === "menu" ? menuOptions(data) : [];
  const exits = type === "randomizer" || type === "condition" ? ["a", "b"] : [];
  const issues = useContext(IssuesContext).get(id) ?? [];
  const testing = useContext(TestAtContext) === id;
  const counters = useContext(CountersContext);
  const reached = counters ? (counters[id] ?? 0) : null;
  const border = selected ? "#2d72d2" : issues.length ? "#c87619" : "#c5cbd3";
  return (
    <div
      className={`flows-node${selected ? " flows-node-selected" : ""}${issues.length ? " flows-node-issue" : ""}${testing ? " flows-node-testing" : ""}`}
      title={issues.join("\n") || undefined}
      style={{
        padding: 8,
        minWidth: 160,
        background: "#fff",
        border: `${issues.length ? 2 : 1}px solid ${border}`,
        borderRadius: 4,
        boxShadow: testing ? "0 0 0 3px #238551" : undefined,
      }}
    >
      {type !== "start" && <Handle type="target" position={Position.Left} id="b" />}
      <div style={{ display: "flex", justifyContent: "space-between", gap: 8 }}>
        <strong>{t(`nodes.${type}`)}</strong>
        {reached !== null && (
          <Tag minimal round intent={reached ? Intent.PRIMARY : Intent.NONE} className="flows-node-counter" title={t("counters.node", { count: reached })}>
            {reached.toLocaleString()}
          </Tag>
        )}
        <span>
          <Button size="small" variant="minimal" icon="duplicate" aria-label={t("editor.duplicateNode")} data-action="duplicate" data-node={id} />
          {type !== "start" && <Button size="small" variant="minimal" icon="trash" aria-label={t("editor.deleteNode")} data-action="delete" data-node={id} />}
        </span>
      </div>
      <div style={{ fontSize: 12, whiteSpace: "pre-wrap", maxWidth: 240 }}>{nodeSummary(type ?? "", data)}</div>
      {options.map((o, i) => (
        <Handle key={o.number} type="source" position={Position.Right} id={`a${o.number}`} style={{ top: 40 + i * 16 }} />
      ))}
      {exits.map((h, i) => (
        <Handle key={h} type="source" position={Position.Right} id={h} style={{ top: 30 + i * 20 }} />
      ))}
      {!options.length && !exits.length && type !== "ticket" && <Handle type="source" position={Position.Right} id="a" />}
    </div>
  );
}

const nodeTypes = Object.fromEntries(FLOW_NODE_KINDS.map((k) => [k, FlowNodeView]));

function Editor({ flowId }: { flowId: number }) {
  const { t } = useTranslation("flows");
  const { data, isLoading } = useGetFlowGraphQuery(flowId, { refetchOnMountOrArgChange: true });
  const [save, saving] = useSaveFlowGraphMutation();
  // A server without drafts (an error) reads as "no draft".
  const draftQuery = useGetFlowDraftQuery(flowId, { refetchOnMountOrArgChange: true });
  const draft = draftQuery.isError ? null : (draftQuery.data ?? null);
  const draftReady = !draftQuery.isLoading;
  const [saveDraft, savingDraft] = useSaveFlowDraftMutation();
  const [discardDraft, discarding] = useDiscardFlowDraftMutation();
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  // The canvas loads once (the draft when there is one, else the published graph); saving
  // either leaves it as it is, discarding reloads the published graph.
  const [loaded, setLoaded] = useState(false);
  const [testing, setTesting] = useState(false);
  const [testAt, setTestAt] = useState<string | null>(null);
  // A server without the counters route answers null: no badge, no toggle.
  const { data: counters } = useGetFlowCountersQuery(flowId);
  const [hideCounters, setHideCounters] = useState(countersHidden);
  const [nodes, setNodes, onNodesChange] = useNodesState<EditorNode>([]);
  const [edges, setEdges, onEdgesChange] = useEdgesState<Edge>([]);
  // The node a dialog edits; in create mode it joins the canvas only when the dialog saves.
  const [editing, setEditing] = useState<{ node: EditorNode; mode: "create" | "edit" } | null>(null);
  const [stored, setStored] = useState<string[]>(savedVariables);
  const variables = useMemo(
    () => [...new Set([...stored, ...nodes.filter((n) => n.type === "question").map((n) => questionOf(n.data).answerKey)])].filter(Boolean),
    [stored, nodes],
  );

  const show = useCallback(
    (graph: StoredGraph | null) => {
      const canvas = canvasOf(graph);
      setNodes(canvas.nodes);
      setEdges(canvas.edges);
    },
    [setNodes, setEdges],
  );
  useEffect(() => {
    if (loaded || !data || !draftReady) return;
    show(draft ?? data.flow.flow);
    setLoaded(true);
  }, [loaded, data, draft, draftReady, show]);

  const onConnect = useCallback((c: Connection) => setEdges((eds) => addEdge({ ...c, id: `${c.source}-${c.sourceHandle ?? ""}-${c.target}` }, eds)), [setEdges]);
  const add = (kind: FlowNodeKind) => {
    const node = addedNode(kind, nodes);
    if (kind === "start") setNodes((ns) => [...ns, node]);
    else setEditing({ node, mode: "create" });
  };
  // The duplicate and delete icons on each node (one click handler for the canvas).
  const onCanvasClick = (e: React.MouseEvent) => {
    const el = (e.target as HTMLElement).closest("[data-action]");
    const id = el?.getAttribute("data-node");
    if (!el || !id) return;
    e.stopPropagation();
    if (el.getAttribute("data-action") === "delete") {
      setNodes((ns) => ns.filter((n) => n.id !== id));
      setEdges((es) => es.filter((x) => x.source !== id && x.target !== id));
    } else {
      const source = nodes.find((n) => n.id === id);
      if (source) setNodes((ns) => [...ns, duplicateOf(source, ns)]);
    }
  };
  const issues = useMemo(() => flowIssues(nodes, edges), [nodes, edges]);
  // What the test panel runs: the canvas as it is, unsaved changes included.
  const graph = useMemo(() => toSaved(nodes, edges), [nodes, edges]);
  const issueText = useCallback((i: FlowIssue) => t(`checks.${i.kind}`, { option: i.option ?? "" }), [t]);
  const issuesByNode = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const i of issues) map.set(i.nodeId, [...(map.get(i.nodeId) ?? []), issueText(i)]);
    return map;
  }, [issues, issueText]);
  const [warning, setWarning] = useState(false);
  const nodeName = (id: string) => {
    const n = nodes.find((x) => x.id === id);
    const summary = n
      ? nodeSummary(n.type ?? "", n.data)
          .split("\n")[0]
          ?.slice(0, 40)
      : "";
    return `${t(`nodes.${n?.type ?? "message"}`)}${summary ? ` “${summary}”` : ""}`;
  };
  const submit = async () => {
    setWarning(false);
    try {
      await save({ idFlow: flowId, ...toSaved(nodes, edges) }).unwrap();
      toastSuccess(t("messages.saved"));
    } catch (err) {
      toastError(errorMessage(err));
    }
  };
  const keepDraft = async () => {
    try {
      await saveDraft({ id: flowId, ...toSaved(nodes, edges) }).unwrap();
      toastSuccess(t("draft.saved"));
    } catch (err) {
      toastError(errorMessage(err));
    }
  };
  const discard = async () => {
    try {
      await discardDraft(flowId).unwrap();
      setConfirmDiscard(false);
      show(data?.flow.flow ?? null);
      toastSuccess(t("draft.discarded"));
    } catch (err) {
      toastError(errorMessage(err));
    }
  };
  const saveNode = (data: Data) => {
    if (!editing) return;
    const { node, mode } = editing;
    if (node.type === "question") setStored(replaceVariable(questionOf(node.data).answerKey || undefined, questionOf(data).answerKey));
    if (mode === "create") setNodes((ns) => [...ns, { ...node, data }]);
    else setNodes((ns) => ns.map((n) => (n.id === node.id ? { ...n, data } : n)));
    setEditing(null);
  };

  if (isLoading || !data || !loaded) return <LoadingState />;
  return (
    <PageLayout
      title={
        <>
          {data.flow.name}{" "}
          {draft && (
            <Tag intent={Intent.WARNING} minimal data-testid="flow-draft-tag" title={t("draft.since", { date: new Date(draft.updatedAt).toLocaleString() })}>
              {t("draft.tag")}
            </Tag>
          )}
        </>
      }
      actions={
        <>
          {draft && <Button variant="minimal" icon="undo" text={t("draft.discard")} onClick={() => setConfirmDiscard(true)} />}
          <Button icon="lab-test" text={t("test.open")} active={testing} onClick={() => setTesting((v) => !v)} />
          <Button icon="document" text={t("draft.save")} loading={savingDraft.isLoading} onClick={() => void keepDraft()} />
          <Button
            intent={Intent.PRIMARY}
            icon="floppy-disk"
            text={t("editor.save")}
            loading={saving.isLoading}
            onClick={() => (issues.length ? setWarning(true) : void submit())}
          />
        </>
      }
    >
      <Callout intent={Intent.WARNING} compact>
        {t("editor.reminder")}
      </Callout>
      <ButtonGroup style={{ margin: "8px 0", flexWrap: "wrap" }} aria-label={t("editor.add")}>
        {SPEED_DIAL.map((k) => (
          <Button key={k} icon="add" text={t(`nodes.${k}`)} onClick={() => add(k)} />
        ))}
      </ButtonGroup>
      {/* Kinds a stored flow may hold beyond the spec's speed-dial (flows exported from the original product). */}
      <ButtonGroup style={{ margin: "0 0 8px 8px", flexWrap: "wrap" }} aria-label={t("editor.addMore")}>
        {EXTRA_KINDS.map((k) => (
          <Button key={k} variant="minimal" icon="add" text={t(`nodes.${k}`)} onClick={() => add(k)} />
        ))}
      </ButtonGroup>
      {issues.length > 0 && (
        <Callout intent={Intent.WARNING} icon="issue" compact style={{ marginBottom: 8 }} data-testid="flow-issues">
          {t("checks.count", { count: issues.length })}
        </Callout>
      )}
      {counters && (
        <Switch
          inline
          checked={!hideCounters}
          label={t("counters.toggle")}
          title={t("counters.since", { date: new Date(counters.since).toLocaleDateString() })}
          onChange={(e) => setHideCounters(setCountersHidden(!e.currentTarget.checked))}
        />
      )}
      <IssuesContext.Provider value={issuesByNode}>
        <CountersContext.Provider value={counters && !hideCounters ? counters.counters : null}>
          <TestAtContext.Provider value={testing ? testAt : null}>
            <div style={{ display: "flex", height: "70vh" }}>
              <div style={{ flex: 1, minWidth: 0, border: "1px solid #e1e4e8" }} onClickCapture={onCanvasClick} data-testid="flow-canvas">
                <ReactFlow
                  nodes={nodes}
                  edges={edges}
                  nodeTypes={nodeTypes}
                  onNodesChange={onNodesChange}
                  onEdgesChange={onEdgesChange}
                  onConnect={onConnect}
                  onNodeDoubleClick={(_e, node) => node.type !== "start" && setEditing({ node, mode: "edit" })}
                  deleteKeyCode={["Backspace", "Delete"]}
                  fitView
                >
                  <Background />
                  <Controls />
                </ReactFlow>
              </div>
              {testing && <FlowTestPanel onClose={() => setTesting(false)} graph={graph} onAt={setTestAt} />}
            </div>
          </TestAtContext.Provider>
        </CountersContext.Provider>
      </IssuesContext.Provider>
      <ConfirmDialog
        isOpen={warning}
        intent={Intent.WARNING}
        title={t("checks.title")}
        confirmText={t("checks.saveAnyway")}
        loading={saving.isLoading}
        onClose={() => setWarning(false)}
        onConfirm={() => void submit()}
        message={
          <ul style={{ margin: 0, paddingLeft: 18 }}>
            {issues.map((i) => (
              <li key={`${i.nodeId}-${i.kind}-${i.option ?? ""}`}>
                {nodeName(i.nodeId)}: {issueText(i)}
              </li>
            ))}
          </ul>
        }
      />
      <ConfirmDialog
        isOpen={confirmDiscard}
        intent={Intent.DANGER}
        title={t("draft.discardTitle")}
        confirmText={t("draft.discard")}
        loading={discarding.isLoading}
        onClose={() => setConfirmDiscard(false)}
        onConfirm={() => void discard()}
        message={t("draft.discardMessage")}
      />
      {editing && (
        <NodeDialog
          key={editing.node.id}
          type={editing.node.type ?? ""}
          data={editing.node.data}
          mode={editing.mode}
          variables={variables}
          onClose={() => setEditing(null)}
          onSave={saveNode}
        />
      )}
    </PageLayout>
  );
}

/** /flowbuilder/:id (spec 002 §2.7): the canvas, the node speed-dial, node dialogs and Salvar. */
export function FlowEditorPage() {
  const params = useParams<{ id?: string }>();
  const id = Number(params.id);
  const { t } = useTranslation("flows");
  if (!Number.isInteger(id) || id <= 0) return <PageLayout title={t("title")}>{t("editor.noFlow")}</PageLayout>;
  return (
    <ReactFlowProvider>
      <Editor flowId={id} />
    </ReactFlowProvider>
  );
}

export default FlowEditorPage;
