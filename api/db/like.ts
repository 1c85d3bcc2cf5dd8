/** `%` and `_` typed by the user are searched for as they are. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
