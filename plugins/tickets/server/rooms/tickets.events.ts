/** The room of one ticket's open chat window (spec 000 §7: join a room by ticket uuid). */
export const ticketRoom = (uuid: string) => `ticket-${uuid}`;
