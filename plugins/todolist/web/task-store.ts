/** A task (spec 002 §3): its text and when it was created and last changed (ISO instants). */
export interface Task {
  id: string;
  text: string;
  createdAt: string;
  updatedAt: string;
}

/** One list per user of each company on this device (two people sharing a browser keep theirs apart). */
export const storageKey = (companyId: number, userId: number) => `todolist:${companyId}:${userId}`;

const isTask = (v: unknown): v is Task => {
  const t = v as Partial<Task> | null;
  return !!t && typeof t.id === "string" && typeof t.text === "string" && typeof t.createdAt === "string" && typeof t.updatedAt === "string";
};

/** The stored tasks; anything unreadable (another version, a hand edit, storage blocked) reads as none. */
export function loadTasks(key: string, storage: Storage | undefined = globalThis.localStorage): Task[] {
  try {
    const raw = storage?.getItem(key);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter(isTask) : [];
  } catch {
    return [];
  }
}

/** Writes the list; false when the browser refuses (private mode, quota). */
export function saveTasks(key: string, tasks: Task[], storage: Storage | undefined = globalThis.localStorage): boolean {
  try {
    storage?.setItem(key, JSON.stringify(tasks));
    return !!storage;
  } catch {
    return false;
  }
}

export const newTask = (text: string, now = new Date()): Task => ({ id: crypto.randomUUID(), text, createdAt: now.toISOString(), updatedAt: now.toISOString() });
