import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import { signedIn } from "../session/session-slice.ts";

export type Theme = "light" | "dark";

export interface UiState {
  theme: Theme;
  /** Whether the side menu is expanded (240 px) or collapsed to icons. */
  menuOpen: boolean;
}

/** Before anyone signs in, the login page follows the system's colour preference. */
function systemTheme(): Theme {
  try {
    return globalThis.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  } catch {
    return "light";
  }
}

function narrowScreen(): boolean {
  return typeof window !== "undefined" && typeof window.innerWidth === "number" && window.innerWidth < 768;
}

/** Shell preferences for the current visit; signing in resets them to the user's defaults. */
export const uiSlice = createSlice({
  name: "ui",
  initialState: (): UiState => ({ theme: systemTheme(), menuOpen: !narrowScreen() }),
  reducers: {
    themeSet(state, action: PayloadAction<Theme>) {
      state.theme = action.payload;
    },
    themeToggled(state) {
      state.theme = state.theme === "dark" ? "light" : "dark";
    },
    menuSet(state, action: PayloadAction<boolean>) {
      state.menuOpen = action.payload;
    },
    menuToggled(state) {
      state.menuOpen = !state.menuOpen;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedIn, (state, action) => {
      const { defaultTheme, defaultMenu } = action.payload.user;
      // A token refresh signs in again with the same user: keep what the user chose this visit.
      if (action.payload.fresh) {
        state.theme = defaultTheme === "dark" ? "dark" : "light";
        state.menuOpen = defaultMenu !== "closed" && !narrowScreen();
      }
    });
  },
  selectors: {
    selectTheme: (state) => state.theme,
    selectMenuOpen: (state) => state.menuOpen,
  },
});

export const { themeSet, themeToggled, menuSet, menuToggled } = uiSlice.actions;
export const { selectTheme, selectMenuOpen } = uiSlice.selectors;
