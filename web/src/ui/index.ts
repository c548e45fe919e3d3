/** The shell's UI kit for plugin pages. */
export { ConfirmDialog, type ConfirmDialogProps } from "./confirm-dialog.tsx";
export { EmptyState, type EmptyStateProps } from "./empty-state.tsx";
export { ErrorBoundary } from "./error-boundary.tsx";
export { daysUntil, formatDate, formatDateTime, formatTime, toDate, type DateInput } from "./format-date.ts";
export { LoadingState } from "./loading-state.tsx";
export { NoAccess } from "./no-access.tsx";
export { PageLayout, type PageLayoutProps } from "./page-layout.tsx";
export { clearToasts, errorMessage, toastError, toastInfo, toastSuccess, toastWarning, TOAST_TIMEOUT_MS } from "./toast.ts";
export { useConfirmedAction, type ConfirmedActionOptions } from "./use-confirmed-action.ts";
export { SEARCH_DEBOUNCE_MS, useDebouncedValue } from "./use-debounced-value.ts";
export { INFINITE_SCROLL_MARGIN_PX, useInfiniteScroll, type InfiniteScrollOptions } from "./use-infinite-scroll.ts";
export { useRecordEditor, type RecordEditorOptions } from "./use-record-editor.ts";
export { useLiveList, type LiveListOptions, type LivePage, type PageQueryHook } from "./use-live-list.ts";
export { useRecordDialog, type FieldErrors, type RecordDialogOptions, type RecordQueryHook } from "./use-record-dialog.ts";
export { RecordDialog, type RecordDialogProps } from "./record-dialog.tsx";
export { refusalOf, validationFields, type Refusal } from "./refusal.ts";
export { SearchAndAdd, type SearchAndAddProps } from "./search-and-add.tsx";
export { ListFooter } from "./list-footer.tsx";
export { BadgedIconButton, type BadgedIconButtonProps } from "./badged-icon-button.tsx";
export { ColorChips, type ColorChip, type ColorChipsProps } from "./color-chips.tsx";
export {
  fullWeek,
  hasProblems,
  officeHoursProblems,
  OfficeHoursEditor,
  OFFICE_HOURS_TIME_KEYS,
  type OfficeHoursEditorProps,
  type OfficeHoursProblems,
  type OfficeHoursTimeKey,
} from "./office-hours-editor.tsx";
