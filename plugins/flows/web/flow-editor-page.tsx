import { useCallback, useEffect, useMemo, useState } from "react";
import { Button, ButtonGroup, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent, NumericInput, TextArea } from "@blueprintjs/core";
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
import { errorMessage, LoadingState, PageLayout, toastError, toastSuccess } from "../../../web/src/ui/index.ts";
import { menuOptions } from "../shared/flow-engine.ts";
import { addedNode, duplicateOf, FLOW_NODE_KINDS, type FlowNodeKind, nodeSummary, toSaved } from "./flow-editor-model.ts";
import { useGetFlowGraphQuery, useSaveFlowGraphMutation } from "./flows-api.ts";

type Data = Record<string, unknown>;
type EditorNode = Node<Data>;

/** One node on the canvas: its kind, a summary, handles left (in) and right (out; a menu's per option). */
function FlowNodeView({ id, type, data, selected }: NodeProps<EditorNode>) {
  const { t } = useTranslation("flows");
  const options = type === "menu" ? menuOptions(data) : [];
  const exits = type === "randomizer" || type === "condition" ? ["a", "b"] : [];
  return (
    <div
      className={`flows-node${selected ? " flows-node-selected" : ""}`}
      style={{ padding: 8, minWidth: 160, background: "#fff", border: `1px solid ${selected ? "#2d72d2" : "#c5cbd3"}`, borderRadius: 4 }}
    >
      {type !== "start" && <Handle type="target" position={Position.Left} id="b" />}
      <div style={{ display: "flex", justifyContent: "space-between", gap: 8 }}>
        <strong>{t(`nodes.${type}`)}</strong>
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

/** The node dialog: the fields of the node's kind (spec 002 §2.7, §5), create or edit. */
function NodeDialog({ node, onClose, onSave }: { node: EditorNode | null; onClose: () => void; onSave: (data: Data) => void }) {
  const { t } = useTranslation("flows");
  const [data, setData] = useState<Data>(node?.data ?? {});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setData(node?.data ?? {}), [node]);
  if (!node) return null;
  const str = (k: string) => (typeof data[k] === "string" || typeof data[k] === "number" ? String(data[k]) : "");
  const set = (k: string, v: unknown) => setData((d) => ({ ...d, [k]: v }));
  const save = () => {
    if (node.type === "interval") {
      const sec = Number(data.sec);
      if (!sec || sec <= 0) return setError(t("validation.intervalRequired"));
      if (sec > 120) return setError(t("validation.intervalMax"));
    }
    if (node.type === "message" && !str("label").trim()) return setError(t("validation.messageEmpty"));
    if (node.type === "ticket" && !(data.data && typeof data.data === "object")) return setError(t("validation.queueRequired"));
    onSave(data);
  };
  const options = menuOptions(data);
  return (
    <Dialog isOpen onClose={onClose} title={t(`nodes.${node.type}`)}>
      <DialogBody>
        {error && <Callout intent={Intent.DANGER}>{error}</Callout>}
        {node.type === "message" && (
          <FormGroup label={t("fields.message")} labelFor="node-label">
            <TextArea id="node-label" fill value={str("label")} onChange={(e) => set("label", e.target.value)} />
          </FormGroup>
        )}
        {node.type === "interval" && (
          <FormGroup label={t("fields.seconds")} labelFor="node-sec">
            <NumericInput id="node-sec" min={0} max={120} value={str("sec")} onValueChange={(v) => set("sec", v)} />
          </FormGroup>
        )}
        {node.type === "randomizer" && (
          <FormGroup label={t("fields.percent")} labelFor="node-percent">
            <NumericInput id="node-percent" min={0} max={100} stepSize={10} value={str("percent")} onValueChange={(v) => set("percent", v)} />
          </FormGroup>
        )}
        {node.type === "ticket" && (
          <FormGroup label={t("fields.queueId")} labelFor="node-queue">
            <NumericInput id="node-queue" min={1} value={(data.data as { id?: number } | undefined)?.id ?? ""} onValueChange={(v) => set("data", v > 0 ? { id: v } : undefined)} />
          </FormGroup>
        )}
        {node.type === "question" && (
          <>
            <FormGroup label={t("fields.question")} labelFor="node-question">
              <TextArea
                id="node-question"
                fill
                value={String((data.typebotIntegration as Data | undefined)?.message ?? "")}
                onChange={(e) => set("typebotIntegration", { ...(data.typebotIntegration as Data), message: e.target.value })}
              />
            </FormGroup>
            <FormGroup label={t("fields.answerKey")} labelFor="node-key">
              <InputGroup
                id="node-key"
                value={String((data.typebotIntegration as Data | undefined)?.answerKey ?? "")}
                onChange={(e) => set("typebotIntegration", { ...(data.typebotIntegration as Data), answerKey: e.target.value })}
              />
            </FormGroup>
          </>
        )}
        {node.type === "menu" && (
          <>
            <FormGroup label={t("fields.message")} labelFor="node-menu">
              <TextArea id="node-menu" fill value={str("message")} onChange={(e) => set("message", e.target.value)} />
            </FormGroup>
            {options.map((o, i) => (
              <FormGroup key={o.number} label={`${o.number}`} inline>
                <InputGroup
                  value={o.value}
                  onChange={(e) =>
                    set(
                      "arrayOption",
                      options.map((x, j) => (j === i ? { number: Number(x.number), value: e.target.value } : { number: Number(x.number), value: x.value })),
                    )
                  }
                />
              </FormGroup>
            ))}
            <Button
              icon="add"
              text={t("editor.addOption")}
              onClick={() => set("arrayOption", [...options.map((x) => ({ number: Number(x.number), value: x.value })), { number: options.length + 1, value: "" }])}
            />
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t("dialog.cancel")} onClick={onClose} />
            <Button intent={Intent.PRIMARY} text={t("dialog.save")} onClick={save} />
          </>
        }
      />
    </Dialog>
  );
}

function Editor({ flowId }: { flowId: number }) {
  const { t } = useTranslation("flows");
  const { data, isLoading } = useGetFlowGraphQuery(flowId, { refetchOnMountOrArgChange: true });
  const [save, saving] = useSaveFlowGraphMutation();
  const [nodes, setNodes, onNodesChange] = useNodesState<EditorNode>([]);
  const [edges, setEdges, onEdgesChange] = useEdgesState<Edge>([]);
  const [editing, setEditing] = useState<EditorNode | null>(null);

  useEffect(() => {
    if (!data) return;
    const graph = data.flow.flow;
    // A new flow starts with its start node ('Inicio do fluxo').
    setNodes(graph ? (graph.nodes.map((n) => ({ id: n.id, type: n.type, position: n.position ?? { x: 0, y: 0 }, data: n.data ?? {} })) as EditorNode[]) : [addedNode("start", [])]);
    setEdges(
      graph
        ? graph.connections.map((e, i) => ({ id: e.id ?? `e${i}`, source: e.source, target: e.target, sourceHandle: e.sourceHandle ?? null, targetHandle: e.targetHandle ?? null }))
        : [],
    );
  }, [data, setNodes, setEdges]);

  const onConnect = useCallback((c: Connection) => setEdges((eds) => addEdge({ ...c, id: `${c.source}-${c.sourceHandle ?? ""}-${c.target}` }, eds)), [setEdges]);
  const add = (kind: FlowNodeKind) => {
    const node = addedNode(kind, nodes);
    setNodes((ns) => [...ns, node]);
    if (kind !== "start") setEditing(node);
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
  const submit = async () => {
    try {
      await save({ idFlow: flowId, ...toSaved(nodes, edges) }).unwrap();
      toastSuccess(t("messages.saved"));
    } catch (err) {
      toastError(errorMessage(err));
    }
  };
  const speedDial = useMemo(() => FLOW_NODE_KINDS.filter((k) => !["message", "img", "audio", "video", "condition"].includes(k)), []);

  if (isLoading || !data) return <LoadingState />;
  return (
    <PageLayout title={data.flow.name} actions={<Button intent={Intent.PRIMARY} icon="floppy-disk" text={t("editor.save")} loading={saving.isLoading} onClick={submit} />}>
      <Callout intent={Intent.WARNING} compact>
        {t("editor.reminder")}
      </Callout>
      <ButtonGroup style={{ margin: "8px 0", flexWrap: "wrap" }} aria-label={t("editor.add")}>
        {speedDial.map((k) => (
          <Button key={k} icon="add" text={t(`nodes.${k}`)} onClick={() => add(k)} />
        ))}
        <Button icon="add" text={t("nodes.message")} onClick={() => add("message")} />
      </ButtonGroup>
      <div style={{ height: "70vh", border: "1px solid #e1e4e8" }} onClickCapture={onCanvasClick} data-testid="flow-canvas">
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          onNodesChange={onNodesChange}
          onEdgesChange={onEdgesChange}
          onConnect={onConnect}
          onNodeDoubleClick={(_e, node) => node.type !== "start" && setEditing(node)}
          deleteKeyCode={["Backspace", "Delete"]}
          fitView
        >
          <Background />
          <Controls />
        </ReactFlow>
      </div>
      <NodeDialog
        node={editing}
        onClose={() => setEditing(null)}
        onSave={(d) => {
          const id = editing?.id;
          setNodes((ns) => ns.map((n) => (n.id === id ? { ...n, data: d } : n)));
          setEditing(null);
        }}
      />
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
