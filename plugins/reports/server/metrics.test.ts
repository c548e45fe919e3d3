import { describe, expect, it } from "vitest";
import { attendantRows, dashboardCounters, type TicketFacts } from "./dashboard-figures.ts";
import { durationStats, firstResponseSeconds, firstResponseSince, nps, npsClass, queueEnteredAt, supportSeconds, waitSeconds } from "./metrics.ts";

/* Every definition of metrics.ts and dashboard-figures.ts pinned with values computed by hand. */

const at = (hhmm: string) => `2030-01-10T${hhmm}:00.000Z`;

describe("durations", () => {
  it("wait = first accepted − created, when no bot talked", () => {
    expect(waitSeconds(at("10:00"), at("10:07"), [])).toBe(420);
    expect(waitSeconds(at("10:00"), null, [])).toBeNull();
  });

  it("wait excludes the bot's time: it starts at the bot's hand-over to the queue", () => {
    const logs = [
      { type: "chatBot", createdAt: at("10:00") },
      { type: "queue", createdAt: at("10:04") },
    ];
    // Bot 10:00–10:04, waiting 10:04–10:10: 6 minutes, not 10.
    expect(queueEnteredAt(at("10:00"), at("10:10"), logs)).toBe(at("10:04"));
    expect(waitSeconds(at("10:00"), at("10:10"), logs)).toBe(360);
    // A flow's hand-over and hand-back: the wait starts at the hand-back.
    expect(
      waitSeconds(at("09:00"), at("09:30"), [
        { type: "handBack", createdAt: at("09:20") },
        { type: "handOver", createdAt: at("09:01") },
      ]),
    ).toBe(600);
    // The bot gave it straight to an attendant: it never waited.
    expect(waitSeconds(at("10:00"), at("10:03"), [{ type: "chatBot", createdAt: at("10:00") }])).toBe(0);
    // Logs after the acceptance do not move the entry (a later transfer).
    expect(waitSeconds(at("10:00"), at("10:05"), [{ type: "queue", createdAt: at("10:30") }])).toBe(300);
  });

  it("support = closed − first accepted", () => {
    expect(supportSeconds(at("10:05"), at("10:35"))).toBe(1800);
    expect(supportSeconds(at("10:05"), null)).toBeNull();
    expect(supportSeconds(null, at("10:35"))).toBeNull();
  });

  it("first response = first human reply − the customer's first message after the hand-over", () => {
    const msgs = [
      { fromMe: false, userId: null, createdAt: at("10:00") }, // to the bot: before the hand-over
      { fromMe: true, userId: null, createdAt: at("10:01") }, // the bot's menu
      { fromMe: false, userId: null, createdAt: at("10:05") }, // first message in the queue
      { fromMe: true, userId: null, createdAt: at("10:06") }, // an automatic text: not human
      { fromMe: true, userId: 7, createdAt: at("10:09") },
    ];
    expect(firstResponseSeconds(at("10:04"), msgs)).toBe(240);
    expect(firstResponseSeconds(at("10:10"), msgs)).toBeNull();
    // Counted from the queue entry; the acceptance when the bot gave it straight to an attendant; never before acceptance.
    expect(
      firstResponseSince(at("10:00"), at("10:08"), [
        { type: "chatBot", createdAt: at("10:00") },
        { type: "queue", createdAt: at("10:04") },
      ]),
    ).toBe(at("10:04"));
    expect(firstResponseSince(at("10:00"), at("10:08"), [])).toBe(at("10:00"));
    expect(firstResponseSince(at("10:00"), at("10:08"), [{ type: "chatBot", createdAt: at("10:00") }])).toBe(at("10:08"));
    expect(firstResponseSince(at("10:00"), null, [])).toBeNull();
  });

  it("mean, median and p90 (nearest rank), in minutes", () => {
    // 1..10 minutes: mean 5.5, median (5+6)/2 = 5.5, p90 = 9th smallest = 9.
    expect(durationStats([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((m) => m * 60))).toEqual({ count: 10, avg: 5.5, median: 5.5, p90: 9 });
    // 60 s, 120 s, 600 s: mean 260 s = 4.33 min, median 2, p90 = 3rd = 10.
    expect(durationStats([600, 60, 120])).toEqual({ count: 3, avg: 4.33, median: 2, p90: 10 });
    expect(durationStats([])).toEqual({ count: 0, avg: 0, median: 0, p90: 0 });
  });
});

describe("NPS on the 0–10 answer", () => {
  it("promoters 9–10, passive 7–8, detractors 0–6 (a 3 is a detractor everywhere)", () => {
    expect([0, 3, 6, 7, 8, 9, 10].map(npsClass)).toEqual(["detractor", "detractor", "detractor", "passive", "passive", "promoter", "promoter"]);
  });

  it("score = %promoters − %detractors", () => {
    // 10, 9, 9 promoters; 8 passive; 3, 0 detractors: 50% − 33.33% = 16.67.
    expect(nps([10, 9, 9, 8, 3, 0])).toEqual({ npsScore: 16.67, npsPromotersPerc: 50, npsPassivePerc: 16.67, npsDetractorsPerc: 33.33 });
    expect(nps([])).toEqual({ npsScore: 0, npsPromotersPerc: 0, npsPassivePerc: 0, npsDetractorsPerc: 0 });
  });
});

describe("dashboard counters and attendant rows", () => {
  const base = { contactId: 1, isGroup: false, acceptedAt: null, closedAt: null, userRating: null, openedByCompany: false, logs: [], messages: [] };
  const tickets: TicketFacts[] = [
    // Ana: waited 5, supported 30, rated 10.
    { ...base, id: 1, status: "closed", userId: 1, createdAt: at("10:00"), acceptedAt: at("10:05"), closedAt: at("10:35"), userRating: 10 },
    // Ana: bot 10:00–10:02, waited 10:02–10:12 (10), supported 60, rated 6.
    {
      ...base,
      id: 2,
      contactId: 2,
      status: "closed",
      userId: 1,
      createdAt: at("10:00"),
      acceptedAt: at("10:12"),
      closedAt: at("11:12"),
      userRating: 6,
      logs: [
        { type: "chatBot", createdAt: at("10:00") },
        { type: "queue", createdAt: at("10:02") },
      ],
    },
    // Bruno: opened by him (waited 0), rating asked (nps), supported 20.
    { ...base, id: 3, contactId: 2, status: "nps", userId: 2, openedByCompany: true, createdAt: at("11:00"), acceptedAt: at("11:00"), closedAt: at("11:20") },
    // Bruno: open, waited 15.
    { ...base, id: 4, contactId: 3, status: "open", userId: 2, createdAt: at("12:00"), acceptedAt: at("12:15") },
    { ...base, id: 5, contactId: 4, status: "pending", userId: null, createdAt: at("13:00") },
    { ...base, id: 6, contactId: 5, status: "group", isGroup: true, userId: 2, createdAt: at("13:00"), acceptedAt: at("13:01") },
    // Closed unrated by Bruno: waited 2, supported 8.
    { ...base, id: 7, contactId: 1, status: "closed", userId: 2, createdAt: at("14:00"), acceptedAt: at("14:02"), closedAt: at("14:10") },
  ];

  it("counts every counter of the spec by hand", () => {
    const c = dashboardCounters(tickets);
    // Waits: 5, 10, 0, 15, 1, 2 → mean 33/6 = 5.5, median (2+5)/2 = 3.5, p90 = 6th = 15.
    expect(c.waitTime).toEqual({ count: 6, avg: 5.5, median: 3.5, p90: 15 });
    // Supports: 30, 60, 20, 8 → mean 29.5, median 25, p90 = 4th = 60.
    expect(c.supportTime).toEqual({ count: 4, avg: 29.5, median: 25, p90: 60 });
    expect(c).toMatchObject({
      supportHappening: 1,
      supportPending: 1,
      supportFinished: 4,
      supportGroups: 1,
      leads: 5,
      avgSupportTime: 29.5,
      avgWaitTime: 5.5,
      activeTickets: 1,
      passiveTickets: 6,
      tickets: 7,
      withRating: 2,
      waitRating: 1,
      withoutRating: 1,
      // 2 rated of 4 resolved (1, 2, 7 closed; 3 nps).
      percRating: 50,
      // 10 promoter, 6 detractor: 50 − 50 = 0.
      npsScore: 0,
      npsPromotersPerc: 50,
      npsDetractorsPerc: 50,
      npsPassivePerc: 0,
    });
  });

  it("one row per attendant, idle ones included", () => {
    const rows = attendantRows(
      [
        { id: 1, name: "Ana", online: true },
        { id: 2, name: "Bruno", online: false },
        { id: 3, name: "Caio", online: false },
      ],
      tickets,
    );
    expect(rows.map(({ supportTime, waitTime, firstResponseTime, ...r }) => r)).toEqual([
      // Ana: ratings 10 and 6 → 8; waits 5, 10 → 7.5; supports 30, 60 → 45.
      { id: 1, name: "Ana", rating: 8, countRating: 2, tickets: 2, avgWaitTime: 7.5, avgSupportTime: 45, online: true },
      // Bruno: waits 0, 15, 1, 2 → 4.5; supports 20, 8 → 14.
      { id: 2, name: "Bruno", rating: 0, countRating: 0, tickets: 4, avgWaitTime: 4.5, avgSupportTime: 14, online: false },
      { id: 3, name: "Caio", rating: 0, countRating: 0, tickets: 0, avgWaitTime: 0, avgSupportTime: 0, online: false },
    ]);
  });
});
