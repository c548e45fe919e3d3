import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import type { SessionStatus, SessionUser } from "./types.ts";

export interface SessionState {
  status: SessionStatus;
  token: string | null;
  user: SessionUser | null;
}

const initialState: SessionState = { status: "booting", token: null, user: null };

/** Who is signed in. The token is mirrored in localStorage by the session actions, not here (reducers stay pure). */
export const sessionSlice = createSlice({
  name: "session",
  initialState,
  reducers: {
    /** `fresh` marks a new sign-in (login or startup), as opposed to a token refresh mid-visit. */
    signedIn(state, action: PayloadAction<{ token: string; user: SessionUser; fresh?: boolean }>) {
      state.status = "signedIn";
      state.token = action.payload.token;
      state.user = action.payload.user;
    },
    /** A newer copy of the user (refresh, `/auth/me`, a realtime update of oneself). */
    userUpdated(state, action: PayloadAction<Partial<SessionUser>>) {
      if (state.user) state.user = { ...state.user, ...action.payload };
    },
    signedOut(state) {
      state.status = "anonymous";
      state.token = null;
      state.user = null;
    },
  },
  selectors: {
    selectSession: (state) => state,
    selectUser: (state) => state.user,
    selectStatus: (state) => state.status,
  },
});

export const { signedIn, userUpdated, signedOut } = sessionSlice.actions;
export const { selectSession, selectUser, selectStatus } = sessionSlice.selectors;
