import { type ComponentType, createElement, type LazyExoticComponent } from "react";
import { Redirect } from "wouter";
import { useSession } from "../../../web/src/session/session.ts";
import { CAMPAIGNS_ENABLED_SETTING, campaignsEnabledOf } from "../campaigns.contract.ts";

/**
 * The Campanhas menu and pages show only for a company whose `campaignsEnabled` setting is
 * "true" (spec 001 §3 company settings; off by default), read from the session's company
 * settings as other setting-driven menus are. The plan's `useCampaigns` is the manifest's
 * planFlag, checked by the shell before this.
 */
export function useCampaignsEnabled(): boolean {
  return campaignsEnabledOf(useSession().settings[CAMPAIGNS_ENABLED_SETTING]);
}

/** A campaigns page behind the setting: the page when on, the home page when off (a bookmark of a company that turned campaigns off). */
// biome-ignore lint/suspicious/noExplicitAny: the shell renders each page with its route params
export function gated(Page: LazyExoticComponent<ComponentType<any>>): ComponentType<any> {
  // biome-ignore lint/suspicious/noExplicitAny: as above
  return function CampaignsPage(props: any) {
    return useCampaignsEnabled() ? createElement(Page, props) : createElement(Redirect, { to: "/" });
  };
}
