/**
 * The tables of a Whaticket-SaaS-family Postgres database the importer maps, with the shapes
 * that product's migrations leave (quoted CamelCase, timestamptz, jsonb), from
 * /work/shared/importer/source-schema.md. Only what the tests and the bench need; forks drift,
 * so the importer reads the real columns by introspection anyway.
 */
const ts = `"createdAt" timestamptz NOT NULL DEFAULT now(), "updatedAt" timestamptz NOT NULL DEFAULT now()`;

export const SOURCE_DDL = `
CREATE TABLE "Plans" (id serial PRIMARY KEY, name varchar NOT NULL, users int DEFAULT 0, connections int DEFAULT 0, queues int DEFAULT 0, ${ts},
  amount varchar, "useFacebook" boolean DEFAULT true, "useInstagram" boolean DEFAULT true, "useWhatsapp" boolean DEFAULT true, "useCampaigns" boolean DEFAULT true,
  "useExternalApi" boolean DEFAULT true, "useInternalChat" boolean DEFAULT true, "useSchedules" boolean DEFAULT true, "useKanban" boolean DEFAULT true,
  "isPublic" boolean NOT NULL DEFAULT true, recurrence varchar, trial boolean DEFAULT false, "trialDays" int DEFAULT 0, "useOpenAi" boolean DEFAULT true, "useIntegrations" boolean DEFAULT true);
CREATE TABLE "Companies" (id serial PRIMARY KEY, name varchar NOT NULL, phone varchar, email varchar, ${ts}, "planId" int, status boolean DEFAULT true,
  schedules jsonb DEFAULT '[]'::jsonb, "dueDate" timestamptz, recurrence varchar DEFAULT '', document varchar DEFAULT '', "paymentMethod" varchar DEFAULT '',
  "lastLogin" timestamptz, "folderSize" varchar, "numberFileFolder" varchar, "updatedAtFolder" varchar);
CREATE TABLE "Users" (id serial PRIMARY KEY, name varchar NOT NULL, email varchar NOT NULL, "passwordHash" varchar NOT NULL, ${ts},
  profile varchar NOT NULL DEFAULT 'admin', "tokenVersion" int NOT NULL DEFAULT 0, "companyId" int, super boolean DEFAULT false, online boolean DEFAULT false,
  "endWork" varchar DEFAULT '23:59', "startWork" varchar DEFAULT '00:00', color varchar, "farewellMessage" text, "whatsappId" int,
  "allTicket" varchar NOT NULL DEFAULT 'disable', "allowGroup" boolean NOT NULL DEFAULT false, "defaultMenu" varchar NOT NULL DEFAULT 'closed',
  "defaultTheme" varchar NOT NULL DEFAULT 'light', "profileImage" varchar, "allHistoric" varchar NOT NULL DEFAULT 'disabled',
  "allUserChat" varchar NOT NULL DEFAULT 'disabled', "userClosePendingTicket" varchar NOT NULL DEFAULT 'enabled', "showDashboard" varchar NOT NULL DEFAULT 'disabled',
  "defaultTicketsManagerWidth" int NOT NULL DEFAULT 550, "allowRealTime" varchar NOT NULL DEFAULT 'disabled', "allowConnections" varchar NOT NULL DEFAULT 'disabled');
CREATE TABLE "Queues" (id serial PRIMARY KEY, name varchar NOT NULL, color varchar NOT NULL, "greetingMessage" text, ${ts}, "companyId" int,
  schedules jsonb DEFAULT '[]'::jsonb, "outOfHoursMessage" text, "orderQueue" int, "tempoRoteador" int NOT NULL DEFAULT 0, "ativarRoteador" boolean NOT NULL DEFAULT false,
  "integrationId" int, "fileListId" int, "closeTicket" boolean NOT NULL DEFAULT false);
CREATE TABLE "QueueOptions" (id serial PRIMARY KEY, title varchar NOT NULL, message text, option text, "queueId" int, "parentId" int, ${ts});
CREATE TABLE "UserQueues" ("userId" int NOT NULL, "queueId" int NOT NULL, ${ts}, PRIMARY KEY ("userId", "queueId"));
CREATE TABLE "Chatbots" (id serial PRIMARY KEY, name varchar NOT NULL, "queueId" int, "chatbotId" int, "greetingMessage" text, ${ts}, "isAgent" boolean DEFAULT false,
  "optQueueId" int, "optUserId" int, "queueType" varchar NOT NULL DEFAULT 'text', "optIntegrationId" int, "optFileId" int, "closeTicket" boolean NOT NULL DEFAULT false);
CREATE TABLE "Whatsapps" (id serial PRIMARY KEY, session text, qrcode text, status varchar, battery varchar, plugged boolean, ${ts}, name varchar NOT NULL,
  "isDefault" boolean NOT NULL DEFAULT false, retries int NOT NULL DEFAULT 0, "greetingMessage" text, "companyId" int, "complationMessage" text,
  "outOfHoursMessage" text, token text, "farewellMessage" text, provider text DEFAULT 'stable', number text, channel text, "maxUseBotQueues" int,
  "expiresTicket" int DEFAULT 0, "allowGroup" boolean NOT NULL DEFAULT false, "timeUseBotQueues" varchar NOT NULL DEFAULT '0', "timeSendQueue" int, "sendIdQueue" int,
  "expiresInactiveMessage" text, "inactiveMessage" varchar DEFAULT '', "expiresTicketNPS" varchar DEFAULT '', "timeInactiveMessage" varchar DEFAULT '',
  "whenExpiresTicket" varchar DEFAULT '', "maxUseBotQueuesNPS" int DEFAULT 0, "ratingMessage" text, "groupAsTicket" varchar NOT NULL DEFAULT 'disabled',
  "timeCreateNewTicket" int, "greetingMediaAttachment" varchar, "promptId" int, "integrationId" int, schedules jsonb DEFAULT '[]'::jsonb,
  "collectiveVacationEnd" varchar, "collectiveVacationMessage" text, "collectiveVacationStart" varchar, "flowIdNotPhrase" int, "flowIdWelcome" int);
CREATE TABLE "WhatsappQueues" ("whatsappId" int NOT NULL, "queueId" int NOT NULL, ${ts}, PRIMARY KEY ("whatsappId", "queueId"));
CREATE TABLE "Contacts" (id serial PRIMARY KEY, name varchar NOT NULL, number varchar NOT NULL, "profilePicUrl" text, ${ts}, email varchar NOT NULL DEFAULT '',
  "isGroup" boolean NOT NULL DEFAULT false, "companyId" int, "acceptAudioMessage" boolean NOT NULL DEFAULT true, channel text DEFAULT 'whatsapp',
  active boolean DEFAULT true, "disableBot" boolean NOT NULL DEFAULT false, "remoteJid" varchar, "lgpdAcceptedAt" timestamptz, "urlPicture" text,
  "pictureUpdated" boolean NOT NULL DEFAULT false, "whatsappId" int);
CREATE TABLE "ContactCustomFields" (id serial PRIMARY KEY, name varchar NOT NULL, value varchar NOT NULL, "contactId" int NOT NULL, ${ts});
CREATE TABLE "Tags" (id serial PRIMARY KEY, name varchar NOT NULL, color varchar, "companyId" int NOT NULL, ${ts}, kanban int, "timeLane" int DEFAULT 0,
  "nextLaneId" int, "greetingMessageLane" text, "rollbackLaneId" int DEFAULT 0);
CREATE TABLE "ContactTags" ("contactId" int NOT NULL, "tagId" int NOT NULL, ${ts});
CREATE TABLE "ContactWallets" (id serial PRIMARY KEY, "walletId" int NOT NULL, "contactId" int NOT NULL, "companyId" int NOT NULL, ${ts});
CREATE TABLE "Tickets" (id serial PRIMARY KEY, status varchar NOT NULL DEFAULT 'pending', "lastMessage" text DEFAULT '', "contactId" int, "userId" int, ${ts},
  "whatsappId" int, "isGroup" boolean NOT NULL DEFAULT false, "unreadMessages" int, "queueId" int, "companyId" int, uuid uuid, "queueOptionId" int,
  chatbot boolean DEFAULT false, "isBot" boolean, channel text DEFAULT 'whatsapp', "amountUsedBotQueues" int, "fromMe" boolean NOT NULL DEFAULT false,
  "lgpdAcceptedAt" timestamptz, imported timestamptz, "dataWebhook" json, "typebotSessionTime" timestamptz);
CREATE TABLE "TicketTraking" (id serial PRIMARY KEY, "ticketId" int, "companyId" int, "whatsappId" int, "userId" int, "createdAt" timestamptz, "updatedAt" timestamptz,
  "queuedAt" timestamptz, "startedAt" timestamptz, "finishedAt" timestamptz, "ratingAt" timestamptz, rated boolean DEFAULT false, "closedAt" timestamptz,
  "chatbotAt" timestamptz, "queueId" int);
CREATE TABLE "TicketTags" ("ticketId" int NOT NULL, "tagId" int NOT NULL, ${ts});
CREATE TABLE "UserRatings" (id serial PRIMARY KEY, "ticketId" int, "companyId" int, "userId" int, rate int DEFAULT 0, "createdAt" timestamptz, "updatedAt" timestamptz);
CREATE TABLE "LogTickets" (id serial PRIMARY KEY, "userId" int, "ticketId" int NOT NULL, "queueId" int, type varchar NOT NULL, ${ts});
CREATE TABLE "TicketNotes" (id serial PRIMARY KEY, note varchar NOT NULL, "userId" int, "contactId" int NOT NULL, "ticketId" int, ${ts});
CREATE TABLE "Messages" (body text NOT NULL, ack int NOT NULL DEFAULT 0, read boolean NOT NULL DEFAULT false, "mediaType" varchar, "mediaUrl" varchar,
  "ticketId" int NOT NULL, ${ts}, "fromMe" boolean NOT NULL DEFAULT false, "isDeleted" boolean NOT NULL DEFAULT false, "contactId" int, "companyId" int,
  "remoteJid" text, "dataJson" text, participant text, "queueId" int, "ticketTrakingId" int, "quotedMsgId" int, wid varchar, id serial PRIMARY KEY,
  "isPrivate" boolean DEFAULT false, "isEdited" boolean DEFAULT false, "isForwarded" boolean DEFAULT false);
CREATE TABLE "QuickMessages" (id serial PRIMARY KEY, shortcode varchar NOT NULL, message text, "companyId" int, ${ts}, "userId" int, "mediaPath" varchar,
  "mediaName" varchar, geral boolean NOT NULL DEFAULT false, visao boolean DEFAULT true);
CREATE TABLE "Settings" (key varchar NOT NULL, value text NOT NULL, ${ts}, "companyId" int, id serial PRIMARY KEY);
CREATE TABLE "CompaniesSettings" (id serial PRIMARY KEY, "companyId" int NOT NULL, "hoursCloseTicketsAuto" varchar NOT NULL, "chatBotType" varchar NOT NULL,
  "acceptCallWhatsapp" varchar NOT NULL, "userRandom" varchar NOT NULL, "sendGreetingMessageOneQueues" varchar NOT NULL, "sendSignMessage" varchar NOT NULL,
  "sendFarewellWaitingTicket" varchar NOT NULL, "userRating" varchar NOT NULL, "sendGreetingAccepted" varchar NOT NULL, "CheckMsgIsGroup" varchar NOT NULL,
  "sendQueuePosition" varchar NOT NULL, "scheduleType" varchar NOT NULL, "acceptAudioMessageContact" varchar NOT NULL, "enableLGPD" varchar NOT NULL,
  "sendMsgTransfTicket" varchar NOT NULL, "requiredTag" varchar NOT NULL, "lgpdDeleteMessage" varchar NOT NULL, "lgpdHideNumber" varchar NOT NULL,
  "lgpdConsent" varchar NOT NULL, "lgpdLink" varchar, "lgpdMessage" text, ${ts}, "DirectTicketsToWallets" boolean DEFAULT false,
  "closeTicketOnTransfer" boolean DEFAULT false, "transferMessage" text DEFAULT '', "greetingAcceptedMessage" text DEFAULT '',
  "AcceptCallWhatsappMessage" text DEFAULT '', "sendQueuePositionMessage" text DEFAULT '', "showNotificationPending" boolean NOT NULL DEFAULT false);
CREATE TABLE "Schedules" (id serial PRIMARY KEY, body text NOT NULL, "sendAt" timestamptz, "sentAt" timestamptz, "contactId" int, "ticketId" int, "userId" int,
  "companyId" int, ${ts}, status varchar, "whatsappId" int, "statusTicket" varchar DEFAULT 'closed', "queueId" int, "ticketUserId" int,
  "openTicket" varchar DEFAULT 'disabled', "mediaName" varchar, "mediaPath" varchar, intervalo int DEFAULT 1, "tipoDias" int DEFAULT 4, assinar boolean DEFAULT false,
  "valorIntervalo" int DEFAULT 0, "enviarQuantasVezes" int DEFAULT 1, "contadorEnvio" int DEFAULT 0);
CREATE TABLE "Chats" (id serial PRIMARY KEY, title text DEFAULT '', uuid varchar DEFAULT '', "ownerId" int NOT NULL, "lastMessage" text, "companyId" int NOT NULL, ${ts});
CREATE TABLE "ChatUsers" (id serial PRIMARY KEY, "chatId" int NOT NULL, "userId" int NOT NULL, unreads int DEFAULT 0, ${ts});
CREATE TABLE "ChatMessages" (id serial PRIMARY KEY, "chatId" int NOT NULL, "senderId" int NOT NULL, message text DEFAULT '', "mediaPath" text, "mediaName" text, ${ts});
CREATE TABLE "Announcements" (id serial PRIMARY KEY, priority int, title varchar NOT NULL, text text NOT NULL, "mediaPath" text, "mediaName" text, "companyId" int NOT NULL,
  status boolean, ${ts});
CREATE TABLE "Helps" (id serial PRIMARY KEY, title varchar NOT NULL, description text, video varchar, link text, ${ts});
CREATE TABLE "Invoices" (id serial PRIMARY KEY, "companyId" int NOT NULL, "dueDate" varchar, detail varchar, status varchar, value double precision, users int DEFAULT 0,
  connections int DEFAULT 0, queues int DEFAULT 0, "useWhatsapp" boolean DEFAULT true, "useFacebook" boolean DEFAULT true, "useInstagram" boolean DEFAULT true,
  "useCampaigns" boolean DEFAULT true, "useSchedules" boolean DEFAULT true, "useInternalChat" boolean DEFAULT true, "useExternalApi" boolean DEFAULT true, ${ts},
  "linkInvoice" text DEFAULT '');
CREATE TABLE "QueueIntegrations" (id serial PRIMARY KEY, type varchar NOT NULL, name varchar NOT NULL, "projectName" varchar NOT NULL, "jsonContent" text NOT NULL,
  language varchar NOT NULL, ${ts}, "urlN8N" varchar NOT NULL DEFAULT true, "companyId" int, "typebotSlug" varchar NOT NULL DEFAULT '', "typebotExpires" int NOT NULL DEFAULT 0,
  "typebotKeywordFinish" varchar NOT NULL DEFAULT '', "typebotUnknownMessage" varchar NOT NULL DEFAULT '', "typebotDelayMessage" int NOT NULL DEFAULT 1000,
  "typebotKeywordRestart" varchar DEFAULT '', "typebotRestartMessage" varchar DEFAULT '');
CREATE TABLE "ContactLists" (id serial PRIMARY KEY, name varchar NOT NULL, "companyId" int, ${ts});
CREATE TABLE "ContactListItems" (id serial PRIMARY KEY, name varchar NOT NULL, number varchar NOT NULL, email varchar, "contactListId" int NOT NULL,
  "isWhatsappValid" boolean DEFAULT false, "companyId" int, ${ts}, "isGroup" boolean DEFAULT false);
CREATE TABLE "Campaigns" (id serial PRIMARY KEY, name varchar NOT NULL, message1 text DEFAULT '', message2 text DEFAULT '', message3 text DEFAULT '', message4 text DEFAULT '',
  message5 text DEFAULT '', "confirmationMessage1" text DEFAULT '', "confirmationMessage2" text DEFAULT '', "confirmationMessage3" text DEFAULT '',
  "confirmationMessage4" text DEFAULT '', "confirmationMessage5" text DEFAULT '', status varchar, confirmation boolean DEFAULT false, "mediaPath" text, "mediaName" text,
  "companyId" int NOT NULL, "contactListId" int, "whatsappId" int, "scheduledAt" timestamptz, "completedAt" timestamptz, ${ts}, "userId" int,
  "statusTicket" varchar DEFAULT 'closed', "queueId" int, "openTicket" varchar DEFAULT 'disabled');
CREATE TABLE "CampaignSettings" (id serial PRIMARY KEY, key varchar NOT NULL, value text, "companyId" int, ${ts});
CREATE TABLE "CampaignShipping" (id serial PRIMARY KEY, "jobId" varchar, number varchar NOT NULL, message text NOT NULL, "confirmationMessage" text, confirmation boolean,
  "contactId" int, "campaignId" int NOT NULL, "confirmationRequestedAt" timestamptz, "confirmedAt" timestamptz, "deliveredAt" timestamptz, ${ts});
CREATE TABLE "FlowBuilders" (id serial PRIMARY KEY, user_id int NOT NULL, name varchar NOT NULL, active boolean DEFAULT true, flow json, ${ts}, company_id int NOT NULL DEFAULT 0,
  variables json);
CREATE TABLE "FlowDefaults" (id serial PRIMARY KEY, "companyId" int NOT NULL, "userId" int NOT NULL, "flowIdWelcome" int, "flowIdNotPhrase" int, ${ts});
CREATE TABLE "FlowCampaigns" (id serial PRIMARY KEY, "companyId" int NOT NULL, "userId" int NOT NULL, name varchar NOT NULL, "flowId" int NOT NULL, phrase varchar NOT NULL,
  status boolean NOT NULL DEFAULT true, ${ts}, "whatsappId" int);
CREATE TABLE "Prompts" (id serial PRIMARY KEY, name text NOT NULL, "apiKey" text NOT NULL, prompt text NOT NULL, "maxTokens" int NOT NULL DEFAULT 100,
  "maxMessages" int NOT NULL DEFAULT 10, temperature int NOT NULL DEFAULT 1, "promptTokens" int NOT NULL DEFAULT 0, "completionTokens" int NOT NULL DEFAULT 0,
  "totalTokens" int NOT NULL DEFAULT 0, voice text, "voiceKey" text, "voiceRegion" text, "queueId" int NOT NULL, "companyId" int NOT NULL, ${ts});
CREATE TABLE "Files" (id serial PRIMARY KEY, "companyId" int NOT NULL, name varchar NOT NULL, message text NOT NULL, ${ts});
CREATE TABLE "FilesOptions" (id serial PRIMARY KEY, name varchar NOT NULL, path varchar NOT NULL, "fileId" int NOT NULL, ${ts}, "mediaType" varchar DEFAULT '');
CREATE TABLE "SequelizeMeta" (name varchar NOT NULL PRIMARY KEY);
CREATE TABLE "Versions" (id serial PRIMARY KEY, "versionFrontend" text NOT NULL, "versionBackend" text NOT NULL, ${ts});
`;
