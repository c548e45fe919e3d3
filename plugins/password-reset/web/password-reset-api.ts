import { api, type MessageAnswer } from "../../../web/src/api/api.ts";

const seg = encodeURIComponent;

export const passwordResetApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Mails a 6-digit code when the e-mail has an account; the answer is the same either way. */
    requestResetCode: build.mutation<MessageAnswer, string>({
      query: (email) => ({ url: `/forgetpassword/${seg(email)}`, method: "POST" }),
    }),
    /** The body form: the new password never travels in a URL (the spec's path form is for older clients). */
    resetPassword: build.mutation<MessageAnswer, { email: string; token: string; newPassword: string }>({
      query: (body) => ({ url: "/resetpasswords", method: "POST", body }),
    }),
  }),
});

export const { useRequestResetCodeMutation, useResetPasswordMutation } = passwordResetApi;
