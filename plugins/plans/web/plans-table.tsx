import { Button, HTMLTable, Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { declaredPlanFeatures } from "../../../web/src/plugin/plan-features.ts";
import type { Plan } from "./plans-api.ts";

export interface PlansTableProps {
  plans: readonly Plan[];
  selectedId: number | null;
  onEdit: (plan: Plan) => void;
  onDelete: (plan: Plan) => void;
}

const money = (n: number) => n.toLocaleString("pt-BR", { style: "currency", currency: "BRL" });

/** Every plan with its limits, price, visibility and the flags it switches on. */
export function PlansTable({ plans, selectedId, onEdit, onDelete }: PlansTableProps) {
  const { t } = useTranslation("plans");
  return (
    <div style={{ overflowX: "auto" }}>
      <HTMLTable striped interactive compact style={{ width: "100%" }}>
        <thead>
          <tr>
            <th>{t("fields.name")}</th>
            <th>{t("fields.users")}</th>
            <th>{t("fields.connections")}</th>
            <th>{t("fields.queues")}</th>
            <th>{t("fields.amount")}</th>
            <th>{t("fields.isPublic")}</th>
            <th>{t("columns.flags")}</th>
            <th style={{ textAlign: "right" }}>{t("columns.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {plans.map((p) => (
            <tr key={p.id} aria-selected={p.id === selectedId} style={p.id === selectedId ? { fontWeight: 600 } : undefined}>
              <td>{p.name}</td>
              <td>{p.users}</td>
              <td>{p.connections}</td>
              <td>{p.queues}</td>
              <td>{money(p.amount)}</td>
              <td>{p.isPublic ? t("yes") : t("no")}</td>
              <td>
                <div style={{ display: "flex", flexWrap: "wrap", gap: 4 }}>
                  {declaredPlanFeatures
                    .filter((f) => p[f.key])
                    .map((f) => (
                      <Tag key={f.key} minimal>
                        {t(f.label)}
                      </Tag>
                    ))}
                </div>
              </td>
              <td style={{ textAlign: "right", whiteSpace: "nowrap" }}>
                <Button variant="minimal" icon="edit" aria-label={t("actions.edit")} title={t("actions.edit")} onClick={() => onEdit(p)} />
                <Button variant="minimal" icon="trash" intent="danger" aria-label={t("actions.delete")} title={t("actions.delete")} onClick={() => onDelete(p)} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
