import { z } from "@hono/zod-openapi";
import { routeFactory } from "../../../core/http/route.ts";
import { errorResponse, IdParam, jsonBody as body, jsonResponse as json, MessageSchema } from "../../../core/http/schemas.ts";
import { manifest } from "../plugin.ts";
import {
  FlowCampaign,
  FlowCampaignCreate,
  FlowCampaignList,
  FlowCampaignOne,
  FlowCampaignUpdate,
  FlowCreate,
  FlowDuplicate,
  FlowGraphBody,
  FlowPage,
  FlowQuery,
  FlowRecord,
  FlowRename,
  FlowVersion,
  FlowWithGraph,
  MediaUpload,
  UploadedList,
  UploadedName,
  VersionParams,
} from "./flows.schemas.ts";

const route = routeFactory(manifest);
const notFound = { 404: errorResponse("ERR_NO_FLOW_FOUND (or another company's)") };
const campaignNotFound = { 404: errorResponse("ERR_NO_FLOW_CAMPAIGN_FOUND (or another company's)") };
const multipart = { body: { content: { "multipart/form-data": { schema: MediaUpload } }, required: true } };
const tooLarge = { 413: errorResponse("ERR_PAYLOAD_TOO_LARGE (image 2 MB, audio 5 MB, video 20 MB)"), 415: errorResponse("ERR_UNSUPPORTED_MEDIA_TYPE") };

export const list = route({
  method: "get",
  path: "/flowbuilder",
  access: "user",
  description: "A page of 20 of the company's flows, newest first; searchParam matches the name.",
  request: { query: FlowQuery },
  responses: { 200: json(FlowPage, "A page of flows") },
});

export const create = route({
  method: "post",
  path: "/flowbuilder",
  access: "admin",
  request: body(FlowCreate),
  responses: { 200: json(FlowRecord, "The new flow (active, no graph yet)") },
});

export const rename = route({
  method: "put",
  path: "/flowbuilder",
  access: "admin",
  request: body(FlowRename),
  responses: { 200: json(FlowRecord, "The renamed flow"), ...notFound },
});

export const duplicate = route({
  method: "post",
  path: "/flowbuilder/duplicate",
  access: "admin",
  request: body(FlowDuplicate),
  responses: { 200: json(FlowRecord, "The copy, with the published graph as its first version"), ...notFound },
});

export const show = route({
  method: "get",
  path: "/flowbuilder/{id}",
  access: "user",
  request: { params: IdParam },
  responses: { 200: json(FlowRecord, "One flow"), ...notFound },
});

export const remove = route({
  method: "delete",
  path: "/flowbuilder/{id}",
  access: "admin",
  description: "Deletes the flow, its versions and its phrase campaigns; conversations running it end at their next turn.",
  request: { params: IdParam },
  responses: { 200: json(MessageSchema, "Deleted"), ...notFound },
});

export const graph = route({
  method: "get",
  path: "/flowbuilder/flow/{id}",
  access: "user",
  request: { params: IdParam },
  responses: { 200: json(FlowWithGraph, "The flow with its published nodes and connections in flow.flow (null when never saved)"), ...notFound },
});

export const saveGraph = route({
  method: "post",
  path: "/flowbuilder/flow",
  access: "admin",
  description:
    "Saves the editor's graph as the flow's next version and publishes it (conversations already running stay on their version). Known node types only, unique node ids, edges between existing nodes, at most 2,000 nodes and 10,000 connections, texts of at most 4,096 characters: else ERR_VALIDATION naming the field.",
  request: body(FlowGraphBody),
  responses: { 200: json(FlowWithGraph, "The flow with the graph just published"), ...notFound },
});

export const versions = route({
  method: "get",
  path: "/flowbuilder/{id}/versions",
  access: "user",
  request: { params: IdParam },
  responses: { 200: json(z.array(FlowVersion), "The flow's saved versions, newest first"), ...notFound },
});

export const restore = route({
  method: "post",
  path: "/flowbuilder/{id}/versions/{versionId}/restore",
  access: "admin",
  request: { params: VersionParams },
  responses: { 200: json(FlowWithGraph, "The earlier graph, published again as a new version"), ...notFound },
});

const upload = (path: "/flowbuilder/img" | "/flowbuilder/audio" | "/flowbuilder/video", what: string) =>
  route({
    method: "post",
    path,
    access: "admin",
    description: `Stores ${what} for a flow node (multipart field medias or file); answers its stored name, used as the node's url.`,
    request: multipart,
    responses: { 200: json(UploadedName, "The stored file"), ...tooLarge },
  });

export const uploadImg = upload("/flowbuilder/img", "an image (png, jpg, jpeg; at most 2 MB)");
export const uploadAudio = upload("/flowbuilder/audio", "an audio (ogg, mp3, opus; at most 5 MB; the video dialog also posts here, mp4 up to 5 MB)");
export const uploadVideo = upload("/flowbuilder/video", "a video (mp4; at most 20 MB)");

export const uploadContent = route({
  method: "post",
  path: "/flowbuilder/content",
  access: "admin",
  description: "Stores the content dialog's media (repeated medias; images, audio, video up to 20 MB each); answers each stored file in order.",
  request: multipart,
  responses: { 200: json(UploadedList, "The stored files, in the order sent"), ...tooLarge },
});

export const campaignList = route({
  method: "get",
  path: "/flowcampaign",
  access: "user",
  responses: { 200: json(FlowCampaignList, "The company's phrase campaigns") },
});

export const campaignShow = route({
  method: "get",
  path: "/flowcampaign/{id}",
  access: "user",
  request: { params: IdParam },
  responses: { 200: json(FlowCampaignOne, "One phrase campaign"), ...campaignNotFound },
});

export const campaignCreate = route({
  method: "post",
  path: "/flowcampaign",
  access: "admin",
  description: "A phrase that starts a flow: a customer message equal to it (trimmed, case and accents ignored) on the connection (or any, when none) while the campaign is on.",
  request: body(FlowCampaignCreate),
  responses: { 200: json(FlowCampaign, "The new phrase campaign") },
});

export const campaignUpdate = route({
  method: "put",
  path: "/flowcampaign",
  access: "admin",
  request: body(FlowCampaignUpdate),
  responses: { 200: json(FlowCampaign, "The updated phrase campaign"), ...campaignNotFound },
});

export const campaignRemove = route({
  method: "delete",
  path: "/flowcampaign/{id}",
  access: "user",
  rule: "contacts-page:deleteContact",
  request: { params: IdParam },
  responses: { 200: json(MessageSchema, "Deleted"), ...campaignNotFound },
});
