import { Button, Callout, H5, HTMLTable, Intent, ProgressBar, Tag } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { useCompanyEvent } from "../../../web/src/realtime/realtime.ts";
import { LoadingState } from "../../../web/src/ui/loading-state.tsx";
import { toastError } from "../../../web/src/ui/toast.ts";
import type { ImportEvent } from "../shared/import-types.ts";
import { type ContactImport, useCancelContactImportMutation, useGetContactImportErrorsQuery, useGetContactImportQuery } from "./contacts-import-api.ts";
import { rowField, rowMessage } from "./row-messages.ts";
import { useNumber } from "./use-number.ts";

const FINISHED = new Set(["done", "failed", "cancelled"]);
export const statusIntent = (status: ContactImport["status"]) =>
  status === "done" ? Intent.SUCCESS : status === "failed" ? Intent.DANGER : status === "cancelled" ? Intent.WARNING : Intent.PRIMARY;

/** An import as it runs (progress bar, counts, cancel), then its result with the refused rows by line. */
export function ImportProgress({ id, onAnother }: { id: number; onAnother: () => void }) {
  const { t } = useTranslation("contacts-import");
  const [, navigate] = useLocation();
  const loaded = useGetContactImportQuery(id);
  const [live, setLive] = useState<ContactImport | null>(null);
  const [cancel, cancelling] = useCancelContactImportMutation();
  const fmt = useNumber();
  useEffect(() => setLive(null), [id]);
  useCompanyEvent("contactImport", (payload) => {
    const event = payload as ImportEvent | null;
    if (event?.contactImport?.id === id) setLive(event.contactImport);
  });
  // The newer of what was loaded and what was heard (an event may arrive before the answer).
  const current = [live, loaded.data]
    .filter((x): x is ContactImport => !!x)
    .sort((a, b) => b.processedRows - a.processedRows || (FINISHED.has(b.status) ? 1 : 0) - (FINISHED.has(a.status) ? 1 : 0))[0];
  if (!current) return <LoadingState />;
  const finished = FINISHED.has(current.status);
  const total = current.totalRows;
  const share = total ? Math.min(1, current.processedRows / total) : finished ? 1 : undefined;

  const stop = async () => {
    try {
      setLive(await cancel(id).unwrap());
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <section className="contacts-import-progress" aria-label={t("progress.title")}>
      <H5>
        {current.source === "whatsapp" ? t("progress.whatsapp") : current.fileName}{" "}
        <Tag minimal intent={statusIntent(current.status)}>
          {t(`status.${current.status}`)}
        </Tag>
      </H5>
      <ProgressBar value={share} intent={statusIntent(current.status)} stripes={!finished} animate={!finished} aria-label={t("progress.bar")} />
      <p className="contacts-import-rows">{total === null ? t("progress.counting") : t("progress.rows", { done: fmt(current.processedRows), total: fmt(total) })}</p>
      <div className="contacts-import-counts">
        <Tag large minimal intent={Intent.SUCCESS}>
          {t("counts.created", { count: current.created, n: fmt(current.created) })}
        </Tag>
        <Tag large minimal intent={Intent.PRIMARY}>
          {t("counts.updated", { count: current.updated, n: fmt(current.updated) })}
        </Tag>
        <Tag large minimal intent={current.failed ? Intent.DANGER : Intent.NONE}>
          {t("counts.failed", { count: current.failed, n: fmt(current.failed) })}
        </Tag>
      </div>
      {current.status === "failed" ? (
        <Callout intent={Intent.DANGER} icon="error">
          {t(`errors.${current.error}`, { defaultValue: t("progress.failed") })}
        </Callout>
      ) : null}
      {finished ? <RowErrors id={id} failed={current.failed} /> : null}
      <div className="contacts-import-buttons">
        {finished ? (
          <>
            <Button text={t("result.another")} icon="import" onClick={onAnother} />
            <Button intent={Intent.PRIMARY} icon="people" text={t("result.contacts")} onClick={() => navigate("/contacts")} />
          </>
        ) : (
          <Button intent={Intent.WARNING} icon="stop" text={t("progress.cancel")} loading={cancelling.isLoading} onClick={stop} />
        )}
      </div>
    </section>
  );
}

/** The refused rows: line, field, the rule's message and the cell as written. */
function RowErrors({ id, failed }: { id: number; failed: number }) {
  const { t } = useTranslation("contacts-import");
  const fmt = useNumber();
  const { data, isFetching } = useGetContactImportErrorsQuery(id, { skip: failed === 0 });
  if (failed === 0) return <p className="contacts-import-note">{t("result.noErrors")}</p>;
  if (!data) return isFetching ? <LoadingState /> : null;
  return (
    <div className="contacts-import-errors">
      <H5>{t("result.errorsTitle", { count: fmt(data.count) })}</H5>
      {data.count > data.errors.length ? <p className="contacts-import-note">{t("result.firstErrors", { shown: fmt(data.errors.length), count: fmt(data.count) })}</p> : null}
      <HTMLTable compact striped aria-label={t("result.errorsTitle", { count: fmt(data.count) })}>
        <thead>
          <tr>
            <th>{t("result.line")}</th>
            <th>{t("result.field")}</th>
            <th>{t("result.message")}</th>
            <th>{t("result.value")}</th>
          </tr>
        </thead>
        <tbody>
          {data.errors.map((e) => (
            // One refused row per line: the line is the key.
            <tr key={`${e.line}-${e.field}`}>
              <td>{e.line}</td>
              <td>{rowField(t, e.field)}</td>
              <td>{rowMessage(t, e.message)}</td>
              <td>{e.value}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
