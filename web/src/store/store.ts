import { combineSlices, configureStore } from "@reduxjs/toolkit";
import { setupListeners } from "@reduxjs/toolkit/query";
import { useDispatch, useSelector } from "react-redux";
import { api } from "../api/api.ts";
import { sessionSlice } from "../session/session-slice.ts";
import { uiSlice } from "./ui-slice.ts";

/**
 * Plugins add their slices' state types here by declaration merging, then inject the
 * slice with `mySlice.injectInto(rootReducer)`:
 * @example
 *   declare module "../../../web/src/store/store.ts" {
 *     interface LazyLoadedSlices extends WithSlice<typeof todoSlice> {}
 *   }
 */
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(api, sessionSlice, uiSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

/** A store over the one root reducer; tests make their own with a preloaded session. */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;

export const store: AppStore = makeStore();
setupListeners(store.dispatch);

export type AppDispatch = AppStore["dispatch"];
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
