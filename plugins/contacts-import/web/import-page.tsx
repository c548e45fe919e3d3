import { Button } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { useCompanyEvent } from "../../../web/src/realtime/realtime.ts";
import { PageLayout } from "../../../web/src/ui/page-layout.tsx";
import { useAppDispatch } from "../../../web/src/store/store.ts";
import type { ImportEvent } from "../shared/import-types.ts";
import { contactsImportApi, type ImportPreview, useGetContactImportsQuery } from "./contacts-import-api.ts";
import { FileStep } from "./file-step.tsx";
import { ImportHistory } from "./import-history.tsx";
import { ImportProgress } from "./import-progress.tsx";
import { MappingStep } from "./mapping-step.tsx";
import "./contacts-import.css";

/**
 * /contacts/import (spec 002 §2.1): pick a spreadsheet (or a connected WhatsApp), map its
 * columns on a preview, start, watch the progress bar, read the refused rows by line. A page
 * opened while an import of the company runs shows that import.
 */
export function ContactsImportPage() {
  const { t } = useTranslation("contacts-import");
  const [, navigate] = useLocation();
  const dispatch = useAppDispatch();
  const history = useGetContactImportsQuery();
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [watching, setWatching] = useState<number | null>(null);
  const [picked, setPicked] = useState(false);
  // Rows of the list follow the events; an import the list does not hold yet loads it again.
  useCompanyEvent("contactImport", (payload) => {
    const changed = (payload as ImportEvent | null)?.contactImport;
    if (!changed) return;
    if (!history.data?.imports.some((i) => i.id === changed.id)) void history.refetch();
    else
      dispatch(
        contactsImportApi.util.updateQueryData("getContactImports", undefined, (draft) => void (draft.imports = draft.imports.map((i) => (i.id === changed.id ? changed : i)))),
      );
  });
  useEffect(() => {
    if (picked || watching !== null || preview) return;
    const running = history.data?.imports.find((i) => i.status === "queued" || i.status === "running");
    if (running) setWatching(running.id);
  }, [history.data, picked, watching, preview]);

  const restart = () => {
    setPicked(true);
    setWatching(null);
    setPreview(null);
  };
  const watch = (id: number) => {
    setPicked(true);
    setPreview(null);
    setWatching(id);
  };

  return (
    <PageLayout title={t("title")} actions={<Button icon="arrow-left" text={t("back")} onClick={() => navigate("/contacts")} />}>
      {watching !== null ? (
        <ImportProgress id={watching} onAnother={restart} />
      ) : preview ? (
        <MappingStep preview={preview} onStarted={(started) => watch(started.id)} onDiscard={restart} />
      ) : (
        <FileStep onPreview={setPreview} onStarted={(started) => watch(started.id)} />
      )}
      <ImportHistory imports={history.data?.imports ?? []} onOpen={watch} />
    </PageLayout>
  );
}

export default ContactsImportPage;
