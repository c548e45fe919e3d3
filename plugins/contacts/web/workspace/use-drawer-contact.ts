import type { TicketDrawerSectionProps } from "../../../tickets/web/public.ts";
import { useGetContactQuery } from "../contacts-api.ts";

/**
 * The drawer's contact: the full record (GET /contacts/{id}, fetched once the drawer opens and
 * shared by every section through the query cache) over what the ticket already carries.
 */
export function useDrawerContact({ ticket, isOpen }: TicketDrawerSectionProps) {
  const { currentData: full } = useGetContactQuery(ticket.contactId, { skip: !isOpen });
  const base = ticket.contact;
  return {
    full,
    name: full?.name ?? base.name,
    number: full?.number ?? base.number,
    email: full?.email ?? base.email,
    urlPicture: full?.urlPicture ?? base.urlPicture,
    active: full?.active ?? base.active,
    acceptAudioMessage: full?.acceptAudioMessage ?? base.acceptAudioMessage,
    isGroup: full?.isGroup ?? base.isGroup,
    tags: full?.tags ?? [],
    extraInfo: full?.extraInfo ?? [],
  };
}
