import { api, type MessageAnswer } from "../../../web/src/api/api.ts";

const seg = encodeURIComponent;

export const passwordResetApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Mails a 6-digit code; 404 when the e-mail is unknown. */
    requestResetCode: build.mutation<MessageAnswer, string>({
      query: (email) => ({ url: `/forgetpassword/${seg(email)}`, method: "POST" }),
    }),
    /** The spec's contract carries everything in the path, so each part is encoded. */
    resetPassword: build.mutation<MessageAnswer, { email: string; token: string; newPassword: string }>({
      query: ({ email, token, newPassword }) => ({ url: `/resetpasswords/${seg(email)}/${seg(token)}/${seg(newPassword)}`, method: "POST" }),
    }),
  }),
});

export const { useRequestResetCodeMutation, useResetPasswordMutation } = passwordResetApi;
