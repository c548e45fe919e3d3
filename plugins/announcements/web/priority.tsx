import { Colors, Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";

/** The three levels the server accepts (1 high … 3 low); its answers type them as a number. */
export type Priority = 1 | 2 | 3;

/** The spec's colours: 1 high red, 2 medium orange, 3 low grey. */
export const PRIORITY_COLORS: Record<Priority, string> = { 1: Colors.RED3, 2: Colors.ORANGE3, 3: Colors.GRAY3 };
/** i18n keys of the labels Alta, Média, Baixa. */
export const PRIORITY_LABEL_KEYS: Record<Priority, string> = { 1: "priority.high", 2: "priority.medium", 3: "priority.low" };
export const PRIORITIES: readonly Priority[] = [1, 2, 3];

export const priorityOf = (value: unknown): Priority => (value === 1 || value === 2 ? value : 3);

/** The priority as a coloured label. */
export function PriorityTag({ priority }: { priority: number }) {
  const { t } = useTranslation("announcements");
  const p = priorityOf(priority);
  return (
    <Tag round data-priority={p} style={{ backgroundColor: PRIORITY_COLORS[p], color: "#fff" }}>
      {t(PRIORITY_LABEL_KEYS[p])}
    </Tag>
  );
}
