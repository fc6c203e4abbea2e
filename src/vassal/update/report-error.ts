/** How the reading of a folder's changes reports a refusal: its code, message, hint and the file it is in. */
export type ReportError = (code: string, message: string, hint?: string, at?: string) => void;
