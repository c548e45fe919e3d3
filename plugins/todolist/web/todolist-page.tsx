import { useEffect, useRef, useState } from "react";
import { Button, Card, InputGroup, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../web/src/session/session.ts";
import { EmptyState, formatDateTime, PageLayout, toastError } from "../../../web/src/ui/index.ts";
import { loadTasks, newTask, saveTasks, storageKey, type Task } from "./task-store.ts";

/** The most characters one task holds (a task is a line, not a document). */
export const MAX_TASK_LENGTH = 500;

/**
 * /todolist (spec 002 §2.19): a new-task input with 'Adicionar' (or 'Salvar' while a task is
 * being edited), and per task edit and delete. Tasks live only in this browser, per user;
 * newest first. Another tab of the same user sees changes through the storage event.
 */
export function TodolistPage() {
  const { t } = useTranslation("todolist");
  const { user } = useSession();
  const key = storageKey(user?.companyId ?? 0, user?.id ?? 0);
  const [tasks, setTasks] = useState<Task[]>(() => loadTasks(key));
  const [text, setText] = useState("");
  const [editing, setEditing] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => setTasks(loadTasks(key)), [key]);
  useEffect(() => {
    const onStorage = (e: StorageEvent) => e.key === key && setTasks(loadTasks(key));
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [key]);

  const commit = (next: Task[]) => {
    setTasks(next);
    if (!saveTasks(key, next)) toastError(t("storageError"));
  };
  const submit = () => {
    const value = text.trim();
    if (!value) return;
    if (editing) commit(tasks.map((task) => (task.id === editing ? { ...task, text: value, updatedAt: new Date().toISOString() } : task)));
    else commit([newTask(value), ...tasks]);
    setText("");
    setEditing(null);
  };
  const edit = (task: Task) => {
    setEditing(task.id);
    setText(task.text);
    input.current?.focus();
  };
  const cancel = () => {
    setEditing(null);
    setText("");
  };
  const remove = (task: Task) => {
    commit(tasks.filter((x) => x.id !== task.id));
    if (editing === task.id) cancel();
  };

  return (
    <PageLayout title={t("title")} subtitle={t("subtitle")}>
      <form
        style={{ display: "flex", gap: 8, marginBottom: 16, maxWidth: 720 }}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <InputGroup
          inputRef={input}
          fill
          aria-label={t("newTask")}
          placeholder={t("newTask")}
          value={text}
          maxLength={MAX_TASK_LENGTH}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => e.key === "Escape" && editing && cancel()}
        />
        <Button type="submit" intent={Intent.PRIMARY} icon={editing ? "floppy-disk" : "add"} text={editing ? t("save") : t("add")} disabled={!text.trim()} />
        {editing ? <Button text={t("cancel")} onClick={cancel} /> : null}
      </form>
      {tasks.length ? (
        <ul aria-label={t("listLabel")} style={{ listStyle: "none", padding: 0, margin: 0, display: "flex", flexDirection: "column", gap: 8, maxWidth: 720 }}>
          {tasks.map((task) => (
            <li key={task.id}>
              <Card style={{ display: "flex", alignItems: "center", gap: 12, padding: "10px 14px", outline: editing === task.id ? "2px solid var(--app-primary)" : undefined }}>
                <div style={{ flex: 1, minWidth: 0 }}>
                  <div style={{ overflowWrap: "anywhere" }}>{task.text}</div>
                  <div className="bp6-text-muted" style={{ fontSize: 12 }}>
                    {task.updatedAt !== task.createdAt ? t("edited", { when: formatDateTime(task.updatedAt) }) : t("created", { when: formatDateTime(task.createdAt) })}
                  </div>
                </div>
                <Button icon="edit" variant="minimal" aria-label={t("edit", { text: task.text })} onClick={() => edit(task)} />
                <Button icon="trash" variant="minimal" intent={Intent.DANGER} aria-label={t("delete", { text: task.text })} onClick={() => remove(task)} />
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState icon="tick-circle" title={t("empty")} description={t("emptyHint")} />
      )}
    </PageLayout>
  );
}

export default TodolistPage;
