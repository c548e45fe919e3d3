import { api } from "../../../web/src/api/api.ts";

const seg = encodeURIComponent;

export const passwordResetApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Mails a 6-digit code; 404 when the e-mail is unknown. */
    requestResetCode: build.mutation<{ message: string }, string>({
      query: (email) => ({ url: `/forgetpassword/${seg(email)}`, method: "POST" }),
    }),
    /** The spec's contract carries everything in the path, so each part is encoded. */
    resetPassword: build.mutation<{ message: string }, { email: string; token: string; newPassword: string }>({
      query: ({ email, token, newPassword }) => ({ url: `/resetpasswords/${seg(email)}/${seg(token)}/${seg(newPassword)}`, method: "POST" }),
    }),
  }),
});

export const { useRequestResetCodeMutation, useResetPasswordMutation } = passwordResetApi;
