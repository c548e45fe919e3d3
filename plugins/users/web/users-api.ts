import { api, type MessageAnswer } from "../../../web/src/api/api.ts";
import type { QueueChoice, User, UserChanges, UserPage, UserPayload } from "../shared/user-types.ts";

export type { QueueChoice, Toggle, User, UserChanges, UserPage, UserPayload } from "../shared/user-types.ts";

const tagged = api.enhanceEndpoints({ addTagTypes: ["User"] });

/** The users plugin's calls (spec 001 §7 'Users'). */
export const usersApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getUsersPage: build.query<UserPage, { searchParam: string; pageNumber: number }>({
      query: ({ searchParam, pageNumber }) => ({ url: "/users/", params: { searchParam, pageNumber } }),
      // pages are merged by the list itself (infinite scroll + live events); never serve a stale page
      keepUnusedDataFor: 0,
    }),
    getUser: build.query<User, number>({
      query: (id) => `/users/${id}`,
      providesTags: (_r, _e, id) => [{ type: "User", id }],
    }),
    createUser: build.mutation<User, UserPayload>({
      query: (body) => ({ url: "/users", method: "POST", body }),
    }),
    updateUser: build.mutation<User, { id: number } & UserChanges>({
      query: ({ id, ...body }) => ({ url: `/users/${id}`, method: "PUT", body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: "User", id }],
    }),
    deleteUser: build.mutation<MessageAnswer, number>({
      query: (id) => ({ url: `/users/${id}`, method: "DELETE" }),
    }),
    uploadAvatar: build.mutation<User, { id: number; file: File }>({
      query: ({ id, file }) => {
        const body = new FormData();
        body.set("userId", String(id));
        body.set("typeArch", "user");
        body.set("profileImage", file);
        return { url: `/users/${id}/media-upload`, method: "POST", body };
      },
      invalidatesTags: (_r, _e, { id }) => [{ type: "User", id }],
    }),
    /** The company's queues for the dialog; fails (404) when the queues plugin is not installed. */
    getQueueChoices: build.query<QueueChoice[], void>({
      query: () => "/queue",
      keepUnusedDataFor: 0,
    }),
    setTicketsWidth: build.mutation<User, { id: number; width: number }>({
      query: ({ id, width }) => ({ url: `/users/toggleChangeWidht/${id}`, method: "PUT", body: { defaultTicketsManagerWidth: width } }),
    }),
  }),
});

export const {
  useGetUsersPageQuery,
  useGetUserQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useDeleteUserMutation,
  useUploadAvatarMutation,
  useSetTicketsWidthMutation,
  useGetQueueChoicesQuery,
} = usersApi;
