import { Button, NonIdealState } from "@blueprintjs/core";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { i18n } from "../i18n/i18n.ts";

interface Props {
  children: ReactNode;
  /** Changing it clears a caught error (the shell passes the path, so navigating away recovers). */
  resetKey?: unknown;
}

/** Keeps a failing page (or a chunk that failed to download) from blanking the whole app. */
export class ErrorBoundary extends Component<Props, { error: Error | null; key: unknown }> {
  override state: { error: Error | null; key: unknown } = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: Error | null; key: unknown }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("page failed to render", error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="app-state app-state-fill">
        <NonIdealState
          icon="error"
          title={i18n.t("errors.generic", { ns: "common" })}
          description={this.state.error.message}
          action={<Button icon="refresh" text={i18n.t("actions.retry", { ns: "common" })} onClick={() => window.location.reload()} />}
        />
      </div>
    );
  }
}
