/** The mark's Content-ID: the transport attaches the image inline to every message that shows it. */
export const MAIL_MARK_CID = "apiary-mark@apiary";
