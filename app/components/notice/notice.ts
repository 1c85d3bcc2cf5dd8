export type NoticeType = "success" | "error";

/** A message an action leaves for the next page (SPEC §4: notice). */
export type Notice = { id: string; type: NoticeType; message: string };

/** How long a notice stays when JavaScript can hide it (SPEC §9). */
export const NOTICE_TIMEOUT_MS = 5000;
